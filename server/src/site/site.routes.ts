import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';
import fastifyStatic from '@fastify/static';
import { createTRPCOptionsProxy } from '@trpc/tanstack-react-query';
import type { FastifyBaseLogger, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { PRODUCT_NAME } from '../../../shared/brand.js';
import { GLOBAL_COUNTRY_ID } from '../../../shared/enums.js';
import { PAGE_PREVIEW_PARAM, POST_PATH_PREFIX, PREVIEW_PATH } from '../../../shared/post-address.js';
import { siteCountryFromCookies } from '../../../shared/site-country.js';
import { isSitePath, sitePageOf } from '../../../shared/site-pages.js';
import type { RenderFunction } from '../../../shared/ssr.js';
import type { Config } from '../config.js';
import { AppError } from '../errors.js';
import { openIpCountryLookup } from '../geo/ip-country.js';
import {
  decideVisitorCountry,
  loadEnabledCountries,
  siteAddressOf,
  type EnabledCountries,
} from '../geo/visitor-country.js';
import { allowScriptsByHash, scriptNonce } from '../http/security-headers.js';
import { sendDatabaseUnavailable } from '../http/errors.js';
import { appRouter } from '../trpc/router.js';
import { createTrpcContext } from '../trpc/context.js';
import type { CachedPage, PageCache } from './page-cache.js';
import { matchesEtag, type registerPageCacheFront } from './page-cache-front.js';

interface Renderer {
  template(url: string): Promise<string>;
  render(): Promise<RenderFunction>;
  /** Head links for a rendered page's own styles and chunks (the built client only; Vite serves them in development). */
  assets: (modules: string[]) => PageLinks;
}

/**
 * The site itself: built client assets (or Vite's dev middleware) and the server-side render of every
 * public page. Admin pages get the bare shell and render in the browser. Public pages are kept in the page cache
 * (decision 025) except in development, where the code changes under them.
 */
export async function siteRoutes(
  app: FastifyInstance,
  {
    config,
    pageCache: cache,
    pageCacheFront,
  }: {
    config: Config;
    pageCache: PageCache | undefined;
    pageCacheFront?: ReturnType<typeof registerPageCacheFront>;
  },
): Promise<void> {
  const renderer = config.dev ? await devRenderer(app) : await productionRenderer(app, config);
  const ipCountry = await openIpCountryLookup();
  const pageIds = pageIdsOf(app);
  const enabledCountries = () =>
    cache
      ? cache.remember(ENABLED_COUNTRIES, ['countries'], () => loadEnabledCountries(app.db))
      : loadEnabledCountries(app.db);
  /**
   * The country site of a request: the country its address names (`/np/…`, decision 066), or else the visitor's
   * (their choice, their address, Global) at an unprefixed address.
   */
  const countryOf = (request: FastifyRequest, path: string, countries: EnabledCountries) => {
    const address = siteAddressOf(path, countries);
    const countryId =
      address.countryId ??
      decideVisitorCountry(countries, ipCountry, request.log, {
        chosenCountryId: siteCountryFromCookies(request.headers.cookie),
        ip: request.ip,
        cdnCountryCode: cdnCountryCodeOf(request, config),
      });
    return {
      countryId,
      countryCode: countries.codeById.get(countryId) ?? null,
      basename: address.basename,
      prefixed: address.countryId !== undefined,
    };
  };
  // The kept page for a request, as the route below would choose it; only once the enabled countries are known.
  // The path as sent: a kept page's key is a normalised path, which a path with `..` or escapes never equals.
  if (cache) {
    pageCacheFront?.serveWith((request) => {
      const countries = cache.known<EnabledCountries>(ENABLED_COUNTRIES);
      if (!countries) return undefined;
      const [path, query] = request.url.split('?', 2) as [string, string | undefined];
      // A page text's preview shows its draft: rendered for whoever holds the link, never the kept page.
      if (query && new URLSearchParams(query).has(PAGE_PREVIEW_PARAM)) return undefined;
      return cache.get(pageKey(countryOf(request, path, countries).countryId, path));
    });
  }

  // The country site a visitor's address points at, asked for by a page at another country's address: it may suggest
  // that site (never a redirect, decision 066), and the page itself stays the same for everyone.
  app.get('/api/site/visitor-country', async (request, reply) => {
    reply.header('Cache-Control', 'private, no-store');
    const countries = await enabledCountries();
    const countryId = decideVisitorCountry(countries, ipCountry, request.log, {
      chosenCountryId: undefined,
      ip: request.ip,
      cdnCountryCode: cdnCountryCodeOf(request, config),
    });
    const code = countries.codeById.get(countryId);
    if (countryId === GLOBAL_COUNTRY_ID || !code) return { site: null };
    return { site: { id: countryId, code, name: countries.nameById.get(countryId) } };
  });

  app.get('/*', async (request, reply) => {
    const url = new URL(request.url, config.publicUrl);
    reply.header('Content-Type', 'text/html; charset=utf-8').header('Cache-Control', 'no-cache');
    if (url.pathname === '/admin' || url.pathname.startsWith('/admin/')) {
      const template = withNonce(await renderer.template(url.pathname), scriptNonce(reply.raw));
      const head = `<title>Staff area · ${PRODUCT_NAME}</title><meta name="robots" content="noindex">`;
      return reply.send(fill(template, { head, body: '', state: '' }));
    }
    // A visitor who left (closed the tab, followed another link) gets nothing: skip the database and the render.
    if (clientGone(request)) return abandoned(request, reply);
    const { countryId, countryCode, basename, prefixed } = countryOf(request, url.pathname, await enabledCountries());
    // The page's path on its site: what the page is, whichever country's address it is at.
    const sitePath = url.pathname.slice(basename.length) || '/';
    // Only a kept page may be kept by others too (its own headers); anything else is this visitor's alone.
    reply.header('Cache-Control', 'private, no-cache');
    if (config.cdnCountryHeader && !prefixed) reply.header('Vary', `${config.cdnCountryHeader}, Cookie`);
    if (clientGone(request)) return abandoned(request, reply);
    const page = {
      url,
      countryId,
      countryCode,
      basename,
      template: () => renderer.template(url.pathname),
      render: () => renderer.render(),
      assets: renderer.assets,
    };
    // A preview (a post's, or a page's text draft) is for whoever holds its link: never kept, here or by a CDN, never
    // listed, and its address (the token) never sent on to the sites its links lead to.
    const preview = sitePath.startsWith(PREVIEW_PATH) || url.searchParams.has(PAGE_PREVIEW_PARAM);
    if (preview) {
      reply.header('Cache-Control', 'private, no-store').header('X-Robots-Tag', 'noindex');
      reply.header('Referrer-Policy', 'no-referrer');
    }
    if (!cache || preview)
      return sendRendered(request, reply, await renderPage(request, config, page, scriptNonce(reply.raw)));

    const key = pageKey(countryId, url.pathname);
    const kept = cache.get(key);
    if (kept) return sendKept(request, reply, kept, 'hit');
    const outcome = await cache.once(key, async () => {
      const startedAt = cache.begin();
      const rendered = await renderPage(request, config, page);
      if (rendered.kind !== 'page' || rendered.status !== 200) return rendered;
      const html = Buffer.from(rendered.html);
      const etag = etagOf(html);
      // The headers of this response so far (the security headers, set on request) become every visitor's.
      allowScriptsByHash(reply, inlineScriptHashes(rendered.html));
      reply
        .header('ETag', etag)
        .header('Cache-Control', pageCacheControl(config, prefixed))
        .header('Vary', pageVary(config, prefixed));
      // Every page shows its country and the chat bubble's branches (of every country).
      const tags = ['countries', 'chat-branches', `country:${countryId}`, ...(await pageIds.tagsOf(sitePath))];
      const kept: KeptPage = { body: html, encoded: {}, headers: sharedHeadersOf(reply), etag, tags };
      if (cache.keep(key, kept, startedAt)) compressKept(kept, request.log);
      return { kind: 'kept' as const, page: kept };
    });
    if (outcome.kind === 'kept') return sendKept(request, reply, outcome.page, 'miss');
    if (outcome.kind !== 'page') return sendRendered(request, reply, outcome);
    // Not found and the like: this visitor's answer alone, its scripts allowed by hash (it was rendered without a nonce).
    allowScriptsByHash(reply, inlineScriptHashes(outcome.html));
    return reply.code(outcome.status).header('X-Page-Cache', 'miss').send(outcome.html);
  });
}

/** A page as the cache is given it. */
type KeptPage = Omit<CachedPage, 'storedAt' | 'bytes'>;

/** A kept page's key: the front door and the route find pages by the same one. */
const pageKey = (countryId: number, path: string) => `${countryId} ${path}`;

/** The key of the enabled countries among the page cache's values. */
const ENABLED_COUNTRIES = 'enabled countries';

/**
 * A page at a country's address depends on its URL alone: any shared cache may keep it for a minute and serve it
 * stale for ten more while it asks again. At an unprefixed address the page differs by the visitor's address: shared
 * caches must not keep it, unless a CDN knows the visitor's country and keys by it and the choice cookie (the
 * README's "Behind a CDN").
 */
function pageCacheControl(config: Config, prefixed: boolean): string {
  return prefixed || config.cdnCountryHeader
    ? 'public, max-age=0, s-maxage=60, stale-while-revalidate=600'
    : 'private, no-cache';
}

/** A kept page is sent compressed or not; unprefixed behind a CDN, it differs by country header and choice cookie. */
function pageVary(config: Config, prefixed: boolean): string {
  // Lower case, as @fastify/compress looks for it (it would add it again when it compresses a copy itself).
  return config.cdnCountryHeader && !prefixed
    ? `accept-encoding, ${config.cdnCountryHeader}, Cookie`
    : 'accept-encoding';
}

/** Headers that belong to one response, never to a kept page. */
const ONE_RESPONSE_HEADERS = new Set([
  'set-cookie',
  'x-request-id',
  'x-page-cache',
  'content-length',
  'content-encoding',
  'transfer-encoding',
  'date',
  'connection',
  'keep-alive',
  'retry-after',
]);

/** A reply's headers as a kept page's: lower-case names, one string each, nothing of the one response. */
function sharedHeadersOf(reply: FastifyReply): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(reply.getHeaders())) {
    const lower = name.toLowerCase();
    if (value === undefined || ONE_RESPONSE_HEADERS.has(lower) || lower.startsWith('access-control-')) continue;
    headers[lower] = Array.isArray(value) ? value.join(', ') : String(value);
  }
  return headers;
}

