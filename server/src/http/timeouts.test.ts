import { connect, type Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { DEFAULT_HTTP_SETTINGS, type HttpSettings } from '../config.js';
import { buildTestApp, testConfig } from '../../test/app.js';
import { createTestDatabase } from '../../test/database.js';
import { staffToken } from '../../test/graphql.js';
import { graphqlMultipartBody } from '../../test/multipart.js';
import { standInSite } from '../../test/stand-in-site.js';
import { OVERLOAD_MESSAGE, OVERLOAD_RETRY_AFTER_SECONDS } from './load-shedding.js';

/** Small deadlines, so a test waits a second, not half a minute; the rules are the production ones. */
const FAST: HttpSettings = { ...DEFAULT_HTTP_SETTINGS, requestTimeoutMs: 600, uploadTimeoutMs: 4_000 };

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface RawExchange {
  /** Everything the server wrote before the connection closed. */
  answer: string;
  /** Milliseconds from connecting until the first byte of an answer (undefined: none came). */
  answeredAfter: number | undefined;
  /** Milliseconds from connecting until the server closed the connection. */
  closedAfter: number;
  /** How many bytes of the body the client had sent by then. */
  sent: number;
}

/**
 * Opens a TCP connection, writes `head` at once, then `body` one chunk every `everyMs` until the server closes the
 * connection (or `giveUpMs` passes, when the test fails: the server never closed it). By default a chunk every 50 ms,
 * and the server must have closed by the upload deadline, the longest any request may take.
 */
function dribble(
  address: string,
  head: string | Buffer,
  body: readonly Buffer[],
  { everyMs = 50, giveUpMs = FAST.uploadTimeoutMs }: { everyMs?: number; giveUpMs?: number } = {},
): Promise<RawExchange> {
  const { hostname, port } = new URL(address);
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const socket: Socket = connect({ host: hostname, port: Number(port) });
    const received: Buffer[] = [];
    let sent = 0;
    let next = 0;
    let timer: NodeJS.Timeout | undefined;
    const giveUp = setTimeout(() => {
      socket.destroy();
      reject(new Error(`the server kept the connection open for ${giveUpMs} ms`));
    }, giveUpMs);
    let answeredAfter: number | undefined;
    socket.on('data', (chunk) => {
      answeredAfter ??= Date.now() - started;
      received.push(chunk);
    });
    socket.on('error', () => undefined); // a reset after the answer is the server closing; judged by `close`
    socket.on('close', () => {
      clearTimeout(giveUp);
      clearInterval(timer);
      const answer = Buffer.concat(received).toString('latin1');
      resolve({ answer, answeredAfter, closedAfter: Date.now() - started, sent });
    });
    socket.on('connect', () => {
      socket.write(head);
      timer = setInterval(() => {
        if (next >= body.length || socket.destroyed) return;
        const chunk = body[next++]!;
        socket.write(chunk);
        sent += chunk.length;
      }, everyMs);
    });
  });
}

/** A body of `size` bytes cut into `pieces` chunks. */
function pieces(body: Buffer, count: number): Buffer[] {
  const size = Math.ceil(body.length / count);
  return Array.from({ length: Math.ceil(body.length / size) }, (_, index) =>
    body.subarray(index * size, (index + 1) * size),
  );
}

/** `size` spaces, sent a byte at a time. */
const spacesOneByOne = (size: number) => pieces(Buffer.alloc(size, 0x20), size);

const statusOf = (answer: string) => Number(/^HTTP\/1\.1 (\d{3})/.exec(answer)?.[1]);

