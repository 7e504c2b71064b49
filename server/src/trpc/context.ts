import type { FastifyRequest } from 'fastify';
import { authenticateBearer } from '../auth/authenticate.js';
import type { TrpcContext } from './trpc.js';

/** The context of one request, for HTTP calls and for server-side rendering alike. */
export function createTrpcContext(request: FastifyRequest): TrpcContext {
  return {
    db: request.server.db,
    log: request.log,
    requestId: request.id,
    authenticate: () => {
      const { db, relyingParty, config } = request.server;
      const rolesClaim = config.identity.kind === 'external' ? config.identity.rolesClaim : undefined;
      return authenticateBearer({ db, relyingParty, rolesClaim, log: request.log }, request.headers.authorization);
    },
  };
}