/**
 * Compresses a kept page once, off the event loop (zlib's thread pool), as well as it can be: brotli at its best
 * quality (about 40 ms for the home page, once) and gzip. Served by the page cache's front door once ready.
 */
function compressKept(page: KeptPage, log: FastifyBaseLogger): void {
  const size = page.body.length;
  brotliCompress(
    page.body,
    { params: { [zlib.BROTLI_PARAM_QUALITY]: zlib.BROTLI_MAX_QUALITY, [zlib.BROTLI_PARAM_SIZE_HINT]: size } },
    (error, compressed) => {
      if (error) log.warn({ err: error }, 'page cache: brotli compression failed');
      else page.encoded.br = compressed;
    },
  );
  gzip(page.body, { level: zlib.Z_BEST_COMPRESSION }, (error, compressed) => {
    if (error) log.warn({ err: error }, 'page cache: gzip compression failed');
    else page.encoded.gzip = compressed;
  });
}

/** The CDN's two-letter country code of the visitor, when a CDN is configured and sent one. */
function cdnCountryCodeOf(request: FastifyRequest, config: Config): string | undefined {
  if (!config.cdnCountryHeader) return undefined;
  const value = request.headers[config.cdnCountryHeader];
  const code = typeof value === 'string' ? value.trim().toUpperCase() : '';
  return /^[A-Z]{2}$/.test(code) ? code : undefined;
}

