import type { QueryClient } from '@tanstack/react-query';
import type { ComponentType } from 'react';
import { data, type Params } from 'react-router';
import { PREVIEW_EXPIRED } from '../../../../shared/post-address.js';
import type { SitePath } from '../../../../shared/site-pages.js';
import type { Trpc } from '../../trpc.js';
import type { PageMeta } from '../meta.js';

export interface PageLoadContext {
  queryClient: QueryClient;
  trpc: Trpc;
  countryId: number;
  /** That country's site's address code (`np`); null: none. */
  countryCode: string | null;
  path: SitePath;
  /** The route's parameters, for a page served at more than one address (the blog's lists). */
  params: Params;
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
  /**
   * Extra data to load before the page renders (e.g. the team or the first gallery page), and what the page's meta
   * tags say besides its text's heading and summary, if anything.
   */
  load?: (context: PageLoadContext) => Promise<Partial<PageMeta> | void>;
}

/** The visitor's 404: a page's load throws it for an address it does not know. */
export function notFound(): never {
  // eslint-disable-next-line @typescript-eslint/only-throw-error -- react-router's way to set the status
  throw data('Not Found', { status: 404 });
}

/** A preview link that is forged, altered or too old: the visitor's 404, saying so. */
export function previewExpired(): never {
  // eslint-disable-next-line @typescript-eslint/only-throw-error -- react-router's way to set the status
  throw data(PREVIEW_EXPIRED, { status: 404 });
}

/** What the API answers for an address that names nothing: not found, or input it refuses (a 3,000-letter tag). */
const NAMES_NOTHING = ['NOT_FOUND', 'BAD_REQUEST', 'BAD_USER_INPUT'];

/**
 * A NOT_FOUND from the API (e.g. the page was disabled meanwhile), or its refusal of what the address holds (no post
 * could have that slug), is the visitor's 404, not a failure: in the browser a client error (`data.code`), in the
 * server-side render the procedure's own error (`code`).
 */
export function isNotFound(error: unknown): boolean {
  const { code, data } = (error ?? {}) as { code?: unknown; data?: { code?: unknown } };
  return NAMES_NOTHING.includes(String(data?.code ?? code));
}
