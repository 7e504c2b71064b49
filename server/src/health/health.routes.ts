import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { DATABASE_RETRY_AFTER_SECONDS } from '../db/availability.js';
import { hasPendingMigrations } from '../db/migrate.js';

/** Liveness and readiness for load balancers and orchestrators. Never cached. */
export function healthRoutes(app: FastifyInstance): void {
  // The process is up and its event loop answers.
  app.get('/healthz', async (_request, reply) => reply.header('Cache-Control', 'no-store').send({ status: 'ok' }));

  // The database answers and has every migration this build expects.
  app.get('/readyz', async (request, reply) => {
    reply.header('Cache-Control', 'no-store');
    try {
      await sql`select 1`.execute(app.db);
      if (await hasPendingMigrations(app.db)) {
        return reply.code(503).send({ status: 'unavailable', reason: 'migrations pending' });
      }
      return reply.send({ status: 'ok' });
    } catch (error) {
      request.log.warn({ err: error }, 'readiness check failed');
      return reply
        .code(503)
        .header('Retry-After', String(DATABASE_RETRY_AFTER_SECONDS))
        .send({ status: 'unavailable', reason: 'database unreachable' });
    }
  });
}