/** The address a page renders from: its path, with a page text's preview token if it has one. */
function renderedUrl(url: URL, publicUrl: string): URL {
  const rendered = new URL(url.pathname, publicUrl);
  const preview = url.searchParams.get(PAGE_PREVIEW_PARAM);
  if (preview) rendered.searchParams.set(PAGE_PREVIEW_PARAM, preview);
  return rendered;
}

type Rendered =
  | { kind: 'page'; status: number; html: string }
  | { kind: 'redirect'; status: number; location: string }
  | { kind: 'unavailable' };

/**
 * Renders a public page for the country. Always as an anonymous visitor, so that no page can hold anything of the
 * person who asked for it (a bearer token on a page request changes nothing), and from the path alone: no public
 * route reads the query string, but for a page text's preview token (such a page is never kept).
 */
async function renderPage(
  request: FastifyRequest,
  config: Config,
  page: {
    url: URL;
    countryId: number;
    /** Its site's address code; null: none (Global). */
    countryCode: string | null;
    /** The country's address (`/np`), or '' at the root. */
    basename: string;
    template: () => Promise<string>;
    render: () => Promise<RenderFunction>;
    assets: Renderer['assets'];
  },
  nonce?: string,
): Promise<Rendered> {
  const ctx = {
    ...createTrpcContext(request),
    authenticate: () => Promise.reject(new AppError('UNAUTHENTICATED', 'Sign in to continue.')),
  };
  const [template, render] = await Promise.all([page.template(), page.render()]);
  const result = await render({
    request: new Request(renderedUrl(page.url, config.publicUrl), { headers: { accept: 'text/html' } }),
    countryId: page.countryId,
    countryCode: page.countryCode,
    basename: page.basename,
    origin: config.publicUrl,
    ...(nonce ? { nonce } : {}),
    createTrpc: (queryClient) => createTRPCOptionsProxy({ router: appRouter, ctx, queryClient }),
  });
  if (result.kind !== 'page') return result;
  // The page's own styles right after the entry's (they build on them), its chunks after the entry's.
  const links = page.assets(result.modules ?? []);
  const html = fill(nonce ? withNonce(template, nonce) : template, { ...result, styles: links.styles })
    .replace('</head>', () => `${links.scripts}</head>`)
    .replace('<html lang="en"', () => `<html lang="${result.lang}"`);
  return { kind: 'page', status: result.status, html };
}