describe('slow clients', () => {
  let app: FastifyInstance;
  let address: string;
  let admin: string;

  beforeAll(async () => {
    app = await buildTestApp({ config: { http: FAST } });
    admin = await staffToken(app, 'ADMIN');
    address = await app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(() => app.close());

  it('answers a body dribbled a byte at a time with 408 and closes, within the request deadline', async () => {
    // Announces 1000 bytes, sends one every 50 ms: it would take 50 s.
    const head =
      'POST /api/graphql HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{';
    const exchange = await dribble(address, head, spacesOneByOne(999));
    expect(statusOf(exchange.answer)).toBe(408);
    expect(exchange.answer).toMatch(/connection: close/i);
    expect(exchange.answer).toContain('"error":"Request Timeout"');
    // The short deadline applied (not the upload ceiling), and not before it was due.
    expect(exchange.closedAfter).toBeGreaterThanOrEqual(FAST.requestTimeoutMs - 20);
    expect(exchange.closedAfter).toBeLessThan(FAST.uploadTimeoutMs);
    expect(exchange.sent).toBeLessThan(999);
  });

  it('also closes a slow body after an early answer, which leaves the body unread', async () => {
    // A type no parser takes is refused before the body is read; Node would then read the rest as it comes.
    const head =
      'POST /api/trpc/x HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/x-unknown\r\nContent-Length: 1000\r\n\r\n';
    const exchange = await dribble(address, head, spacesOneByOne(1000));
    expect(statusOf(exchange.answer)).toBe(415);
    expect(exchange.answeredAfter).toBeLessThan(FAST.requestTimeoutMs);
    expect(exchange.closedAfter).toBeLessThan(FAST.uploadTimeoutMs);
  });

  it('answers headers dribbled a line at a time with 408 and closes, within the request deadline', async () => {
    const lines = Array.from({ length: 200 }, (_, index) => Buffer.from(`X-Slow-${index}: a\r\n`));
    const exchange = await dribble(address, 'GET /healthz HTTP/1.1\r\nHost: localhost\r\n', lines);
    expect(statusOf(exchange.answer)).toBe(408);
    expect(exchange.closedAfter).toBeLessThan(FAST.uploadTimeoutMs);
  });

  it('closes a connection that sends nothing', async () => {
    const exchange = await dribble(address, '', []);
    expect(exchange.closedAfter).toBeLessThan(FAST.uploadTimeoutMs);
  });

  describe('a staff upload', () => {
    const UPLOAD = `mutation upload($images: [Upload!]!, $category: ImageCategory!) {
      uploadImages(images: $images, category: $category) { id } }`;
    async function uploadRequest() {
      const png = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#80a0c0' } })
        .png()
        .toBuffer();
      const { body, contentType } = graphqlMultipartBody(UPLOAD, { images: [null], category: 'GALLERY_IMAGES' }, [
        { path: 'variables.images.0', filename: 'slow.png', contentType: 'image/png', bytes: png },
      ]);
      const head =
        `POST /api/graphql HTTP/1.1\r\nHost: localhost\r\nContent-Type: ${contentType}\r\n` +
        `Content-Length: ${body.length}\r\nAuthorization: Bearer ${admin}\r\nX-Apollo-Operation-Name: upload\r\n` +
        'Connection: close\r\n\r\n';
      return { head, body };
    }

    it('may take longer than an ordinary request, up to the upload deadline', async () => {
      const { head, body } = await uploadRequest();
      // Twice the ordinary deadline, well within the upload one.
      const exchange = await dribble(address, head, pieces(body, 12), {
        everyMs: (2 * FAST.requestTimeoutMs) / 12,
        giveUpMs: 2 * FAST.uploadTimeoutMs,
      });
      expect(statusOf(exchange.answer)).toBe(200);
      expect(exchange.answer).toContain('"uploadImages":[{"id":');
      expect(exchange.closedAfter).toBeGreaterThan(FAST.requestTimeoutMs);
    });

    it('is answered 408 and closed once the upload deadline passes', async () => {
      const { head, body } = await uploadRequest();
      const exchange = await dribble(address, head, pieces(body, body.length), {
        giveUpMs: 3 * FAST.uploadTimeoutMs,
      });
      expect(statusOf(exchange.answer)).toBe(408);
      expect(exchange.closedAfter).toBeGreaterThanOrEqual(FAST.uploadTimeoutMs - 20);
      expect(exchange.sent).toBeLessThan(body.length);
    });
  });
});

describe('an overloaded event loop', () => {
  let app: FastifyInstance;
  let blocking = false;

  /** Keeps the event loop busy in 250 ms stretches, with a moment between them for timers and requests. */
  function blockTheLoop() {
    blocking = true;
    const stretch = () => {
      if (!blocking) return;
      const until = Date.now() + 250;
      while (Date.now() < until) {
        // busy: this is the overload
      }
      setTimeout(stretch, 1);
    };
    setTimeout(stretch, 1);
  }

  beforeAll(async () => {
    app = await buildTestApp({ config: { http: { ...FAST, maxEventLoopDelayMs: 100 } } });
    await app.ready();
  });
  afterEach(() => {
    blocking = false;
  });
  afterAll(() => app.close());

  it('answers new requests 503 with Retry-After at once, like the other 503s, but never its liveness or the build’s files, and serves again afterwards', async () => {
    expect((await app.inject('/api/my/nowhere')).statusCode).toBe(404);
    blockTheLoop();
    // under-pressure measures the loop's delay every second.
    const deadline = Date.now() + 5_000;
    while (app.memoryUsage().eventLoopDelay <= 100 && Date.now() < deadline) await sleep(20);
    expect(app.memoryUsage().eventLoopDelay).toBeGreaterThan(100);

    const api = await app.inject('/api/my/nowhere');
    expect(api.statusCode).toBe(503);
    expect(api.headers['retry-after']).toBe(String(OVERLOAD_RETRY_AFTER_SECONDS));
    expect(api.json()).toEqual({
      error: 'Service Unavailable',
      message: OVERLOAD_MESSAGE,
      requestId: api.headers['x-request-id'],
    });

    const graphql = await app.inject({
      method: 'POST',
      url: '/api/graphql',
      headers: { 'content-type': 'application/json' },
      payload: { query: '{ __typename }' },
    });
    expect(graphql.statusCode).toBe(503);
    expect(graphql.headers['retry-after']).toBe(String(OVERLOAD_RETRY_AFTER_SECONDS));
    expect(graphql.json()).toEqual({
      data: null,
      errors: [{ message: OVERLOAD_MESSAGE, extensions: { code: 'SERVICE_UNAVAILABLE' } }],
    });

    const page = await app.inject({ url: '/about-us', headers: { accept: 'text/html' } });
    expect(page.statusCode).toBe(503);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.headers['content-security-policy']).toBeDefined();
    expect(page.body).toContain(OVERLOAD_MESSAGE);

    // Liveness is not load: an orchestrator must not restart a busy instance. Readiness says not ready.
    expect((await app.inject('/healthz')).statusCode).toBe(200);
    // A page already served gets its scripts (this app has no build: not found, but not refused).
    expect((await app.inject('/assets/entry-client-0000.js')).statusCode).toBe(404);
    expect((await app.inject('/readyz')).statusCode).toBe(503);

    blocking = false;
    let after = 503;
    const recovery = Date.now() + 5_000;
    while (after === 503 && Date.now() < recovery) {
      await sleep(100);
      after = (await app.inject('/api/my/nowhere')).statusCode;
    }
    expect(after).toBe(404);
  });
});

describe('a visitor who left', () => {
  let app: FastifyInstance;
  let address: string;
  const renders = () => (globalThis as { standInRenders?: number }).standInRenders ?? 0;
  const held: { sawClose?: boolean; status?: number } = {};

  beforeAll(async () => {
    // The site with a stand-in renderer that counts its renders (the real one needs a client build).
    const distDir = standInSite(
      `export async function render() {
        globalThis.standInRenders = (globalThis.standInRenders ?? 0) + 1;
        return { kind: 'page', status: 200, lang: 'en', head: '', body: '<p>rendered</p>', state: '' };
      }`,
    );
    app = await buildApp(testConfig({ distDir, http: FAST }), { database: await createTestDatabase() });
    // Holds a marked request until its client has closed the connection, as a slow start under load would, and
    // notes how it was answered.
    app.addHook('onRequest', async (request) => {
      if (request.headers['x-test-hold'] === undefined) return;
      const socket = request.raw.socket;
      const deadline = Date.now() + 5_000;
      while (!socket.destroyed && socket.writable && Date.now() < deadline) await sleep(10);
      held.sawClose = socket.destroyed || !socket.writable;
    });
    app.addHook('onSend', async (request, reply) => {
      if (request.headers['x-test-hold'] !== undefined) held.status = reply.statusCode;
    });
    address = await app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(() => app.close());

  it('gets no server-side render', async () => {
    const page = await app.inject({ url: '/about-us', headers: { accept: 'text/html' } });
    expect(page.body).toContain('<p>rendered</p>');
    const before = renders();
    expect(before).toBeGreaterThan(0);

    const { hostname, port } = new URL(address);
    const socket = connect({ host: hostname, port: Number(port) });
    socket.on('error', () => undefined);
    await new Promise((resolve) => socket.once('connect', resolve));
    // Another page than the one just kept: a kept page is sent by the page cache's front door before any other hook.
    socket.end('GET /contact-us HTTP/1.1\r\nHost: localhost\r\nAccept: text/html\r\nX-Test-Hold: 1\r\n\r\n');
    const deadline = Date.now() + 5_000;
    while (held.status === undefined && Date.now() < deadline) await sleep(10);
    socket.destroy();
    expect(held.sawClose).toBe(true);
    // 499, as proxies log a request whose client left; the renderer never ran.
    expect(held.status).toBe(499);
    expect(renders()).toBe(before);
  });
});
