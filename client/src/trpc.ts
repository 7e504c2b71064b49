import { useQueryClient } from '@tanstack/react-query';
import type { TRPCClient } from '@trpc/client';
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

/** The vanilla client of the staff area: mutations whose pending state a dialog tracks itself. */
export type TrpcClient = TRPCClient<AppRouter>;
export const TrpcClientContext = createContext<TrpcClient | null>(null);

export function useTrpcClient(): TrpcClient {
  const client = useContext(TrpcClientContext);
  if (!client) throw new Error('useTrpcClient must be used inside <TrpcClientContext>');
  return client;
}

/** A router of the API: 'testimonial', 'media', … */
export type ApiDomain = keyof ApiOutputs;

/** Refetches every read of the named routers after a change: `refetch('staff', 'me')`. */
export function useRefetch(): (...domains: ApiDomain[]) => Promise<void> {
  const trpc = useTrpc();
  const queryClient = useQueryClient();
  return async (...domains) => {
    await Promise.all(domains.map((domain) => queryClient.invalidateQueries({ queryKey: trpc[domain].pathKey() })));
  };
}
