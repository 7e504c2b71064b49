/**
 * Also run on PostgreSQL (decision 056): readiness while a migration is missing, a database out of reach.
 * @module-tag database-engine
 */
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateDown, migrateToLatest } from './db/migrate.js';
import { buildTestApp, logCapture } from '../test/app.js';
import { createTestDatabase } from '../test/database.js';

describe('the HTTP server', () => {
  let app: FastifyInstance;

  beforeAll(async () => {
    app = await buildTestApp();
    // A route that fails the way real code does: a database error with internals in its message.
    app.get('/test/database-error', () => sql`select * from table_that_does_not_exist`.execute(app.db));
    app.post('/test/echo', (request) => request.body);
    await app.ready();
  });
  afterAll(() => app.close());

  it('reports liveness', async () => {
    const response = await app.inject('/healthz');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok' });
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('gives every response a request id, keeping a well-formed one from the caller', async () => {
    const generated = await app.inject('/healthz');
    expect(generated.headers['x-request-id'], JSON.stringify(generated.headers)).toMatch(/^[0-9a-f-]{36}$/);
    const kept = await app.inject({ url: '/healthz', headers: { 'x-request-id': 'proxy-id-12345' } });
    expect(kept.headers['x-request-id'], JSON.stringify(kept.headers)).toBe('proxy-id-12345');
    const replaced = await app.inject({ url: '/healthz', headers: { 'x-request-id': 'bad id\n<script>' } });
    // A fresh id replaces the malformed one. (Not "does not contain 'bad'": b, a and d are hex digits, so a random
    // UUID sometimes does.)
    expect(String(replaced.headers['x-request-id']), JSON.stringify(replaced.headers)).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/,
    );
  });

  it('never sends a database message or stack trace to the client', async () => {
    const response = await app.inject('/test/database-error');
    expect(response.statusCode).toBe(500);
    const body = response.json<Record<string, unknown>>();
    expect(body).toEqual({
      error: 'Internal Server Error',
      message: 'Something went wrong',
      requestId: response.headers['x-request-id'],
    });
    expect(response.body).not.toMatch(/table_that_does_not_exist|relation|at .*\.ts/);
  });

  it('answers a browser with a page in plain words and the reference to quote, never the error', async () => {
    const response = await app.inject({ url: '/test/database-error', headers: { accept: 'text/html' } });
    expect(response.statusCode).toBe(500);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.body).toContain('<h1>Something went wrong</h1>');
    expect(response.body).toContain(`quote reference ${String(response.headers['x-request-id'])}`);
    expect(response.body).toContain('<a href="/">Go to the website</a>');
    expect(response.body).not.toMatch(/table_that_does_not_exist|relation|at .*\.ts/);
  });

  it('keeps Fastify’s own client errors readable', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/test/echo',
      headers: { 'content-type': 'application/json' },
      payload: '{not json',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json<unknown>()).toMatchObject({
      error: 'Bad Request',
      message: expect.stringContaining('JSON') as unknown,
    });
    expect(response.body).not.toContain('at ');
  });

  it('answers unknown API paths with JSON, not the site', async () => {
    const response = await app.inject('/api/no-such-thing');
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ error: 'Not Found' });
  });

  it('serves the site layout over tRPC from the seeded database', async () => {
    const input = encodeURIComponent(JSON.stringify({ countryId: 1 }));
    const response = await app.inject(`/api/trpc/site.layout?input=${input}`);
    expect(response.statusCode).toBe(200);
    const { result } = response.json<{ result: { data: { country: { id: number; name: string } } } }>();
    expect(result.data.country).toMatchObject({ id: 1, name: 'Global' });
    const sites = await app.inject('/api/trpc/site.countries');
    const { result: countries } = sites.json<{ result: { data: { name: string }[] } }>();
    expect(countries.data.map((c) => c.name)).toEqual(['Global', 'Nepal', 'Canada', 'Australia']);
  });

  it('rejects invalid tRPC input with a 400 and no internals', async () => {
    const input = encodeURIComponent(JSON.stringify({ countryId: 'one' }));
    const response = await app.inject(`/api/trpc/site.layout?input=${input}`);
    expect(response.statusCode).toBe(400);
    expect(response.body).not.toContain('stack');
  });
});

describe('logging and shutdown', () => {
  it('puts the request id on every log line of a request', async () => {
    const { lines, logger } = logCapture();
    const app = await buildTestApp({ logger });
    app.get('/test/logs', (request) => {
      request.log.info('inside the handler');
      return { ok: true };
    });
    const response = await app.inject('/test/logs');
    await app.close();
    const requestLines = lines.filter((line) => 'req' in line || 'res' in line || line.msg === 'inside the handler');
    // The handler's line and one line for the answered request (method, path, status, time), not one on arrival too.
    expect(requestLines).toHaveLength(2);
    expect(requestLines[1]).toMatchObject({
      msg: 'request completed',
      req: { method: 'GET', url: '/test/logs' },
      res: { statusCode: 200 },
    });
    expect(requestLines.every((line) => line.reqId === response.headers['x-request-id'])).toBe(true);
  });

  it('finishes in-flight requests before closing', async () => {
    const app = await buildTestApp();
    let release!: () => void;
    const started = new Promise<void>((resolve) => {
      app.get('/test/slow', async () => {
        resolve();
        await new Promise<void>((done) => (release = done));
        return { finished: true };
      });
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    const inFlight = fetch(`http://127.0.0.1:${port}/test/slow`);
    await started;
    const closed = app.close();
    release();
    const response = await inFlight;
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ finished: true });
    await closed;
    // Closed: new connections are refused.
    await expect(fetch(`http://127.0.0.1:${port}/healthz`)).rejects.toThrow();
  });
});

describe('the visitor’s address', () => {
  it.each([
    [[], '127.0.0.1'],
    [['10.0.0.0/8'], '127.0.0.1'],
    [['127.0.0.1'], '203.0.113.9'],
  ])('with TRUST_PROXY %j, a forwarded-for header from 127.0.0.1 gives %s', async (trustProxy, expected) => {
    const app = await buildTestApp({ config: { trustProxy } });
    app.get('/test/ip', (request) => ({ ip: request.ip }));
    const response = await app.inject({ url: '/test/ip', headers: { 'x-forwarded-for': '203.0.113.9' } });
    expect(response.json()).toEqual({ ip: expected });
    await app.close();
  });
});

describe('readiness', () => {
  it('is ready when the database is migrated, and not while a migration is missing', async () => {
    const database = await createTestDatabase();
    const app = await buildTestApp({ database });
    expect((await app.inject('/readyz')).statusCode).toBe(200);
    await migrateDown(database.db);
    const pending = await app.inject('/readyz');
    expect(pending.statusCode).toBe(503);
    expect(pending.json()).toMatchObject({ reason: 'migrations pending' });
    await migrateToLatest(database.db);
    expect((await app.inject('/readyz')).statusCode).toBe(200);
    await app.close();
  });

  it('answers 503 when the database is unreachable', async () => {
    const database = await createTestDatabase();
    const app = await buildTestApp({ database });
    await database.close();
    const response = await app.inject('/readyz');
    expect(response.statusCode).toBe(503);
    expect(response.json()).toMatchObject({ reason: 'database unreachable' });
    await app.close();
  });
});
