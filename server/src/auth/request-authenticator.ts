import type { FastifyRequest } from 'fastify';
import { authenticateBearer } from './authenticate.js';
import type { Actor } from './staff-identity.js';

/** The bearer authentication of one request, shared by the tRPC and GraphQL contexts. */
export function requestAuthenticator(request: FastifyRequest): () => Promise<Actor> {
  return () => {
    const { db, relyingParty, config } = request.server;
    const rolesClaim = config.identity.kind === 'external' ? config.identity.rolesClaim : undefined;
    return authenticateBearer({ db, relyingParty, rolesClaim, log: request.log }, request.headers.authorization);
  };
}
