import type { QueryClient } from '@tanstack/react-query';
import { data, type RouteObject } from 'react-router';
import { AdminLoading } from './AdminLoading.js';
import { HomePage } from './public/HomePage.js';
import { NotFoundPage, PublicErrorPage } from './public/PublicErrorPage.js';
import { PublicLayout } from './public/PublicLayout.js';
import type { Trpc } from './trpc.js';

export interface RouteDeps {
  queryClient: QueryClient;
  trpc: Trpc;
  /** The country the visitor's site is for (decided by the server for each request). */
  countryId: number;
}

/**
 * Every route of the product. The same objects serve the server-side render and the browser, so a loader
 * fills the query cache on the server and the browser hydrates from it without fetching again.
 */
export function createRoutes({ queryClient, trpc, countryId }: RouteDeps): RouteObject[] {
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
        await queryClient.ensureQueryData(trpc.site.layout.queryOptions({ countryId }));
        return null;
      },
      children: [
        {
          // Errors inside a page keep the header and footer around the message.
          ErrorBoundary: PublicErrorPage,
          children: [
            { index: true, Component: HomePage },
            {
              path: '*',
              Component: NotFoundPage,
              loader: () => {
                // eslint-disable-next-line @typescript-eslint/only-throw-error -- react-router's way to set the status
                throw data('Not Found', { status: 404 });
              },
            },
          ],
        },
      ],
    },
  ];
}
