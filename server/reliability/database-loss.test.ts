import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, onTestFailed } from 'vitest';
import { openPostgres } from '../src/db/database.js';
import { captchaToken, CONTACT_US, enquiry, graphql, visitorAddress } from './support/client.js';
import { createDatabase, postgresAddress, type TestDatabase } from './support/postgres.js';
import { startServer, type RunningServer } from './support/server.js';
import { TcpProxy } from './support/tcp-proxy.js';

/**
 * Issue 7: while PostgreSQL is unreachable, requests fail fast with 503 and Retry-After, the process stays up and
 * /readyz says not ready; when the database is back, the site serves again without a restart.
 */
describe('losing the database', () => {
  let database: TestDatabase;
  let proxy: TcpProxy;
  let server: RunningServer;
  const visitor = visitorAddress();

  beforeAll(async () => {
    database = await createDatabase();
    proxy = new TcpProxy(postgresAddress());
    const port = await proxy.start();
    server = await startServer({ DATABASE_URL: database.url(port) });
  });
  afterAll(async () => {
    await server?.stop();
    await proxy?.cut();
    await database?.drop();
  });

  const enquiries = () => database.query<{ message: string }>('select message from contact_us_entries order by id');

  /** A request and how long it took to be answered. */
  async function timed(request: () => Promise<Response>) {
    const started = Date.now();
    const response = await request();
    return { response, ms: Date.now() - started };
  }

  it('serves, then answers 503 with Retry-After at once while the database is gone, then serves again', async () => {
    onTestFailed(() => console.log(server.output().slice(-8000)));
    const before = await graphql(
      server.url,
      CONTACT_US,
      {
        input: { ...enquiry('before'), reCaptcha_token: await captchaToken(server.url, visitor) },
      },
      visitor,
    );
    expect(before.status).toBe(200);

    // Solved while the site was up, sent while the database is down.
    const solvedEarlier = await captchaToken(server.url, visitor);
    await proxy.cut();

    const checks: [string, () => Promise<Response>, RegExp][] = [
      ['readiness', () => fetch(`${server.url}/readyz`), /database unreachable/],
      [
        'a GraphQL read',
        () => graphql(server.url, 'query { getCountries { id name } }', {}, visitor),
        /SERVICE_UNAVAILABLE/,
      ],
      [
        'a tRPC read',
        () => fetch(`${server.url}/api/trpc/country.getAll?input=${encodeURIComponent('{}')}`),
        /SERVICE_UNAVAILABLE/,
      ],
      ['a page', () => fetch(`${server.url}/about-us`, { headers: { accept: 'text/html' } }), /Back in a moment/],
      [
        'an enquiry',
        () =>
          graphql(
            server.url,
            CONTACT_US,
            { input: { ...enquiry('while down'), reCaptcha_token: solvedEarlier } },
            visitor,
          ),
        /SERVICE_UNAVAILABLE/,
      ],
    ];
    for (const [what, request, body] of checks) {
      const { response, ms } = await timed(request);
      expect(response.status, what).toBe(503);
      expect(Number(response.headers.get('retry-after')), what).toBeGreaterThan(0);
      expect(await response.text(), what).toMatch(body);
      // Fails fast: nowhere near a hung request (the pool gives up on a connection after 5 s at most).
      expect(ms, what).toBeLessThan(10_000);
    }
    // Nothing internal leaks: no database message in any answer.
    const answer = await (await graphql(server.url, 'query { getPages { id } }', {}, visitor)).text();
    expect(answer).not.toMatch(/ECONNREFUSED|connect|pg|postgres/i);

    // The process is up and says so.
    expect(server.alive()).toBe(true);
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);

    await proxy.restore();
    const deadline = Date.now() + 30_000;
    while ((await fetch(`${server.url}/readyz`)).status !== 200) {
      expect(Date.now(), 'ready again within 30 s').toBeLessThan(deadline);
      await new Promise((resolve) => setTimeout(resolve, 250));
    }

    // Served again by the same process: reads, pages and a new enquiry.
    expect((await fetch(`${server.url}/about-us`, { headers: { accept: 'text/html' } })).status).toBe(200);
    const after = await graphql(
      server.url,
      CONTACT_US,
      {
        input: { ...enquiry('after'), reCaptcha_token: await captchaToken(server.url, visitor) },
      },
      visitor,
    );
    expect(after.status).toBe(200);
    // The enquiry refused while the database was gone was not half-stored; the others are there.
    expect((await enquiries()).map((row) => row.message)).toEqual([
      enquiry('before').message,
      enquiry('after').message,
    ]);
    expect(server.output()).not.toMatch(/uncaught|unhandled/i);
  });

  it('survives a connection lost while a request holds it between two queries', async () => {
    const second = new TcpProxy(postgresAddress());
    const port = await second.start();
    const lost: Error[] = [];
    const pool = openPostgres(database.url(port), { onConnectionError: (error) => lost.push(error) });
    const db = pool.db;
    try {
      // pg-pool stops listening for a client's errors while it is handed out: without a listener of our own,
      // this would be an unhandled 'error' event, which ends the process (and fails this test run).
      await expect(
        db.connection().execute(async (connection) => {
          await sql`select 1`.execute(connection);
          await second.cut();
          await new Promise((resolve) => setTimeout(resolve, 200));
          await sql`select 1`.execute(connection);
        }),
      ).rejects.toThrow();
      expect(lost.map((error) => error.message)).toContain('Connection terminated unexpectedly');
      await second.restore();
      // The broken connection was dropped; the next query gets a new one.
      expect((await sql<{ one: number }>`select 1 as one`.execute(db)).rows).toEqual([{ one: 1 }]);
    } finally {
      await pool.close();
      await second.cut();
    }
  });
});
