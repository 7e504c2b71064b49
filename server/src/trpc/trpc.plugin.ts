import { fastifyTRPCPlugin, type FastifyTRPCPluginOptions } from '@trpc/server/adapters/fastify';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import secureJson from 'secure-json-parse';
import { HttpError } from '../http/errors.js';
import { createTrpcContext } from './context.js';
import { appRouter, type AppRouter } from './router.js';
import { trpcResponseMeta } from './trpc.js';

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

/** The tRPC endpoint the React client uses, at /api/trpc (its own scope: its body parser must not leak out). */
export async function trpcPlugin(app: FastifyInstance): Promise<void> {
  app.addHook('preHandler', (request, _reply, done) => done(prototypeKeyError(request)));
  await app.register(fastifyTRPCPlugin, {
    prefix: '/api/trpc',
    trpcOptions: {
      router: appRouter,
      createContext: ({ req }) => createTrpcContext(req),
      responseMeta: trpcResponseMeta,
    } satisfies FastifyTRPCPluginOptions<AppRouter>['trpcOptions'],
  });
}
