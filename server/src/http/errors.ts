import type { FastifyError, FastifyInstance } from 'fastify';

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
 * One error handler for every HTTP route: 4xx errors raised by Fastify itself (bad JSON, too large, …) keep their
 * message; anything else is logged in full and answered with a generic message and the request id,
 * so no stack trace or database message ever reaches a client.
 */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const status = error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 500;
    if (status >= 500) {
      request.log.error({ err: error }, 'request failed');
      return reply
        .code(500)
        .send({ error: 'Internal Server Error', message: 'Something went wrong', requestId: request.id });
    }
    request.log.info({ err: error }, 'request rejected');
    // Only our HttpErrors and Fastify's own client errors (code FST_*) carry messages written for clients.
    const message = error instanceof HttpError || error.code?.startsWith('FST_') ? error.message : 'Bad request';
    return reply.code(status).send({ error: httpStatusText(status), message, requestId: request.id });
  });
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
  };
  return texts[status] ?? 'Client Error';
}
