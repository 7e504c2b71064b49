import { QueryClient } from '@tanstack/react-query';

/** The HTTP status of a failed call, as tRPC's client error carries it. */
function statusOf(error: unknown): number | undefined {
  const data = (error as { data?: { httpStatus?: unknown } } | null)?.data;
  return typeof data?.httpStatus === 'number' ? data.httpStatus : undefined;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        // Data rendered on the server is fresh for a minute, so hydration never refetches it straight away.
        staleTime: 60_000,
        // A 503 is the server asking to come back shortly (busy, or its database briefly out of reach): a few tries
        // over some seconds; anything else once.
        retry: (failures, error) => failures < (statusOf(error) === 503 ? 4 : 1),
        retryDelay: (attempt) => Math.min(1_000 * 2 ** attempt, 5_000),
      },
    },
  });
}
