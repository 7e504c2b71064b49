import './mantine-styles.js';
import { MantineProvider } from '@mantine/core';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Toasts } from './notify.js';
import { CountryProvider, type CountrySelection } from './public/country.js';
import { cssVariablesResolver, theme } from './theme.js';
import { TrpcContext, type Trpc } from './trpc.js';

export interface AppProvidersProps {
  queryClient: QueryClient;
  trpc: Trpc;
  countrySelection: CountrySelection;
  children: ReactNode;
}

/** The providers every screen needs, identical on the server and in the browser (so hydration matches). */
export function AppProviders({ queryClient, trpc, countrySelection, children }: AppProvidersProps) {
  return (
    <MantineProvider theme={theme} defaultColorScheme="light" cssVariablesResolver={cssVariablesResolver}>
      <Toasts />
      <QueryClientProvider client={queryClient}>
        <TrpcContext value={trpc}>
          <CountryProvider selection={countrySelection}>{children}</CountryProvider>
        </TrpcContext>
      </QueryClientProvider>
    </MantineProvider>
  );
}
