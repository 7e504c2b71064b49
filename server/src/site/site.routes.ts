import { readFile } from 'node:fs/promises';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { createTRPCOptionsProxy } from '@trpc/tanstack-react-query';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { PRODUCT_NAME } from '../../../shared/brand.js';
import { siteCountryFromCookies } from '../../../shared/site-country.js';
import type { RenderFunction } from '../../../shared/ssr.js';
import type { Config } from '../config.js';
import { openIpCountryLookup, type IpCountryLookup } from '../geo/ip-country.js';
import { decideVisitorCountry } from '../geo/visitor-country.js';
import { scriptNonce } from '../http/security-headers.js';
import { sendDatabaseUnavailable } from '../http/errors.js';
import { appRouter } from '../trpc/router.js';
import { createTrpcContext } from '../trpc/context.js';

interface Renderer {
  template(url: string): Promise<string>;
  render(): Promise<RenderFunction>;
}

/**
 * The site itself: built client assets (or Vite's dev middleware) and the server-side render of every
 * public page. Admin pages get the bare shell and render in the browser.
 */
export async function siteRoutes(app: FastifyInstance, { config }: { config: Config }): Promise<void> {
  const renderer = config.dev ? await devRenderer(app) : await productionRenderer(app, config);
  const ipCountry = await openIpCountryLookup();

  app.get('/*', async (request, reply) => {
    const url = new URL(request.url, config.publicUrl);
    const template = withNonce(await renderer.template(url.pathname), scriptNonce(reply.raw));
    reply.header('Content-Type', 'text/html; charset=utf-8').header('Cache-Control', 'no-cache');
    if (url.pathname === '/admin' || url.pathname.startsWith('/admin/')) {
      const head = `<title>Staff area · ${PRODUCT_NAME}</title><meta name="robots" content="noindex">`;
      return reply.send(fill(template, { head, body: '', state: '' }));
    }
    return renderPage(request, reply, { url, template, config, ipCountry }, await renderer.render());
  });
}

async function renderPage(
  request: FastifyRequest,
  reply: FastifyReply,
  { url, template, config, ipCountry }: { url: URL; template: string; config: Config; ipCountry: IpCountryLookup },
  render: RenderFunction,
) {
  // A visitor who left (closed the tab, followed another link) gets nothing: skip the database and the render.
  if (clientGone(request)) return abandoned(request, reply);
  const ctx = createTrpcContext(request);
  const countryId = await decideVisitorCountry(request.server.db, ipCountry, request.log, {
    chosenCountryId: siteCountryFromCookies(request.headers.cookie),
    ip: request.ip,
  });
  // The page differs by the choice cookie and the visitor's address: shared caches must not keep it.
  reply.header('Cache-Control', 'private, no-cache');
  if (clientGone(request)) return abandoned(request, reply);
  const result = await render({
    request: new Request(url, { headers: { accept: request.headers.accept ?? 'text/html' } }),
    countryId,
    origin: config.publicUrl,
    nonce: scriptNonce(reply.raw),
    createTrpc: (queryClient) => createTRPCOptionsProxy({ router: appRouter, ctx, queryClient }),
  });
  if (result.kind === 'redirect') return reply.redirect(result.location, result.status);
  if (result.kind === 'unavailable') return sendDatabaseUnavailable(request, reply);
  return reply.code(result.status).send(fill(template, result));
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

function fill(template: string, parts: { head: string; body: string; state: string }): string {
  // Functions as replacements, so `$` in content is never read as a replacement pattern.
  return template
    .replace('<!--app-head-->', () => parts.head)
    .replace('<!--app-body-->', () => parts.body)
    .replace('<!--app-state-->', () => parts.state);
}

async function productionRenderer(app: FastifyInstance, config: Config): Promise<Renderer> {
  const clientDir = path.join(config.distDir, 'client');
  const template = await readFile(path.join(clientDir, 'index.html'), 'utf8').catch(() => {
    throw new Error(`The built client is missing in ${clientDir}: run "npm run build" first.`);
  });
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
  return { template: () => Promise.resolve(template), render: () => Promise.resolve(render) };
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
  };
}