function sendRendered(request: FastifyRequest, reply: FastifyReply, rendered: Exclude<Rendered, never>) {
  if (rendered.kind === 'redirect') return reply.redirect(rendered.location, rendered.status);
  if (rendered.kind === 'unavailable') return sendDatabaseUnavailable(request, reply);
  return reply.code(rendered.status).send(rendered.html);
}

/** A kept page from the route (the front door sends most): its own headers; 304 when the browser holds it already. */
function sendKept(
  request: FastifyRequest,
  reply: FastifyReply,
  page: Pick<CachedPage, 'body' | 'headers' | 'etag'>,
  state: 'hit' | 'miss',
) {
  reply.headers(page.headers).header('X-Page-Cache', state);
  if (matchesEtag(request.headers['if-none-match'], page.etag)) return reply.code(304).send();
  return reply.code(200).send(page.body);
}

/** A strong validator: the page's bytes decide it. */
function etagOf(html: Buffer): string {
  return `"${createHash('sha256').update(html).digest('base64url').slice(0, 27)}"`;
}

/** The hashes of a page's inline scripts (those without `src`), as Content-Security-Policy sources. */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const [, attributes, body] of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    if (/\ssrc\s*=/i.test(attributes!)) continue;
    hashes.add(`sha256-${createHash('sha256').update(body!).digest('base64')}`);
  }
  return [...hashes];
}

/** The `page:<id>` tag of a public path (pages never change, so their ids are read once). */
function pageIdsOf(app: FastifyInstance) {
  let ids: Promise<Map<string, number>> | undefined;
  const load = async () =>
    new Map((await app.db.selectFrom('pages').select(['id', 'name']).execute()).map((row) => [row.name, row.id]));
  return {
    async tagsOf(path: string): Promise<string[]> {
      // The blog's lists and posts (`/blog/…`) are the blog page's too: they load its text.
      const sitePath = isSitePath(path) ? path : path.startsWith(POST_PATH_PREFIX) ? '/blog' : undefined;
      if (!sitePath) return [];
      ids ??= load().catch((error: unknown) => {
        ids = undefined;
        throw error;
      });
      const id = (await ids).get(sitePageOf(sitePath).name);
      return id === undefined ? [] : [`page:${id}`];
    },
  };
}

