import type { FastifyInstance } from 'fastify';

/** What a refused address is told. */
export const INVALID_ADDRESS_MESSAGE = 'The address holds an invalid character.';

/**
 * Whether a request's address holds what no page, API or sign-in step takes: a NUL (PostgreSQL text refuses it) or
 * another control character in its path, a NUL in its query (a GraphQL GET document may hold line breaks), or
 * percent-encoding that is not UTF-8.
 */
export function invalidAddress(url: string): boolean {
  // The common case, on every request: Node's HTTP parser lets no control character through unencoded.
  if (!url.includes('%')) return false;
  const at = url.indexOf('?');
  const [path, query] = at === -1 ? [url, ''] : [url.slice(0, at), url.slice(at + 1)];
  try {
    const decodedPath = decodeURIComponent(path);
    const decodedQuery = decodeURIComponent(query.replace(/\+/g, ' '));
    return (
      // eslint-disable-next-line no-control-regex -- control characters are what is looked for
      /[\u0000-\u001f\u007f]/.test(decodedPath) ||
      decodedQuery.includes('\u0000') ||
      !decodedPath.isWellFormed() ||
      !decodedQuery.isWellFormed()
    );
  } catch {
    return true;
  }
}

/**
 * Refuses such an address with 400 before anything reads it (issue 52): both APIs refuse such text in their input
 * (`assertValidText`), and pages and the identity provider now do too, where they answered 500 after a database
 * error. JSON under /api, plain text elsewhere.
 */
export function registerInvalidAddressRefusal(app: FastifyInstance): void {
  app.addHook('onRequest', async (request, reply) => {
    if (!invalidAddress(request.url)) return;
    reply.code(400).header('Cache-Control', 'no-store');
    if (request.url.startsWith('/api/')) {
      return reply.send({ error: 'Bad Request', message: INVALID_ADDRESS_MESSAGE, requestId: request.id });
    }
    return reply.type('text/plain; charset=utf-8').send(`Bad Request: ${INVALID_ADDRESS_MESSAGE}`);
  });
}
