import { QueryClient } from '@tanstack/react-query';

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        // Data rendered on the server is fresh for a minute, so hydration never refetches it straight away.
        staleTime: 60_000,
        retry: 1,
      },
    },
  });
}
