import type { inferRouterOutputs } from '@trpc/server';
import type { TRPCOptionsProxy } from '@trpc/tanstack-react-query';
import { createContext, useContext } from 'react';
import type { AppRouter } from '../../server/src/trpc/router.js';

export type Trpc = TRPCOptionsProxy<AppRouter>;

/** What each procedure answers: `ApiOutputs['staff']['list']`. */
export type ApiOutputs = inferRouterOutputs<AppRouter>;

/**
 * The typed query/mutation options of every procedure. In the browser they call /api/trpc over HTTP;
 * during server-side rendering they call the procedures directly (no HTTP round trip).
 */
export const TrpcContext = createContext<Trpc | null>(null);

export function useTrpc(): Trpc {
  const trpc = useContext(TrpcContext);
  if (!trpc) throw new Error('useTrpc must be used inside <TrpcContext>');
  return trpc;
}
