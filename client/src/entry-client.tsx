import './zod-jitless.js';
import { hydrate } from '@tanstack/react-query';
import { createTRPCClient, httpBatchLink } from '@trpc/client';
import { createTRPCOptionsProxy } from '@trpc/tanstack-react-query';
import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter, matchRoutes, type HydrationState, type RouteObject } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { TRPC_MAX_BATCH, TRPC_MAX_URL_LENGTH } from '../../shared/api.js';
import { GLOBAL_COUNTRY_ID } from '../../shared/enums.js';
import type { SiteState } from '../../shared/ssr.js';
import type { AppRouter } from '../../server/src/trpc/router.js';
import { AppProviders } from './AppProviders.js';
import { AfterHydration, takeEarlyActions } from './before-hydration.js';
import { CountrySelection } from './public/country.js';
import { createQueryClient } from './query-client.js';
import { createRoutes } from './routes.js';
import { noteVisitSource } from './public/visit-source.js';

declare global {
  interface Window {
    __SITE_STATE__?: SiteState;
    /** Written by react-router's StaticRouterProvider during the server-side render. */
    __staticRouterHydrationData?: HydrationState;
  }
}

noteVisitSource();
const state = window.__SITE_STATE__;
const countrySelection = new CountrySelection(state?.countryId ?? GLOBAL_COUNTRY_ID, state?.countryCode ?? null);
const queryClient = createQueryClient();
// The data the server rendered with, so no query runs again on hydration.
if (state) hydrate(queryClient, state.queries);
const trpc = createTRPCOptionsProxy<AppRouter>({
  client: createTRPCClient<AppRouter>({
    // Batches stay within what the server accepts (it refuses larger ones).
    links: [httpBatchLink({ url: '/api/trpc', maxItems: TRPC_MAX_BATCH, maxURLLength: TRPC_MAX_URL_LENGTH })],
  }),
  queryClient,
});
// Public pages arrive rendered with their loader data; admin pages arrive as an empty shell and render here.
const hydrationData = window.__staticRouterHydrationData;
// At a country's address (`/np/…`, decision 066) the whole site is within it: every link and navigation stays there.
const basename = state?.basename ?? '';
const routes = createRoutes({ queryClient, trpc, countrySelection, basename });
// The server rendered the page's lazily loaded component: load it before hydrating, or the first render would
// differ from the server's HTML.
if (hydrationData) await resolveLazyRoutes(routes, window.location.pathname, basename);
const router = createBrowserRouter(routes, { hydrationData, basename: basename || '/' });

const container = document.getElementById('root')!;
// What the visitor tapped or typed while the script was loading is made again once the page has hydrated.
const doAgain = takeEarlyActions(container);
const app = (
  <StrictMode>
    <AfterHydration onHydrated={doAgain}>
      <AppProviders queryClient={queryClient} trpc={trpc} countrySelection={countrySelection}>
        <RouterProvider router={router} />
      </AppProviders>
    </AfterHydration>
  </StrictMode>
);

// In a transition, hydration yields to the browser every few milliseconds instead of holding the main thread in one
// long task (what a slow phone feels as a page that does not answer, and Lighthouse counts as blocking time); a
// click meanwhile makes React finish hydrating at once, so nothing is lost.
if (hydrationData) startTransition(() => void hydrateRoot(container, app));
else createRoot(container).render(app);

// At a country's address, the visitor may be pointed at their own country's site (decision 066), after the page.
if (basename && hydrationData) {
  setTimeout(() => {
    void import('./public/layout/SiteSuggestion.js').then((module) => module.showSiteSuggestion(countrySelection.id));
  }, 1000);
}

async function resolveLazyRoutes(routeObjects: RouteObject[], pathname: string, basename: string): Promise<void> {
  const lazyMatches = (matchRoutes(routeObjects, pathname, basename || '/') ?? []).filter((match) => match.route.lazy);
  await Promise.all(
    lazyMatches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      const loaded = await route.lazy();
      Object.assign(route, { ...loaded, lazy: undefined });
    }),
  );
}
