import '@mantine/core/styles.css';
import { MantineProvider } from '@mantine/core';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { CountryIdContext } from './public/country.js';
import { theme } from './theme.js';
import { TrpcContext, type Trpc } from './trpc.js';

export interface AppProvidersProps {
  queryClient: QueryClient;
  trpc: Trpc;
  countryId: number;
  children: ReactNode;
}

/** The providers every screen needs, identical on the server and in the browser (so hydration matches). */
export function AppProviders({ queryClient, trpc, countryId, children }: AppProvidersProps) {
  return (
    <MantineProvider theme={theme} defaultColorScheme="light">
      <QueryClientProvider client={queryClient}>
        <TrpcContext value={trpc}>
          <CountryIdContext value={countryId}>{children}</CountryIdContext>
        </TrpcContext>
      </QueryClientProvider>
    </MantineProvider>
  );
}
