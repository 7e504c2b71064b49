import type { QueryClient } from '@tanstack/react-query';
import { PAGE_PREVIEW_PARAM } from '../../shared/post-address.js';
import type { RouteObject } from 'react-router';
import { SITE_PAGES, sitePageOf, type SitePath } from '../../shared/site-pages.js';
import { AdminLoading } from './AdminLoading.js';
import type { CountrySelection } from './public/country.js';
import { PublicLayout } from './public/layout/PublicLayout.js';
import { breadcrumbOf, type PageLoaderData } from './public/meta.js';
import { BLOG_LIST_ROUTES } from './public/pages/blog-data.js';
import { BLOG_POST_PAGE, BLOG_POST_PREVIEW_PAGE, PUBLIC_PAGES, sitePageQuery } from './public/pages/index.js';
import { isNotFound, notFound, previewExpired, type PublicPageDefinition } from './public/pages/registry.js';
import { NotFoundPage, PublicErrorPage } from './public/PublicErrorPage.js';
import type { Trpc } from './trpc.js';

/** The blog's page: its lists and posts have addresses below its own, enabled with it. */
const BLOG = sitePageOf('/blog');

/** What a page text's preview link tells whoever opened it, above the page. */
const PAGE_PREVIEW_NOTICES = {
  DRAFT: 'Preview — this page’s text is not published yet',
  PUBLISHED: 'Preview — this page’s text has no unpublished changes',
  BANNER_DRAFT: 'Preview — this banner’s changes are not published yet',
  BANNER_PUBLISHED: 'Preview — this banner has no unpublished changes',
} as const;

/** What a public page's route tells the server-side render and "More Sites" about it. */
export interface PageRouteHandle {
  module: string;
  /** The page (its row in `pages`) the route shows: enabled or not per country. */
  pageName: string;
  /** Whether the same address shows this page on every country site that enables it (not a post, a tag, a page n). */
  sameOnEverySite: boolean;
}

export interface RouteDeps {
  queryClient: QueryClient;
  trpc: Trpc;
  /** The country the visitor's site is for: decided by the server from the address, or the choice and the IP. */
  countrySelection: CountrySelection;
  /** The country's address the site is at (`/np`), or '' at the root (decision 066). */
  basename: string;
}

/**
 * Every route of the product. The same objects serve the server-side render and the browser, so a loader
 * fills the query cache on the server and the browser hydrates from it without fetching again.
 */
export function createRoutes({ queryClient, trpc, countrySelection, basename }: RouteDeps): RouteObject[] {
  const layoutQuery = () => trpc.site.layout.queryOptions({ countryId: countrySelection.id });

  /**
   * The route of a public page. A page with addresses below its path (the blog's lists and posts) has a route for
   * each (`at`), each with the page's own text loaded and enabled or not with it.
   */
  function pageRoute(
    path: SitePath,
    name: string,
    { at, page = PUBLIC_PAGES[path] }: { at?: string; page?: PublicPageDefinition } = {},
  ): RouteObject {
    const route = {
      id: at ?? path,
      // The server links the page's chunk and styles in its head (entry-server.tsx).
      handle: { module: page.module, pageName: name, sameOnEverySite: !at?.includes(':') } satisfies PageRouteHandle,
      // The component comes from the page's own chunk; the loader below is static, so data and code load together.
      lazy: async () => ({ Component: await page.loadComponent() }),
      loader: async ({ params, request }): Promise<PageLoaderData> => {
        const countryId = countrySelection.id;
        const preview = new URL(request.url).searchParams.get(PAGE_PREVIEW_PARAM);
        // The page's data loads together with the layout, not after it: one wait for the database, not two.
        const data = Promise.all([
          queryClient.ensureQueryData(sitePageQuery(trpc, countryId, path, preview)),
          page.load?.({ queryClient, trpc, countryId, countryCode: countrySelection.code, path, params }),
        ]);
        // Its failure is handled below, or not at all when the layout already decided.
        data.catch(() => undefined);
        const layout = await queryClient.ensureQueryData(layoutQuery());
        // Navigation hides a page disabled for the country; its address answers 404 for that country only.
        if (!layout.enabledPageNames.includes(name)) notFound();
        try {
          const [sitePage, own] = await data;
          const { content, banners, search } = sitePage;
          return {
            meta: {
              title: search.title ?? content.heading,
              description: search.description ?? content.summary,
              image: banners[0]?.image.url ?? null,
              ...(path === '/' ? {} : { breadcrumb: breadcrumbOf(countrySelection.code, content.heading, path) }),
              ...own,
              // A page text's preview is the page's own address with a token: never listed; nor a page staff keep
              // out of search engines.
              ...(preview || search.noindex ? { indexable: false } : {}),
            },
            ...(sitePage.preview ? { previewNotice: PAGE_PREVIEW_NOTICES[sitePage.preview] } : {}),
          };
        } catch (error) {
          if (isNotFound(error)) {
            if (preview) previewExpired();
            notFound();
          }
          throw error;
        }
      },
    } satisfies Omit<RouteObject, 'index' | 'children'>;
    return path === '/' ? { ...route, index: true } : { ...route, path: at ?? path.slice(1) };
  }

  // Staff screens render in the browser only and load as a separate chunk, never part of the public entry; they are
  // at the root only, never under a country's address.
  const admin: RouteObject = {
    path: '/admin/*',
    HydrateFallback: AdminLoading,
    lazy: async () => {
      const { AdminApp, adminLoader } = await import('./admin/AdminApp.js');
      return { Component: AdminApp, loader: adminLoader };
    },
  };
  return [
    ...(basename ? [] : [admin]),
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
            ...BLOG_LIST_ROUTES.map((at) => pageRoute('/blog', BLOG.name, { at })),
            pageRoute('/blog', BLOG.name, { at: 'blog/preview/:token', page: BLOG_POST_PREVIEW_PAGE }),
            pageRoute('/blog', BLOG.name, { at: 'blog/:slug', page: BLOG_POST_PAGE }),
            { path: '*', Component: NotFoundPage, loader: notFound },
          ],
        },
      ],
    },
  ];
}
