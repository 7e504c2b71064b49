import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { leaveOutOfLog } from '../http/logger.js';
import type { CachedPage } from './page-cache.js';

/** Finds the kept page a request asks for, if the cache holds it (the site's routes know how: decision 025). */
export type KeptPageFinder = (request: FastifyRequest) => CachedPage | undefined;

/** How often the log sums up the pages served from the cache (they have no line each). */
const SUMMARY_EVERY_MS = 60_000;

/**
 * The page cache's front door (decision 025): the first hook of every request. A GET for a page the cache keeps is
 * answered here, with the kept bytes (compressed once, when the client accepts it) and the kept headers, before the
 * other hooks (security headers, sessions, compression, load shedding) redo work whose result the kept page already
 * holds. Everything else passes on untouched. The site's routes hand it their finder once they have a cache.
 */
export function registerPageCacheFront(app: FastifyInstance): { serveWith(find: KeptPageFinder): void } {
  let find: KeptPageFinder | undefined;
  let served = 0;
  let notModified = 0;
  const summary = setInterval(() => {
    if (served === 0) return;
    app.log.info({ served, notModified, seconds: SUMMARY_EVERY_MS / 1000 }, 'pages served from the page cache');
    served = notModified = 0;
  }, SUMMARY_EVERY_MS).unref();
  app.addHook('onClose', () => clearInterval(summary));

  app.addHook('onRequest', (request, reply, done) => {
    const page = request.method === 'GET' ? find?.(request) : undefined;
    const status = page && sendKeptPage(request, reply, page);
    if (!status) return done();
    served += 1;
    if (status === 304) notModified += 1;
  });
  return { serveWith: (finder) => (find = finder) };
}

/**
 * Sends a kept page as it is (or 304 when the browser holds it), and answers the status. Declines (undefined) when
 * the client wants it compressed and the compressed copy is not ready yet: the route then compresses its own.
 */
function sendKeptPage(request: FastifyRequest, reply: FastifyReply, page: CachedPage): 200 | 304 | undefined {
  const encoding = preferredEncoding(request.headers['accept-encoding']);
  const body = encoding ? page.encoded[encoding] : page.body;
  if (!body) return undefined;
  // One line a minute instead of one per page: at cache speed, lines would be most of the work. Before sending: the
  // line is written when the response ends.
  leaveOutOfLog(request);
  reply.hijack();
  const headers: Record<string, string | number> = {
    ...page.headers,
    'x-page-cache': 'hit',
    'x-request-id': request.id,
  };
  if (matchesEtag(request.headers['if-none-match'], page.etag)) {
    reply.raw.writeHead(304, headers).end();
    return 304;
  }
  headers['content-length'] = body.length;
  if (encoding) headers['content-encoding'] = encoding;
  reply.raw.writeHead(200, headers).end(body);
  return 200;
}

/** Whether an If-None-Match header names the page's validator (or `*`). */
export function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header.split(',').some((candidate) => {
    const value = candidate.trim().replace(/^W\//, '');
    return value === '*' || value === etag;
  });
}

/**
 * The compression a client prefers among those kept (brotli, then gzip), by Accept-Encoding and its q-values;
 * undefined for none (the page as it is).
 */
export function preferredEncoding(header: string | undefined): 'br' | 'gzip' | undefined {
  if (!header) return undefined;
  const weights = new Map<string, number>();
  for (const part of header.split(',')) {
    const [name, ...parameters] = part.trim().toLowerCase().split(';');
    const q = parameters.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find((value) => value !== undefined);
    if (name) weights.set(name, q === undefined ? 1 : Number(q));
  }
  const weight = (name: string) => weights.get(name) ?? weights.get('*') ?? 0;
  const br = weight('br');
  const gzip = weight('gzip');
  if (br > 0 && br >= gzip) return 'br';
  return gzip > 0 ? 'gzip' : undefined;
}
