import type { QueryClient } from '@tanstack/react-query';
import type { ComponentType } from 'react';
import type { SitePath } from '../../../../shared/site-pages.js';
import type { Trpc } from '../../trpc.js';

export interface PageLoadContext {
  queryClient: QueryClient;
  trpc: Trpc;
  countryId: number;
  path: SitePath;
}

/**
 * One public page: what it renders and what it loads before rendering (on the server for the first view, in the
 * browser on client-side navigation). Every page also gets its `site.page` (or `site.home`) data loaded by the
 * route, which gives its banners, text and meta tags.
 */
export interface PublicPageDefinition {
  /**
   * The page's source file from the client's root (`src/public/pages/HomePage.tsx`): the server names its built
   * chunk, the chunks it imports and their styles in the page's head, so they load with the HTML instead of after
   * the entry script (checked against the build's manifest in e2e/bundle.spec.ts).
   */
  module: string;
  /**
   * Loads the page's component: each page is its own chunk, fetched in parallel with its data on client-side
   * navigation, so the entry chunk carries only the layout.
   */
  loadComponent: () => Promise<ComponentType>;
  /** Extra data to load before the page renders (e.g. the team or the first gallery page). */
  load?: (context: PageLoadContext) => Promise<unknown>;
}
