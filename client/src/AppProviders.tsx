import './mantine-styles.js';
import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { TOAST_AUTO_CLOSE_MS } from './notify.js';
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
      <Notifications autoClose={TOAST_AUTO_CLOSE_MS} position="top-right" zIndex={1000} />
      <QueryClientProvider client={queryClient}>
        <TrpcContext value={trpc}>
          <CountryProvider selection={countrySelection}>{children}</CountryProvider>
        </TrpcContext>
      </QueryClientProvider>
    </MantineProvider>
  );
}
