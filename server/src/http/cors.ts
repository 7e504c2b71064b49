import type { FastifyInstance } from 'fastify';

/** The one path other sites' pages may call, and only with POST (decision 019). */
const CORS_PATH = '/api/graphql';

/**
 * Request headers an external caller may send: the body type, its bearer token, and the headers GraphQL CSRF
 * prevention takes as proof of a preflighted request (Mercurius's defaults and Apollo's, which our own upload client
 * sends); uploads are multipart, so they need one.
 */
export const CORS_ALLOWED_HEADERS = [
  'Content-Type',
  'Authorization',
  'Apollo-Require-Preflight',
  'X-Apollo-Operation-Name',
  'X-Mercurius-Operation-Name',
  'Mercurius-Require-Preflight',
].join(', ');

/**
 * Cross-origin access, closed by default: no response carries Access-Control-Allow-Origin unless CORS_ORIGINS lists
 * the caller's origin, and then only on POST /api/graphql (and its preflight). tRPC, the session and sign-in
 * endpoints serve this site's own pages and never answer another origin. Credentials (cookies) are never allowed:
 * external callers authenticate with a bearer token.
 */
export function registerCors(app: FastifyInstance, allowedOrigins: readonly string[]): void {
  if (allowedOrigins.length === 0) return;
  const allowed = new Set(allowedOrigins);

  app.addHook('onRequest', (request, reply, done) => {
    if (request.url.split('?')[0] !== CORS_PATH) return done();
    // The answer differs by Origin: caches must keep one copy per origin.
    reply.header('Vary', 'Origin');
    const origin = request.headers.origin;
    if (origin === undefined || !allowed.has(origin)) return done();

    const preflight = request.method === 'OPTIONS' && request.headers['access-control-request-method'] !== undefined;
    if (preflight) {
      // Answered here: no route serves OPTIONS, and a preflight carries no credentials to check.
      void reply
        .code(204)
        .header('Access-Control-Allow-Origin', origin)
        .header('Access-Control-Allow-Methods', 'POST')
        .header('Access-Control-Allow-Headers', CORS_ALLOWED_HEADERS)
        .header('Access-Control-Max-Age', '600')
        .send();
      return;
    }
    if (request.method === 'POST') {
      reply
        .header('Access-Control-Allow-Origin', origin)
        // Callers may read the request id (to quote it) and when to retry after a 429.
        .header('Access-Control-Expose-Headers', 'X-Request-Id, Retry-After');
    }
    done();
  });
}
