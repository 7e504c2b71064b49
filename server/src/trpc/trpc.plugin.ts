import { fastifyTRPCPlugin, type FastifyTRPCPluginOptions } from '@trpc/server/adapters/fastify';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import secureJson from 'secure-json-parse';
import { TRPC_MAX_BATCH } from '../../../shared/api.js';
import { HttpError } from '../http/errors.js';
import { createTrpcContext } from './context.js';
import { appRouter, type AppRouter } from './router.js';
import { trpcResponseMeta } from './trpc.js';

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

/**
 * Whether a JSON text carries `__proto__` or `constructor.prototype` keys. tRPC parses bodies and `?input=` itself
 * with plain JSON.parse (its adapter replaces Fastify's protected parser), so they are checked here first.
 */
function hasPrototypeKeys(json: string): boolean {
  try {
    secureJson.parse(json, undefined, { protoAction: 'error', constructorAction: 'error' });
    return false;
  } catch (error) {
    // Malformed JSON is tRPC's to answer (a PARSE_ERROR); only poisoned keys are refused here.
    return /forbidden prototype property/.test((error as Error).message);
  }
}

function prototypeKeyError(request: FastifyRequest): HttpError | undefined {
  const input = (request.query as Record<string, unknown>).input;
  const texts = [request.body, input].filter((text): text is string => typeof text === 'string');
  if (!texts.some(hasPrototypeKeys)) return undefined;
  return new HttpError(400, 'The request contains a forbidden key (__proto__ or constructor.prototype).');
}

/** /api/trpc/<procedure>[,<procedure>…]: the React client's API. Its own scope, so its limits stay its own. */
export async function trpcPlugin(app: FastifyInstance): Promise<void> {
  // Fastify refuses a larger body with 413 from its Content-Length or while reading, before tRPC sees it.
  app.addHook('onRoute', (route) => {
    route.bodyLimit = TRPC_LIMITS.bodyBytes;
  });
  app.addHook('preHandler', (request, _reply, done) => done(prototypeKeyError(request)));
  await app.register(fastifyTRPCPlugin, {
    prefix: '/api/trpc',
    trpcOptions: {
      router: appRouter,
      createContext: ({ req }) => createTrpcContext(req),
      responseMeta: trpcResponseMeta,
      // An oversized batch is refused with 400 before any of its calls runs.
      maxBatchSize: TRPC_LIMITS.batch,
    } satisfies FastifyTRPCPluginOptions<AppRouter>['trpcOptions'],
  });
}
