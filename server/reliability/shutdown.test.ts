import { request as httpRequest, type ClientRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it, onTestFailed } from 'vitest';
import { captchaToken, CONTACT_US, enquiry, visitorAddress } from './support/client.js';
import { createDatabase, type TestDatabase } from './support/postgres.js';
import { startServer, type RunningServer } from './support/server.js';

/**
 * Issue 7: on SIGTERM under load, requests in flight complete and their data is stored, new requests are refused,
 * and the process exits cleanly within a bound.
 */
describe('stopping under load', () => {
  let database: TestDatabase;
  let server: RunningServer;
  beforeAll(async () => {
    database = await createDatabase();
    // At debug level, each request's arrival is logged: the test sees its requests reach the server.
    server = await startServer({ DATABASE_URL: database.url(), LOG_LEVEL: 'debug' });
  });
  afterAll(async () => {
    await server?.stop();
    await database?.drop();
  });

  /** A POST whose body is sent in two halves, so the request is in flight for as long as the test wants. */
  function startRequest(body: string, from: string) {
    const { port } = new URL(server.url);
    const bytes = Buffer.from(body);
    let request!: ClientRequest;
    const answered = new Promise<{ status: number; body: string }>((resolve, reject) => {
      request = httpRequest(
        {
          host: '127.0.0.1',
          port,
          path: '/api/graphql',
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            'content-length': bytes.length,
            'x-forwarded-for': from,
            connection: 'close',
          },
        },
        (response) => {
          let text = '';
          response.setEncoding('utf8');
          response.on('data', (chunk: string) => (text += chunk));
          response.on('end', () => resolve({ status: response.statusCode ?? 0, body: text }));
        },
      );
      request.on('error', reject);
    });
    const half = Math.floor(bytes.length / 2);
    request.write(bytes.subarray(0, half));
    return { answered, finish: () => request.end(bytes.subarray(half)) };
  }

  it('finishes and stores every request in flight, refuses new ones and exits with 0', async () => {
    onTestFailed(() => console.log(server.output().slice(-8000)));
    const count = 20;
    const visitors = Array.from({ length: count }, () => visitorAddress());
    const bodies = await Promise.all(
      visitors.map(async (from, index) =>
        JSON.stringify({
          query: CONTACT_US,
          variables: {
            input: { ...enquiry(`in flight ${index}`), reCaptcha_token: await captchaToken(server.url, from) },
          },
        }),
      ),
    );
    const inFlight = bodies.map((body, index) => startRequest(body, visitors[index]!));
    // Every request has reached the server (its headers are read; its body is still coming).
    const deadline = Date.now() + 10_000;
    while ((server.output().match(/"url":"\/api\/graphql"/g) ?? []).length < count) {
      expect(Date.now(), 'all requests reached the server').toBeLessThan(deadline);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }

    const stopping = Date.now();
    server.signal('SIGTERM');
    // New connections are refused once the server stops listening.
    await expect
      .poll(
        () =>
          fetch(`${server.url}/healthz`).then(
            () => 'answered',
            () => 'refused',
          ),
        { timeout: 5_000 },
      )
      .toBe('refused');

    for (const request of inFlight) request.finish();
    const answers = await Promise.all(inFlight.map((request) => request.answered));
    for (const answer of answers) {
      expect(answer.status, answer.body).toBe(200);
      expect(JSON.parse(answer.body)).toMatchObject({ data: { addContactUsFormData: { success: true } } });
    }

    expect(await server.exited).toBe(0);
    // Within the shutdown bound (main.ts gives up after 10 s).
    expect(Date.now() - stopping).toBeLessThan(10_000);
    expect(server.output()).toContain('shutting down');

    const stored = await database.query<{ message: string }>('select message from contact_us_entries');
    expect(stored.map((row) => row.message).sort()).toEqual(
      Array.from({ length: count }, (_, index) => enquiry(`in flight ${index}`).message).sort(),
    );
  });
});
