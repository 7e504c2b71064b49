import { dehydrate } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider, type StaticHandlerContext } from 'react-router';
import { countryPath, siteLocale } from '../../shared/site-address.js';
import { GLOBAL_COUNTRY_ID } from '../../shared/enums.js';
import {
  isServiceUnavailable,
  serializeState,
  type RenderFunction,
  type RenderInput,
  type SiteState,
} from '../../shared/ssr.js';
import { AppProviders } from './AppProviders.js';
import { FONT_FILES } from './fonts.js';
import { NOT_FOUND_META, pageMetaTags, type PageLoaderData, type PageMeta, type PageSite } from './public/meta.js';
import { CountrySelection } from './public/country.js';
import { organizationJsonLd } from './public/organization-json-ld.js';
import { structuredDataTags } from './public/structured-data.js';
import { createQueryClient } from './query-client.js';
import { createRoutes, type PageRouteHandle } from './routes.js';

/** Renders one public page: runs the matching loaders, then renders the HTML and the state to hydrate it. */
export const render: RenderFunction = async ({
  request,
  countryId,
  countryCode,
  basename,
  createTrpc,
  origin,
  nonce,
}) => {
  const queryClient = createQueryClient();
  const trpc = createTrpc(queryClient);
  const countrySelection = new CountrySelection(countryId, countryCode);
  const handler = createStaticHandler(createRoutes({ queryClient, trpc, countrySelection, basename }), {
    basename: basename || '/',
  });
  const context = await handler.query(request);
  if (context instanceof Response) {
    return { kind: 'redirect', status: context.status, location: context.headers.get('Location') ?? '/' };
  }
  if (Object.values(context.errors ?? {}).some(isServiceUnavailable)) return { kind: 'unavailable' };
  const router = createStaticRouter(handler.dataRoutes, context);
  const body = renderToString(
    <StrictMode>
      <AppProviders queryClient={queryClient} trpc={trpc} countrySelection={countrySelection}>
        <StaticRouterProvider router={router} context={context} nonce={nonce} />
      </AppProviders>
    </StrictMode>,
  );
  const state: SiteState = { countryId, countryCode, basename, queries: dehydrate(queryClient) };
  const layout = queryClient.getQueryData(trpc.site.layout.queryKey({ countryId: countrySelection.id }));
  // The page's path on its site, and the site it shows: at a country's address that country; at the root the
  // visitor's (decision 066), whose own address is the canonical one.
  const path = new URL(request.url).pathname.slice(basename.length) || '/';
  const code = layout?.country.code ?? null;
  const address = new URL(countryPath(code, path), origin).href;
  const meta = context.statusCode === 200 ? pageMetaOf(context) : NOT_FOUND_META;
  // A country without an address of its own (shown at the root by the visitor's choice) is not listed there.
  const hasAddress = code !== null || layout?.country.id === GLOBAL_COUNTRY_ID;
  const indexable = context.statusCode === 200 && meta?.indexable !== false && hasAddress;
  const alternates = indexable ? await alternatesOf(context, path, createTrpc, origin, meta?.sameOn) : [];
  const site = { locale: siteLocale(code), alternates };
  const metaTags = meta ? pageMetaTags(meta, address, { indexable, site, structuredData: structuredDataTags }) : '';
  const organization = indexable && path === '/' && layout ? organizationJsonLd(layout, address) : '';
  return {
    kind: 'page',
    status: context.statusCode,
    lang: site.locale,
    head: metaTags + organization + FONT_PRELOADS + heroPreload(body),
    modules: context.matches.flatMap((match) => {
      const handle = match.route.handle as Partial<PageRouteHandle> | undefined;
      return handle?.module ? [handle.module] : [];
    }),
    body,
    state: `<script${nonce ? ` nonce="${escapeAttribute(nonce)}"` : ''}>window.__SITE_STATE__=${serializeState(state)}</script>`,
  };
};

/** The typeface's files, asked for with the styles: text is painted in it from the first frame. */
const FONT_PRELOADS = FONT_FILES.map(
  (href) => `<link rel="preload" as="font" type="font/woff2" href="${href}" crossorigin>`,
).join('');

/**
 * A preload of the page's hero picture (the image rendered with fetchpriority="high", the likely largest paint), so
 * the browser asks for it from the head, before the scripts, instead of when it reaches the image in the body.
 */
export function heroPreload(body: string): string {
  const image = /<img\b[^>]*\bfetchpriority="high"[^>]*>/i.exec(body)?.[0];
  if (!image) return '';
  const attribute = (name: string) => new RegExp(`\\s${name}="([^"]*)"`, 'i').exec(image)?.[1];
  const src = attribute('src');
  if (!src) return '';
  const srcset = attribute('srcset');
  const sizes = attribute('sizes');
  // The values are copied as React escaped them for an attribute.
  return (
    `<link rel="preload" as="image" href="${src}" fetchpriority="high"` +
    (srcset ? ` imagesrcset="${srcset}"` : '') +
    (sizes ? ` imagesizes="${sizes}"` : '') +
    '>'
  );
}

function escapeAttribute(value: string): string {
  return value.replace(/[&"<>]/g, (c) => ({ '&': '&amp;', '"': '&quot;', '<': '&lt;', '>': '&gt;' })[c]!);
}

/**
 * The page's addresses on every country site that shows it, for search engines (hreflang): only for a page at the
 * same path on every site (not a tag's list; a post on the sites it is published in: `sameOn`), and only when another
 * site shows it too. Global's is also the
 * `x-default`. Read through a query client of its own: the browser never needs them.
 */
async function alternatesOf(
  context: StaticHandlerContext,
  path: string,
  createTrpc: RenderInput['createTrpc'],
  origin: string,
  sameOn: number[] | undefined,
): Promise<PageSite['alternates']> {
  const handle = context.matches.at(-1)?.route.handle as Partial<PageRouteHandle> | undefined;
  if (!handle?.pageName || !(handle.sameOnEverySite || sameOn)) return [];
  const queryClient = createQueryClient();
  const sites = await queryClient.fetchQuery(createTrpc(queryClient).site.addresses.queryOptions());
  const showing = sites.filter(
    (site) =>
      site.enabledPageNames.includes(handle.pageName!) &&
      !site.unlistedPageNames.includes(handle.pageName!) &&
      (sameOn === undefined || sameOn.includes(site.id)) &&
      (site.code !== null || site.id === GLOBAL_COUNTRY_ID),
  );
  if (showing.length < 2) return [];
  const alternates = showing.map((site) => ({
    hreflang: siteLocale(site.code),
    href: new URL(countryPath(site.code, path), origin).href,
  }));
  const global = showing.find((site) => site.id === GLOBAL_COUNTRY_ID);
  if (global) alternates.push({ hreflang: 'x-default', href: new URL(path, origin).href });
  return alternates;
}

/** The meta tags of the deepest matched route that has them (public pages; admin pages render in the browser). */
function pageMetaOf(context: StaticHandlerContext): PageMeta | undefined {
  for (const match of [...context.matches].reverse()) {
    const data = context.loaderData[match.route.id] as Partial<PageLoaderData> | null | undefined;
    if (data?.meta) return data.meta;
  }
  return undefined;
}