/**
 * Whether the client has closed its connection: a reset destroys the socket, a close (FIN) makes Node end its side
 * (no longer writable). A render for it would be work for no one, which under load delays everyone else.
 */
function clientGone(request: FastifyRequest): boolean {
  const socket = request.raw.socket as FastifyRequest['raw']['socket'] | null;
  // Compared with true/false: an injected request's stand-in socket has neither property.
  return !socket || socket.destroyed === true || socket.writable === false;
}

/** 499 (as proxies log a request its client closed): nothing reaches anyone, but the log says what happened. */
function abandoned(request: FastifyRequest, reply: FastifyReply) {
  request.log.info({ url: request.url }, 'client gone: render skipped');
  return reply.code(499).send();
}

/**
 * Gives the template's own script elements this response's nonce (Vite's inline scripts in development; the built
 * template has only same-origin module scripts). Applied to the template alone, before any content is filled in.
 */
function withNonce(template: string, nonce: string): string {
  return template.replace(/<script(?=[\s>])(?![^>]*\snonce=)/g, `<script nonce="${nonce}"`);
}

function fill(template: string, parts: { head: string; body: string; state: string; styles?: string }): string {
  // Functions as replacements, so `$` in content is never read as a replacement pattern.
  return template
    .replace('<!--app-head-->', () => parts.head)
    .replace(PAGE_STYLES, () => parts.styles ?? '')
    .replace('<!--app-body-->', () => parts.body)
    .replace('<!--app-state-->', () => parts.state);
}

/** Where a page's own stylesheets go in the built template (`stylesFirst`). */
const PAGE_STYLES = '<!--page-styles-->';

/**
 * The built template with its stylesheets first in the head, right after the page's own head (title, meta, the
 * hero image's preload), and a place for the page's styles after them: the first paint waits for the styles, so
 * they are asked for before the scripts (which a module script runs after parsing anyway) take the connections.
 * The scripts are asked for at low priority (`SCRIPT_PRIORITY`) for the same reason.
 */
export function stylesFirst(template: string): string {
  const styles = template.match(/<link rel="stylesheet"[^>]*>\s*/g) ?? [];
  let moved = template;
  for (const style of styles) moved = moved.replace(style, '');
  moved = moved.replace(/<(script type="module"|link rel="modulepreload")/g, `<$1 ${SCRIPT_PRIORITY}`);
  return moved.replace('<!--app-head-->', () => `<!--app-head-->${styles.join('')}${PAGE_STYLES}`);
}

/**
 * The scripts only make a page that is already shown interactive, so they must not take the bandwidth of what the
 * first paint waits for (the styles and the hero image) on a slow phone connection: browsers fetch module scripts
 * and their preloads at high priority unless told otherwise, and Lighthouse counts high-priority requests as
 * render-blocking.
 */
const SCRIPT_PRIORITY = 'fetchpriority="low"';

/** A page's own links: its stylesheets and its scripts' module preloads. */
interface PageLinks {
  styles: string;
  scripts: string;
}

/** A chunk of the client build, as Vite's manifest (`dist/client/.vite/manifest.json`) describes it. */
interface ManifestChunk {
  file: string;
  name?: string;
  isDynamicEntry?: boolean;
  isEntry?: boolean;
  imports?: string[];
  css?: string[];
}

type ClientManifest = Record<string, ManifestChunk>;

async function readClientManifest(clientDir: string): Promise<ClientManifest> {
  return JSON.parse(await readFile(path.join(clientDir, '.vite', 'manifest.json'), 'utf8')) as ClientManifest;
}

/**
 * The manifest key of a page's source file. The bundler names a page's chunk by its source when the page is the
 * chunk's own module, but a page other pages import too (ServicePage's ContentPage) may become a shared chunk
 * keyed by its name (`_ServicePage-<hash>.js`): then the dynamic entry of that name is the page's chunk.
 */
function keyOf(manifest: ClientManifest, module: string): string {
  if (manifest[module]) return module;
  const name = path.basename(module).replace(/\.[jt]sx?$/, '');
  return Object.keys(manifest).find((key) => manifest[key]!.isDynamicEntry && manifest[key]!.name === name) ?? module;
}

