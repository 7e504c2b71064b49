import type { FastifyRequest } from 'fastify';
import { requestAuthenticator } from '../auth/request-authenticator.js';
import { requestRateLimit } from '../rate-limit/rate-limit.js';
import type { TrpcContext } from './trpc.js';

/** The context of one request, for HTTP calls and for server-side rendering alike. */
export function createTrpcContext(request: FastifyRequest): TrpcContext {
  return {
    db: request.server.db,
    log: request.log,
    requestId: request.id,
    ip: request.ip,
    authenticate: requestAuthenticator(request),
    captcha: request.server.captcha,
    rateLimit: requestRateLimit(request),
    siteSettings: request.server.siteSettings,
    goLive: { config: request.server.config, proxy: request.server.proxyObservation },
    leadNotifier: request.server.leadNotifier,
    leadSettings: request.server.config.leads,
  };
}
