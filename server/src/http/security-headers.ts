import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet from 'helmet';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Config, SiteSettings } from '../config.js';

type DirectiveValue = string | ((req: IncomingMessage, res: ServerResponse) => string);
export type CspDirectives = Record<string, DirectiveValue[]>;

const nonces = new WeakMap<ServerResponse, string>();

/**
 * The nonce of this response's inline scripts: 128 random bits, made on first use and the same for the rest of the
 * response, so the Content-Security-Policy header and the `<script nonce>` attributes agree. Keyed by the Node
 * response, which the site's routes (`reply.raw`) and the embedded provider's Koa pages (`ctx.res`) both hold.
 */
export function scriptNonce(res: ServerResponse): string {
  let nonce = nonces.get(res);
  if (nonce === undefined) {
    nonce = randomBytes(16).toString('base64');
    nonces.set(res, nonce);
  }
  return nonce;
}

/**
 * Lets this response's inline scripts run by their hashes (`'sha256-…'`) instead of its nonce: a kept public page is
 * sent to many visitors unchanged, so its policy must not depend on the response (decision 025). The policy header
 * is already set (on request): its nonce source is replaced.
 */
export function allowScriptsByHash(reply: FastifyReply, hashes: readonly string[]): void {
  const policy = reply.getHeader('content-security-policy');
  if (typeof policy !== 'string') return;
  const sources = hashes.map((hash) => `'${hash}'`).join(' ');
  reply.header(
    'content-security-policy',
    policy.replace(`'nonce-${scriptNonce(reply.raw)}'`, sources).replace(/ ;/g, ';'),
  );
}

/** Browser features no page of the site uses, denied to it and to every frame it embeds. */
export const PERMISSIONS_POLICY = [
  'camera=()',
  'microphone=()',
  'geolocation=()',
  'payment=()',
  'usb=()',
  'serial=()',
  'hid=()',
  'display-capture=()',
  // Topics, the successor of FLoC's interest-cohort (which Chromium no longer recognises and warns about).
  'browsing-topics=()',
].join(', ');

/** Frames the public pages embed: privacy-enhanced YouTube, Vimeo's player and Google Maps (see content/embeds.ts). */
const EMBEDDED_FRAMES = [
  'https://www.youtube-nocookie.com/embed/',
  'https://player.vimeo.com/video/',
  // A maps link is embedded when it is /maps?…output=embed or /maps/embed… on one of Google's hosts.
  ...['www.google.com', 'maps.google.com', 'google.com'].flatMap((host) => [
    `https://${host}/maps`,
    `https://${host}/maps/`,
  ]),
];

/** Google's own list for reCAPTCHA under a CSP (its FAQ), used only when RECAPTCHA_SITE_KEY is set. */
const RECAPTCHA = {
  script: ['https://www.google.com/recaptcha/', 'https://www.gstatic.com/recaptcha/'],
  frame: ['https://www.google.com/recaptcha/', 'https://recaptcha.google.com/recaptcha/'],
};

/** GraphiQL (development only) loads React, its script and its stylesheet from unpkg. */
const GRAPHIQL_CDN = 'https://unpkg.com';

function isApi(req: IncomingMessage): boolean {
  return (req.url ?? '').startsWith('/api/');
}

function isStaffArea(req: IncomingMessage): boolean {
  const path = (req.url ?? '').split('?')[0]!;
  return path === '/admin' || path.startsWith('/admin/');
}

/**
 * Images: this site's (and data: URIs) everywhere. The staff area also shows the preview of a flag being uploaded
 * (blob:) and YouTube stills, and an external provider's profile picture, which can come from any https host.
 */
function imageSources(req: IncomingMessage, config: Config): string[] {
  if (!isStaffArea(req)) return ["'self'", 'data:'];
  return [
    "'self'",
    'data:',
    'blob:',
    'https://i.ytimg.com',
    ...(config.identity.kind === 'external' ? ['https:'] : []),
  ];
}

/**
 * The Content-Security-Policy of every response (media files set their own, stricter one). Written for the HTML
 * pages: the server-rendered public site, the staff area's shell and the embedded provider's sign-in pages; on
 * JSON and assets it costs nothing and forbids framing.
 */
