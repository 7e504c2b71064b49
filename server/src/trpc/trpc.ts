import { initTRPC } from '@trpc/server';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.js';

/** What every procedure may use. Built per request (HTTP) or per server-side render. */
export interface TrpcContext {
  db: Kysely<DB>;
  log: FastifyBaseLogger;
  requestId: string;
}

const t = initTRPC.context<TrpcContext>().create({
  // Never ship stack traces; unexpected errors are reduced to a generic message with the request id.
  isDev: false,
  errorFormatter({ shape, error, ctx }) {
    if (error.code !== 'INTERNAL_SERVER_ERROR') return shape;
    ctx?.log.error({ err: error.cause ?? error }, 'procedure failed');
    return {
      ...shape,
      message: `Something went wrong (request ${ctx?.requestId ?? 'unknown'})`,
      data: { ...shape.data, stack: undefined },
    };
  },
});

export const router = t.router;
export const publicProcedure = t.procedure;
export const createCallerFactory = t.createCallerFactory;
