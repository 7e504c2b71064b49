import { useSuspenseQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { PAGE_PREVIEW_PARAM } from '../../../../shared/post-address.js';
import type { SiteHome, SitePage } from '../../../../shared/site-content.js';
import type { SitePath } from '../../../../shared/site-pages.js';
import { useTrpc, type Trpc } from '../../trpc.js';
import { useCountryId } from '../country.js';

/** What every page component gets: the public path it renders (one component may serve many paths). */
export interface SitePageProps {
  path: SitePath;
}

/** How many gallery pictures or videos one "Load more" adds. */
export const GALLERY_PAGE_SIZE = 12;

/**
 * The query of a path's own data: site.home for '/', site.page otherwise; with `preview`, a page text's preview link's
 * token, its draft. The route loads it before rendering and takes the page's meta tags from it. Typed as site.page's
 * options either way: the home's data is a SitePage too (SiteHome extends it), and one type keeps `ensureQueryData`
 * and friends simple for the caller.
 */
export function sitePageQuery(trpc: Trpc, countryId: number, path: SitePath, preview?: string | null) {
  // No `preview` key at all without one: the query's key stays the page's own.
  const draft = preview ? { preview } : {};
  const pageQuery = trpc.site.page.queryOptions({ countryId, path, ...draft });
  if (path !== '/') return pageQuery;
  return trpc.site.home.queryOptions({ countryId, ...draft }) as unknown as typeof pageQuery;
}

/** The token of a page text's preview link in the address, if any. */
export function usePagePreview(): string | null {
  return useSearchParams()[0].get(PAGE_PREVIEW_PARAM);
}

/** A page's banners and text (loaded by the route, so this never suspends after a load). */
export function useSitePage(path: SitePath): SitePage {
  const trpc = useTrpc();
  return useSuspenseQuery(sitePageQuery(trpc, useCountryId(), path, usePagePreview())).data;
}

export function useSiteHome(): SiteHome {
  const trpc = useTrpc();
  return useSuspenseQuery(sitePageQuery(trpc, useCountryId(), '/', usePagePreview())).data as SiteHome;
}

interface CursorPage {
  endCursor: string | null;
  hasNextPage: boolean;
}

const nextCursor = (last: CursorPage) => (last.hasNextPage && last.endCursor ? last.endCursor : undefined);

/**
 * The gallery's infinite lists. The page's loader and its components use these same options, so the first page
 * loaded on the server is the one the browser hydrates with, and "Load more" continues from its cursor.
 */
export function galleryImagesQuery(trpc: Trpc, countryId: number) {
  return trpc.site.galleryImages.infiniteQueryOptions(
    { countryId, first: GALLERY_PAGE_SIZE },
    { getNextPageParam: nextCursor },
  );
}

export function galleryVideosQuery(trpc: Trpc, countryId: number) {
  return trpc.site.galleryVideos.infiniteQueryOptions(
    { countryId, first: GALLERY_PAGE_SIZE },
    { getNextPageParam: nextCursor },
  );
}

/** The items of all loaded pages, each once (a picture added meanwhile could otherwise show twice). */
export function mergePages<T extends { id: number }>(pages: readonly { items: readonly T[] }[]): T[] {
  const seen = new Set<number>();
  const merged: T[] = [];
  for (const page of pages) {
    for (const item of page.items) {
      if (seen.has(item.id)) continue;
      seen.add(item.id);
      merged.push(item);
    }
  }
  return merged;
}