export function contentSecurityPolicy(
  config: Config,
  siteSettings: () => SiteSettings = () => config.site,
): CspDirectives {
  const https = config.publicUrl.startsWith('https://');
  const recaptcha = config.captcha.kind === 'recaptcha';
  const ownOrigins = ["'self'", new URL(config.publicUrl).origin];
  // The newsletter provider staff set now (decision 034): read per response, so a change needs no restart.
  const formTargets = () => {
    const newsletter = siteSettings().newsletterFormUrl;
    return [...new Set([...ownOrigins, ...(newsletter ? [new URL(newsletter).origin] : [])])].join(' ');
  };

  const directives: CspDirectives = {
    'default-src': ["'self'"],
    // Inline scripts only with this response's nonce, or for a kept public page by their hashes (the render's state
    // and react-router's hydration data); files from this site (Vite's chunks, the ALTCHA worker).
    'script-src': [
      "'self'",
      // API answers (JSON) run no scripts: no nonce to make for them.
      (req, res) => (isApi(req) ? '' : `'nonce-${scriptNonce(res)}'`),
      ...(recaptcha ? RECAPTCHA.script : []),
      ...(config.dev ? [GRAPHIQL_CDN] : []),
    ],
    // 'unsafe-inline' for style attributes in the server HTML and the <style> elements Mantine and its scroll lock
    // insert at run time (decision 019). No style nonce: a nonce would switch 'unsafe-inline' off.
    // No inline event handlers (onclick="…"), nonce or not.
    'script-src-attr': ["'none'"],
    'style-src': ["'self'", "'unsafe-inline'", ...(config.dev ? [GRAPHIQL_CDN] : [])],
    'img-src': [(req) => imageSources(req, config).join(' ')],
    'font-src': ["'self'", 'data:'],
    // Vite's hot reload talks over a WebSocket on its own port in development.
    'connect-src': ["'self'", ...(config.dev ? ['ws:', 'wss:'] : [])],
    'worker-src': ["'self'"],
    'frame-src': [...EMBEDDED_FRAMES, ...(recaptcha ? RECAPTCHA.frame : [])],
    // Forms post here, the embedded provider's redirects go to PUBLIC_URL, and the footer's sign-up form posts to
    // the mailing-list provider.
    'form-action': [formTargets],
    'frame-ancestors': ["'none'"],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
  };
  if (https) directives['upgrade-insecure-requests'] = [];
  return directives;
}

/**
 * Security headers on every response (decision 019): helmet with the policy above, HSTS when the site is served
 * over https, Permissions-Policy, and media that other sites may embed.
 */
export function registerSecurityHeaders(
  app: FastifyInstance,
  config: Config,
  siteSettings: () => SiteSettings = () => config.site,
): void {
  const https = config.publicUrl.startsWith('https://');
  // Helmet's middleware, made once (its Fastify plugin makes it again for every request: most of the cost of a quick
  // API answer's headers).
  const setHeaders = helmet({
    contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicy(config, siteSettings) },
    // Over plain http the header would be ignored; sent once over https it pins the site for a year.
    strictTransportSecurity: https ? { maxAge: 365 * 24 * 3600, includeSubDomains: true, preload: false } : false,
    // YouTube refuses embeds that send no referrer; other sites learn only our origin, and nothing over http.
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    frameguard: { action: 'deny' },
    crossOriginOpenerPolicy: { policy: 'same-origin' },
    crossOriginResourcePolicy: { policy: 'same-origin' },
    // require-corp would block the YouTube, Vimeo and Maps frames.
    crossOriginEmbedderPolicy: false,
  });
  // On the Node response, so the provider and Vite (mounted as middleware) get them too.
  app.addHook('onRequest', (request, reply, done) => {
    setHeaders(request.raw, reply.raw, () => undefined);
    reply.raw.setHeader('Permissions-Policy', PERMISSIONS_POLICY);
    // Media are public content that API callers show on their own sites: let any site embed them.
    if (request.url.startsWith('/media/')) reply.raw.setHeader('Cross-Origin-Resource-Policy', 'cross-origin');
    done();
  });
}
