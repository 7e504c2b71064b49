import { ColorSchemeScript } from '@mantine/core';
import { dehydrate } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { serializeState, type RenderFunction, type SiteState } from '../../shared/ssr.js';
import { AppProviders } from './AppProviders.js';
import { createQueryClient } from './query-client.js';
import { createRoutes } from './routes.js';

/** Renders one public page: runs the matching loaders, then renders the HTML and the state to hydrate it. */
export const render: RenderFunction = async ({ request, countryId, createTrpc }) => {
  const queryClient = createQueryClient();
  const trpc = createTrpc(queryClient);
  const handler = createStaticHandler(createRoutes({ queryClient, trpc, countryId }));
  const context = await handler.query(request);
  if (context instanceof Response) {
    return { kind: 'redirect', status: context.status, location: context.headers.get('Location') ?? '/' };
  }
  const router = createStaticRouter(handler.dataRoutes, context);
  const body = renderToString(
    <StrictMode>
      <AppProviders queryClient={queryClient} trpc={trpc} countryId={countryId}>
        <StaticRouterProvider router={router} context={context} />
      </AppProviders>
    </StrictMode>,
  );
  const state: SiteState = { countryId, queries: dehydrate(queryClient) };
  return {
    kind: 'page',
    status: context.statusCode,
    head: renderToString(<ColorSchemeScript defaultColorScheme="light" />),
    body,
    state: `<script>window.__SITE_STATE__=${serializeState(state)}</script>`,
  };
};
