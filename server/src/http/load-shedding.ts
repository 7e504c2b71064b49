import underPressure from '@fastify/under-pressure';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { HttpSettings } from '../config.js';
import { messagePage } from '../identity-provider/pages.js';

/** How long an overloaded instance asks callers to wait: pressure is measured every second, a burst drains in a few. */
export const OVERLOAD_RETRY_AFTER_SECONDS = 5;
export const OVERLOAD_MESSAGE = 'The site is busy. Please try again in a few seconds.';

/** At most one log line per this many milliseconds while shedding: logging every refusal would add to the load. */
const LOG_EVERY_MS = 1_000;

/**
 * A 503 like the server's others (the database's, decision 021): a short page for a browser asking for a page,
 * GraphQL's `errors[]` with SERVICE_UNAVAILABLE for /api/graphql, JSON otherwise; `Retry-After` on each.
 */
export function sendOverloaded(request: FastifyRequest, reply: FastifyReply): FastifyReply {
  reply
    .code(503)
    .header('Retry-After', String(OVERLOAD_RETRY_AFTER_SECONDS))
    .header('Cache-Control', 'no-store')
    // The next request on this connection would meet the same queue; let the client (or proxy) choose again.
    .header('Connection', 'close');
  const path = request.url.split('?')[0]!;
  if (path === '/api/graphql') {
    return reply.send({
      data: null,
      errors: [{ message: OVERLOAD_MESSAGE, extensions: { code: 'SERVICE_UNAVAILABLE' } }],
    });
  }
  if (!path.startsWith('/api/') && request.headers.accept?.includes('text/html')) {
    return reply.type('text/html; charset=utf-8').send(messagePage('Back in a moment', OVERLOAD_MESSAGE));
  }
  return reply.send({ error: 'Service Unavailable', message: OVERLOAD_MESSAGE, requestId: request.id });
}

/** The build's fingerprinted files (scripts, styles, fonts), served from disk as they are. */
const BUILD_FILES = '/assets/';

/**
 * Sheds load (decision 023): while the event loop's mean delay over the last second passes `maxEventLoopDelayMs`,
 * every new request is answered 503 with `Retry-After` at once, instead of joining a queue that makes everyone wait.
 * Not on event-loop utilisation: a loop that keeps up with a burst is as busy as one that does not. `/healthz` is
 * never shed (liveness: an orchestrator must not restart an instance for being busy); `/readyz` is (not ready).
 * Nor are the build's files: a page already served needs its scripts, and one refused leaves the page dead (its
 * forms never send) for the cost of reading a file.
 */
export async function registerLoadShedding(app: FastifyInstance, { maxEventLoopDelayMs }: HttpSettings): Promise<void> {
  if (maxEventLoopDelayMs <= 0) return;
  let lastLogged = 0;
  let shedSinceLog = 0;
  await app.register(underPressure, {
    maxEventLoopDelay: maxEventLoopDelayMs,
    exposeStatusRoute: false,
    pressureHandler: (request, reply, type, value) => {
      if (request.routeOptions.url === '/healthz' || request.url.startsWith(BUILD_FILES)) return;
      shedSinceLog += 1;
      const now = Date.now();
      if (now - lastLogged >= LOG_EVERY_MS) {
        request.log.warn({ pressure: type, value, shed: shedSinceLog }, 'overloaded: answered 503');
        lastLogged = now;
        shedSinceLog = 0;
      }
      sendOverloaded(request, reply);
    },
  });
}
