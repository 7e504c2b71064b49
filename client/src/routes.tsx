import type { QueryClient } from '@tanstack/react-query';
import { data, type RouteObject } from 'react-router';
import { SITE_PAGES, type SitePath } from '../../shared/site-pages.js';
import { AdminLoading } from './AdminLoading.js';
import type { CountrySelection } from './public/country.js';
import { PublicLayout } from './public/layout/PublicLayout.js';
import type { PageLoaderData } from './public/meta.js';
import { PUBLIC_PAGES, sitePageQuery } from './public/pages/index.js';
import { NotFoundPage, PublicErrorPage } from './public/PublicErrorPage.js';
import type { Trpc } from './trpc.js';

/** What a public page's route tells the server-side render about it. */
export interface PageRouteHandle {
  module: string;
}

export interface RouteDeps {
  queryClient: QueryClient;
  trpc: Trpc;
  /** The country the visitor's site is for: decided by the server, changed by "More Sites". */
  countrySelection: CountrySelection;
}

function notFound(): never {
  // eslint-disable-next-line @typescript-eslint/only-throw-error -- react-router's way to set the status
  throw data('Not Found', { status: 404 });
}

/** A NOT_FOUND from the API (e.g. the page was disabled meanwhile) is the visitor's 404, not a failure. */
function isNotFound(error: unknown): boolean {
  const code = (error as { data?: { code?: unknown } } | null)?.data?.code;
  return code === 'NOT_FOUND';
}

/**
 * Every route of the product. The same objects serve the server-side render and the browser, so a loader
 * fills the query cache on the server and the browser hydrates from it without fetching again.
 */
export function createRoutes({ queryClient, trpc, countrySelection }: RouteDeps): RouteObject[] {
  const layoutQuery = () => trpc.site.layout.queryOptions({ countryId: countrySelection.id });

  function pageRoute(path: SitePath, name: string): RouteObject {
    const page = PUBLIC_PAGES[path];
    const route = {
      id: path,
      // The server links the page's chunk and styles in its head (entry-server.tsx).
      handle: { module: page.module } satisfies PageRouteHandle,
      // The component comes from the page's own chunk; the loader below is static, so data and code load together.
      lazy: async () => ({ Component: await page.loadComponent() }),
      loader: async (): Promise<PageLoaderData> => {
        const countryId = countrySelection.id;
        // The page's data loads together with the layout, not after it: one wait for the database, not two.
        const data = Promise.all([
          queryClient.ensureQueryData(sitePageQuery(trpc, countryId, path)),
          page.load?.({ queryClient, trpc, countryId, path }),
        ]);
        // Its failure is handled below, or not at all when the layout already decided.
        data.catch(() => undefined);
        const layout = await queryClient.ensureQueryData(layoutQuery());
        // Navigation hides a page disabled for the country; its address answers 404 for that country only.
        if (!layout.enabledPageNames.includes(name)) notFound();
        try {
          const [sitePage] = await data;
          const { content, banners } = sitePage;
          return {
            meta: { title: content.heading, description: content.summary, image: banners[0]?.image.url ?? null },
          };
        } catch (error) {
          if (isNotFound(error)) notFound();
          throw error;
        }
      },
    } satisfies Omit<RouteObject, 'index' | 'children'>;
    return path === '/' ? { ...route, index: true } : { ...route, path: path.slice(1) };
  }

  return [
    {
      // Staff screens render in the browser only and load as a separate chunk, never part of the public entry.
      path: '/admin/*',
      HydrateFallback: AdminLoading,
      lazy: async () => {
        const { AdminApp, adminLoader } = await import('./admin/AdminApp.js');
        return { Component: AdminApp, loader: adminLoader };
      },
    },
    {
      id: 'public',
      path: '/',
      Component: PublicLayout,
      ErrorBoundary: PublicErrorPage,
      loader: async () => {
        await queryClient.ensureQueryData(layoutQuery());
        return null;
      },
      children: [
        {
          // Errors inside a page keep the header and footer around the message.
          ErrorBoundary: PublicErrorPage,
          children: [
            ...SITE_PAGES.map((page) => pageRoute(page.path, page.name)),
            { path: '*', Component: NotFoundPage, loader: notFound },
          ],
        },
      ],
    },
  ];
}
