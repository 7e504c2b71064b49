import { fastifyTRPCPlugin, type FastifyTRPCPluginOptions } from '@trpc/server/adapters/fastify';
import type { FastifyInstance } from 'fastify';
import { TRPC_MAX_BATCH } from '../../../shared/api.js';
import { createTrpcContext } from './context.js';
import { appRouter, type AppRouter } from './router.js';

/** What one tRPC request may carry (decision 018). */
export const TRPC_LIMITS = {
  /** Calls in one batched request (`/api/trpc/a,b,c?batch=1`); the client's batch link splits at the same number. */
  batch: TRPC_MAX_BATCH,
  /**
   * Bytes of a request body. The largest input, a page's text (20,000 characters), is at most 120 KB of JSON even
   * with every character escaped; the rest of the server keeps Fastify's 1 MB.
   */
  bodyBytes: 256 * 1024,
} as const;

/** /api/trpc/<procedure>[,<procedure>…]: the React client's API. Its own scope, so its limits stay its own. */
export async function trpcPlugin(app: FastifyInstance): Promise<void> {
  // Fastify refuses a larger body with 413 from its Content-Length or while reading, before tRPC sees it.
  app.addHook('onRoute', (route) => {
    route.bodyLimit = TRPC_LIMITS.bodyBytes;
  });
  await app.register(fastifyTRPCPlugin, {
    prefix: '/api/trpc',
    trpcOptions: {
      router: appRouter,
      createContext: ({ req }) => createTrpcContext(req),
      // An oversized batch is refused with 400 before any of its calls runs.
      maxBatchSize: TRPC_LIMITS.batch,
    } satisfies FastifyTRPCPluginOptions<AppRouter>['trpcOptions'],
  });
}
