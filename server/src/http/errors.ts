import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  DATABASE_RETRY_AFTER_SECONDS,
  DATABASE_UNAVAILABLE_MESSAGE,
  isDatabaseUnavailable,
} from '../db/availability.js';
import { messagePage } from '../identity-provider/pages.js';

/** An error whose message is written for the client (and so may be shown); anything else is masked. */
export class HttpError extends Error {
  override name = 'HttpError';
  constructor(
    readonly statusCode: number,
    message: string,
  ) {
    super(message);
  }
}

/**
 * While the database cannot be reached: 503 with `Retry-After`, as a page for a browser asking for one and as JSON
 * otherwise. The process stays up and answers again as soon as the database is back.
 */
export function sendDatabaseUnavailable(request: FastifyRequest, reply: FastifyReply): FastifyReply {
  request.log.warn({ url: request.url }, 'database unreachable: answered 503');
  reply.code(503).header('Retry-After', String(DATABASE_RETRY_AFTER_SECONDS)).header('Cache-Control', 'no-store');
  if (wantsPage(request)) {
    return reply.type('text/html; charset=utf-8').send(messagePage('Back in a moment', DATABASE_UNAVAILABLE_MESSAGE));
  }
  return reply.send({ error: 'Service Unavailable', message: DATABASE_UNAVAILABLE_MESSAGE, requestId: request.id });
}

/**
 * One error handler for every HTTP route: 4xx errors raised by Fastify itself (bad JSON, too large, …) keep their
 * message; a database out of reach is a 503 to retry; anything else is logged in full and answered with a generic
 * message and the request id, so no stack trace or database message ever reaches a client.
 */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (isDatabaseUnavailable(error)) return sendDatabaseUnavailable(request, reply);
    const status = error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 500;
    if (status >= 500) {
      request.log.error({ err: error }, 'request failed');
      reply.code(500).header('Cache-Control', 'no-store');
      if (wantsPage(request)) {
        // A visitor's browser gets a page in the site's words, with the reference the log has the details under.
        const text = `Please try again in a moment. If it keeps happening, quote reference ${request.id} when you contact us.`;
        return reply.type('text/html; charset=utf-8').send(messagePage('Something went wrong', text));
      }
      return reply.send({ error: 'Internal Server Error', message: 'Something went wrong', requestId: request.id });
    }
    request.log.info({ err: error }, 'request rejected');
    // Only our HttpErrors and Fastify's own client errors (code FST_*) carry messages written for clients.
    const message = error instanceof HttpError || error.code?.startsWith('FST_') ? error.message : 'Bad request';
    return reply.code(status).send({ error: httpStatusText(status), message, requestId: request.id });
  });
}

/** A browser asking for a page (not the API, which always answers JSON). */
function wantsPage(request: FastifyRequest): boolean {
  return !request.url.startsWith('/api/') && request.headers.accept?.includes('text/html') === true;
}

function httpStatusText(status: number): string {
  const texts: Record<number, string> = {
    400: 'Bad Request',
    401: 'Unauthorized',
    403: 'Forbidden',
    404: 'Not Found',
    405: 'Method Not Allowed',
    406: 'Not Acceptable',
    413: 'Payload Too Large',
    415: 'Unsupported Media Type',
    429: 'Too Many Requests',
    503: 'Service Unavailable',
  };
  return texts[status] ?? 'Client Error';
}
