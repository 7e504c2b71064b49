import type { FastifyRequest } from 'fastify';
import { requestAuthenticator } from '../auth/request-authenticator.js';
import { requestRateLimit } from '../rate-limit/rate-limit.js';
import type { RequestContext } from './request-context.js';

/** The common context of one request. */
export function buildRequestContext(request: FastifyRequest): RequestContext {
  return {
    db: request.server.db,
    log: request.log,
    requestId: request.id,
    ip: request.ip,
    authenticate: requestAuthenticator(request),
    captcha: request.server.captcha,
    rateLimit: requestRateLimit(request),
    leadNotifier: request.server.leadNotifier,
    queueMail: request.server.queueMail,
    leadSettings: request.server.config.leads,
  };
}
