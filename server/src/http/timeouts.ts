import { Socket } from 'node:net';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { HttpSettings } from '../config.js';

/**
 * How long the server waits for clients (decision 023). Node enforces the headers' deadline and the ceiling of every
 * request (answered 408, connection closed); `registerBodyDeadline` holds ordinary bodies to the short deadline, so
 * only a staff upload may take the long one.
 */
export function httpServerTimeouts(settings: HttpSettings) {
  const { requestTimeoutMs, uploadTimeoutMs, keepAliveTimeoutMs } = settings;
  return {
    // The ceiling for any request, headers and body: the upload deadline (Node cannot lengthen it per request).
    requestTimeout: Math.max(requestTimeoutMs, uploadTimeoutMs),
    // A socket silent both ways (a peer gone without closing, a reader that stopped reading) is closed. Longer than
    // anything the server does silently for one request (a batch of large uploads is re-encoded for tens of
    // seconds; the database's own bounds are 5 s + 15 s), which would otherwise lose its answer.
    connectionTimeout: Math.max(CONNECTION_TIMEOUT_MS, requestTimeoutMs),
    keepAliveTimeout: keepAliveTimeoutMs,
    http: {
      // Headers are a few kilobytes: the classic slowloris sends them a byte at a time.
      headersTimeout: requestTimeoutMs,
      // Node checks the two deadlines above only this often (30 s by default, which would double a 30 s bound).
      connectionsCheckingInterval: Math.max(50, Math.min(5_000, Math.floor(requestTimeoutMs / 4))),
    },
  };
}

const CONNECTION_TIMEOUT_MS = 120_000;

/** A staff upload: a multipart POST to the GraphQL endpoint. Its sender is authenticated before the body is read. */
function isUpload(request: FastifyRequest): boolean {
  return (
    request.method === 'POST' &&
    request.url.split('?')[0] === '/api/graphql' &&
    (request.headers['content-type'] ?? '').toLowerCase().startsWith('multipart/')
  );
}

function hasBody(request: FastifyRequest): boolean {
  const length = request.headers['content-length'];
  return request.headers['transfer-encoding'] !== undefined || (length !== undefined && length !== '0');
}

/**
 * Every body but a staff upload's must arrive within `requestTimeoutMs` of its headers, or the client gets 408 and
 * the connection is closed. Also after an early answer (a 404, a 401): Node would otherwise keep reading the unread
 * rest of the body up to the upload ceiling. Anonymous bodies are at most 1 MB (the body limit): 30 s is 0.3 Mbit/s.
 */
export function registerBodyDeadline(app: FastifyInstance, { requestTimeoutMs }: HttpSettings): void {
  app.addHook('onRequest', (request, reply, done) => {
    const socket = request.raw.socket;
    // `app.inject` has no connection to close (its stand-in socket is no net.Socket).
    if (!(socket instanceof Socket) || !hasBody(request) || request.raw.complete || isUpload(request)) return done();
    const timer = setTimeout(() => {
      if (request.raw.complete || socket.destroyed) return;
      request.log.warn({ url: request.url, timeoutMs: requestTimeoutMs }, 'request body too slow: answered 408');
      // Written on the socket, as Node does for its own timeouts: Fastify is still waiting for the body.
      if (socket.writable && !reply.raw.headersSent) {
        const body = JSON.stringify({
          error: 'Request Timeout',
          message: 'The request took too long to arrive',
          requestId: request.id,
        });
        socket.write(
          'HTTP/1.1 408 Request Timeout\r\nConnection: close\r\nContent-Type: application/json; charset=utf-8\r\n' +
            `Content-Length: ${Buffer.byteLength(body)}\r\nX-Request-Id: ${request.id}\r\n\r\n${body}`,
        );
      }
      socket.destroy();
    }, requestTimeoutMs);
    timer.unref();
    const clear = () => {
      clearTimeout(timer);
      // A kept-alive socket carries many requests: leave no listener behind.
      socket.off('close', clear);
    };
    request.raw.once('end', clear);
    socket.once('close', clear);
    // An early answer leaves the body unread (no `end`): the timer stays unless the body has arrived by then.
    reply.raw.once('finish', () => {
      if (request.raw.complete) clear();
    });
    done();
  });
}
