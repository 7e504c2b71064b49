import type { FastifyRequest } from 'fastify';
import { buildRequestContext } from '../http/build-request-context.js';
import type { TrpcContext } from './trpc.js';

/** The context of one request, for HTTP calls and for server-side rendering alike. */
export function createTrpcContext(request: FastifyRequest): TrpcContext {
  return {
    ...buildRequestContext(request),
    siteSettings: request.server.siteSettings,
    previews: request.server.previews,
    goLive: { config: request.server.config, proxy: request.server.proxyObservation },
    activityRetentionMonths: request.server.config.activityRetentionMonths,
  };
}
