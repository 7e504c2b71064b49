import './mantine-styles.js';
import './fonts.js';
import { MantineProvider } from '@mantine/core';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Toasts } from './notify.js';
import { CountryProvider, type CountrySelection } from './public/country.js';
import { theme } from './theme.js';
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
    // The theme's variables and helper classes are a stylesheet (client/build/mantine-theme-css.ts), not <style>
    // elements in every page; the site has one colour scheme, so no script chooses one.
    <MantineProvider theme={theme} forceColorScheme="light" withCssVariables={false} withGlobalClasses={false}>
      <Toasts />
      <QueryClientProvider client={queryClient}>
        <TrpcContext value={trpc}>
          <CountryProvider selection={countrySelection}>{children}</CountryProvider>
        </TrpcContext>
      </QueryClientProvider>
    </MantineProvider>
  );
}