/** A chunk and every chunk it imports statically, by manifest key. */
function staticImportsOf(manifest: ClientManifest, key: string, seen = new Set<string>()): Set<string> {
  if (seen.has(key) || !manifest[key]) return seen;
  seen.add(key);
  for (const imported of manifest[key].imports ?? []) staticImportsOf(manifest, imported, seen);
  return seen;
}

/**
 * `<link>`s for a page's own chunks: their styles (so the first paint has them) and their scripts as module
 * preloads (fetched with the HTML, not after the entry script asks for them). What the entry loads anyway is left
 * out: the template links it already. The entry's chunks are read once, and each page's links once.
 */
function pageAssetLinker(manifest: ClientManifest): (modules: string[]) => PageLinks {
  const entryKey = Object.keys(manifest).find((key) => manifest[key]?.isEntry);
  const entry = entryKey ? staticImportsOf(manifest, entryKey) : new Set<string>();
  const entryStyles = new Set([...entry].flatMap((key) => manifest[key]?.css ?? []));
  const links = new Map<string, PageLinks>();
  const linksOf = (modules: string[]): PageLinks => {
    const chunks = new Set(modules.flatMap((module) => [...staticImportsOf(manifest, keyOf(manifest, module))]));
    const pageChunks = [...chunks].filter((key) => !entry.has(key)).map((key) => manifest[key]!);
    const styles = new Set(pageChunks.flatMap((chunk) => chunk.css ?? []).filter((file) => !entryStyles.has(file)));
    return {
      styles: [...styles].map((file) => `<link rel="stylesheet" crossorigin href="/${file}">`).join(''),
      scripts: pageChunks
        .map((chunk) => `<link rel="modulepreload" ${SCRIPT_PRIORITY} crossorigin href="/${chunk.file}">`)
        .join(''),
    };
  };
  return (modules) => {
    const key = modules.join(' ');
    let found = links.get(key);
    if (found === undefined) links.set(key, (found = linksOf(modules)));
    return found;
  };
}

async function productionRenderer(app: FastifyInstance, config: Config): Promise<Renderer> {
  const clientDir = path.join(config.distDir, 'client');
  const built = await readFile(path.join(clientDir, 'index.html'), 'utf8').catch(() => {
    throw new Error(`The built client is missing in ${clientDir}: run "npm run build" first.`);
  });
  const template = stylesFirst(built);
  const entry = path.join(config.distDir, 'ssr', 'entry-server.js');
  const { render } = (await import(entry)) as { render: RenderFunction };

  await app.register(fastifyStatic, {
    root: clientDir,
    prefix: '/',
    // Files are routed one by one (no wildcard), so every other path reaches the renderer below.
    wildcard: false,
    index: false,
    // The HTML template is only ever sent filled in.
    allowedPath: (pathName) => pathName !== '/index.html',
    preCompressed: true,
    // Cache-Control is set per file below.
    cacheControl: false,
    setHeaders(res, filePath) {
      const fingerprinted = filePath.startsWith(path.join(clientDir, 'assets') + path.sep);
      res.setHeader('Cache-Control', fingerprinted ? 'public, max-age=31536000, immutable' : 'public, max-age=3600');
      res.setHeader('X-Content-Type-Options', 'nosniff');
    },
  });
  const manifest = await readClientManifest(clientDir);
  return {
    template: () => Promise.resolve(template),
    render: () => Promise.resolve(render),
    assets: pageAssetLinker(manifest),
  };
}

async function devRenderer(app: FastifyInstance): Promise<Renderer> {
  // Imported only in development: Vite is a dev dependency.
  const { createServer } = await import('vite');
  const clientRoot = path.resolve('client');
  const vite = await createServer({
    configFile: path.join(clientRoot, 'vite.config.ts'),
    server: { middlewareMode: true },
    appType: 'custom',
  });
  // @fastify/middie is registered by buildApp.
  app.use(vite.middlewares);
  app.addHook('onClose', () => vite.close());
  return {
    template: async (url) => vite.transformIndexHtml(url, await readFile(path.join(clientRoot, 'index.html'), 'utf8')),
    render: async () => ((await vite.ssrLoadModule('/src/entry-server.tsx')) as { render: RenderFunction }).render,
    assets: () => ({ styles: '', scripts: '' }),
  };
}
