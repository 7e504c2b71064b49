import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, locationPath, signIn, signOut } from '../../test/auth.js';
import { buildTestApp, testConfig } from '../../test/app.js';
import { addImage } from '../../test/fixtures.js';
import { buildTestSiteApp } from '../../test/site.js';
import type { Config } from '../config.js';
import { contentSecurityPolicy, PERMISSIONS_POLICY } from './security-headers.js';

type Policy = Map<string, string[]>;

function parsePolicy(header: string | number | string[] | undefined): Policy {
  expect(typeof header, 'expected one Content-Security-Policy header').toBe('string');
  return new Map(
    (header as string).split(';').map((directive) => {
      const [name, ...values] = directive.trim().split(/\s+/);
      return [name!, values] as const;
    }),
  );
}

function policyOf(response: LightMyRequestResponse): Policy {
  return parsePolicy(response.headers['content-security-policy']);
}

/** The nonce the policy allows inline scripts with. */
function nonceOf(policy: Policy): string {
  const nonces = (policy.get('script-src') ?? []).filter((source) => source.startsWith("'nonce-"));
  expect(nonces).toHaveLength(1);
  return nonces[0]!.slice("'nonce-".length, -1);
}

/** Every `<script …>` start tag of a page. */
function scriptTags(html: string): string[] {
  return [...html.matchAll(/<script\b[^>]*>/g)].map((match) => match[0]);
}

/** The policy `config` gives a page at `path`, as helmet writes it (its per-request values evaluated). */
function policyFor(config: Config, path = '/', res = {} as ServerResponse): Policy {
  const req = { url: path } as IncomingMessage;
  return new Map(
    Object.entries(contentSecurityPolicy(config)).map(([name, values]) => [
      name,
      values.flatMap((value) => (typeof value === 'function' ? value(req, res) : value).split(' ')),
    ]),
  );
}

describe('security headers on every response', () => {
  let app: FastifyInstance;

  beforeAll(async () => {
    app = await buildTestApp();
    await app.ready();
  });
  afterAll(() => app.close());

  it('sends the Content-Security-Policy and the other security headers on an API response', async () => {
    const response = await app.inject(
      '/api/trpc/site.layout?input=' + encodeURIComponent(JSON.stringify({ countryId: 1 })),
    );
    const policy = policyOf(response);
    expect(policy.get('default-src')).toEqual(["'self'"]);
    const scriptSrc = policy.get('script-src')!;
    // An API answer runs no scripts: no nonce is made for it (pages get theirs, below).
    expect(scriptSrc).toEqual(["'self'"]);
    expect(scriptSrc).not.toContain("'unsafe-inline'");
    expect(scriptSrc).not.toContain("'unsafe-eval'");
    expect(policy.get('script-src-attr')).toEqual(["'none'"]);
    // Inline styles are allowed and carry no nonce (a nonce would turn 'unsafe-inline' off).
    expect(policy.get('style-src')).toEqual(["'self'", "'unsafe-inline'"]);
    expect(policy.get('img-src')).toEqual(["'self'", 'data:']);
    expect(policy.get('connect-src')).toEqual(["'self'"]);
    expect(policy.get('worker-src')).toEqual(["'self'"]);
    expect(policy.get('frame-src')).toEqual(
      expect.arrayContaining([
        'https://www.youtube-nocookie.com/embed/',
        'https://player.vimeo.com/video/',
        'https://www.google.com/maps',
        'https://www.google.com/maps/',
      ]),
    );
    expect(policy.get('frame-src')!.some((source) => source.includes('recaptcha'))).toBe(false);
    expect(policy.get('form-action')).toEqual(["'self'", 'http://localhost:3000']);
    expect(policy.get('frame-ancestors')).toEqual(["'none'"]);
    expect(policy.get('object-src')).toEqual(["'none'"]);
    expect(policy.get('base-uri')).toEqual(["'self'"]);
    // Served over http: nothing to upgrade, and no HSTS.
    expect(policy.has('upgrade-insecure-requests')).toBe(false);
    expect(response.headers['strict-transport-security']).toBeUndefined();

    expect(response.headers['x-frame-options']).toBe('DENY');
    expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(response.headers['permissions-policy']).toBe(PERMISSIONS_POLICY);
    for (const feature of ['camera', 'microphone', 'geolocation', 'payment', 'usb', 'browsing-topics']) {
      expect(PERMISSIONS_POLICY).toContain(`${feature}=()`);
    }
    expect(response.headers['cross-origin-opener-policy']).toBe('same-origin');
    expect(response.headers['cross-origin-resource-policy']).toBe('same-origin');
    expect(response.headers['cross-origin-embedder-policy']).toBeUndefined();
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('makes a fresh nonce for every response', async () => {
    const nonces = new Set<string>();
    for (let i = 0; i < 5; i++) nonces.add(nonceOf(policyOf(await app.inject('/healthz'))));
    expect(nonces.size).toBe(5);
  });

  it('leaves media their own stricter policy, and lets other sites embed them', async () => {
    const imageId = await addImage(app, 'GALLERY_IMAGES');
    const { blob_sha256: sha256 } = await app.db
      .selectFrom('images')
      .select('blob_sha256')
      .where('id', '=', imageId)
      .executeTakeFirstOrThrow();
    for (const url of [`/media/${sha256}.png`, `/media/${sha256}.png?w=320`]) {
      const response = await app.inject(url);
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type']).toMatch(/^image\//);
      expect(response.headers['content-security-policy']).toBe("default-src 'none'; sandbox");
      // API callers show the site's images on their own pages.
      expect(response.headers['cross-origin-resource-policy']).toBe('cross-origin');
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['x-frame-options']).toBe('DENY');
    }
  });

  it("covers the embedded provider's sign-in page: no script at all, its style block allowed", async () => {
    const login = await app.inject('/api/auth/login');
    const authorize = await app.inject({
      url: locationPath(login.headers.location),
      headers: { cookie: login.headers['set-cookie'] as string },
    });
    const interaction = locationPath(authorize.headers.location);
    expect(interaction).toMatch(/^\/auth\/interaction\//);
    const page = await app.inject({
      url: interaction,
      headers: {
        cookie: (authorize.headers['set-cookie'] as string[]).map((cookie) => cookie.split(';')[0]).join('; '),
      },
    });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Staff sign-in');
    expect(scriptTags(page.body)).toEqual([]);
    expect(page.body).toContain('<style>');
    const policy = policyOf(page);
    expect(policy.get('style-src')).toContain("'unsafe-inline'");
    expect(policy.get('form-action')).toContain("'self'");
    expect(policy.get('frame-ancestors')).toEqual(["'none'"]);
    expect(page.headers['x-frame-options']).toBe('DENY');
  });

  it("gives the provider's logout page script this response's nonce, and only that script runs", async () => {
    const { jar } = await signIn(app, ADMIN);
    const logout = await signOut(app, jar);
    const endSession = locationPath(logout.headers.location);
    expect(endSession).toMatch(/^\/oidc\/session\/end\?/);

    const nonces: string[] = [];
    for (let i = 0; i < 2; i++) {
      const page = await app.inject({ url: endSession, headers: { cookie: jar.header() } });
      expect(page.statusCode, page.body).toBe(200);
      expect(page.body).toContain('Signing out');
      const nonce = nonceOf(policyOf(page));
      const scripts = scriptTags(page.body);
      expect(scripts).toEqual([`<script nonce="${nonce}">`]);
      expect(page.body).toContain(`<script nonce="${nonce}">document.forms['op.logoutForm']`);
      expect(page.headers['permissions-policy']).toBe(PERMISSIONS_POLICY);
      nonces.push(nonce);
    }
    expect(nonces[0]).not.toBe(nonces[1]);
  });
});

describe('security headers when the site is served over https', () => {
  let app: FastifyInstance;

  beforeAll(async () => {
    app = await buildTestApp({ config: { publicUrl: 'https://www.example.com' } });
    await app.ready();
  });
  afterAll(() => app.close());

  it('pins https for a year with HSTS and upgrades any http subresource', async () => {
    const response = await app.inject('/healthz');
    expect(response.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    const policy = policyOf(response);
    expect(policy.get('upgrade-insecure-requests')).toEqual([]);
    expect(policy.get('form-action')).toEqual(["'self'", 'https://www.example.com']);
  });
});

describe('the policy for each configuration', () => {
  it('allows Google reCAPTCHA only when the site uses it', () => {
    const altcha = policyFor(testConfig());
    expect([...altcha.values()].flat().join(' ')).not.toContain('recaptcha');

    const policy = policyFor(testConfig({ captcha: { kind: 'recaptcha', siteKey: 'site', secretKey: 'secret' } }));
    expect(policy.get('script-src')).toEqual(
      expect.arrayContaining(['https://www.google.com/recaptcha/', 'https://www.gstatic.com/recaptcha/']),
    );
    expect(policy.get('frame-src')).toEqual(
      expect.arrayContaining(['https://www.google.com/recaptcha/', 'https://recaptcha.google.com/recaptcha/']),
    );
  });

  it("lets the footer's newsletter form post to the mailing-list provider", () => {
    const config = testConfig();
    const policy = policyFor({
      ...config,
      site: { ...config.site, newsletterFormUrl: 'https://lists.example.com/subscribe/post?u=1&id=2' },
    });
    expect(policy.get('form-action')).toEqual(["'self'", 'http://localhost:3000', 'https://lists.example.com']);
  });

  it('shows uploads being previewed, YouTube stills and an external profile picture in the staff area only', () => {
    const external = testConfig({
      identity: {
        kind: 'external',
        issuer: 'https://login.example.com/',
        clientId: 'site',
        clientSecret: 'secret',
        audience: 'https://api.example.com',
        scope: 'openid',
        rolesClaim: undefined,
      },
    });
    expect(policyFor(external, '/').get('img-src')).toEqual(["'self'", 'data:']);
    expect(policyFor(external, '/administration').get('img-src')).toEqual(["'self'", 'data:']);
    expect(policyFor(external, '/admin/countries?page=2').get('img-src')).toEqual([
      "'self'",
      'data:',
      'blob:',
      'https://i.ytimg.com',
      'https:',
    ]);
    // The embedded provider has no profile pictures.
    expect(policyFor(testConfig(), '/admin').get('img-src')).toEqual([
      "'self'",
      'data:',
      'blob:',
      'https://i.ytimg.com',
    ]);
  });

  it("relaxes development only by what Vite's hot reload and GraphiQL need", () => {
    // One response, so both policies name the same nonce.
    const res = {} as ServerResponse;
    const production = policyFor(testConfig(), '/', res);
    const development = policyFor(testConfig({ dev: true }), '/', res);
    expect(development.get('connect-src')).toEqual(["'self'", 'ws:', 'wss:']);
    expect(development.get('script-src')).toEqual([...production.get('script-src')!, 'https://unpkg.com']);
    expect(development.get('style-src')).toEqual([...production.get('style-src')!, 'https://unpkg.com']);
    expect(development.get('script-src')).not.toContain("'unsafe-inline'");
    for (const name of ['default-src', 'frame-ancestors', 'object-src', 'base-uri', 'form-action', 'frame-src']) {
      expect(development.get(name), name).toEqual(production.get(name));
    }
  });
});

describe('the server-rendered site under the policy', () => {
  let app: FastifyInstance;

  beforeAll(async () => {
    app = await buildTestSiteApp();
    await app.ready();
  });
  afterAll(() => app.close());

  it('allows the inline scripts of a public page by their hashes and nothing else: state, router data, colour scheme', async () => {
    for (const path of ['/', '/contact-us']) {
      const response = await app.inject(path);
      expect(response.statusCode, path).toBe(200);
      const sources = policyOf(response).get('script-src') ?? [];
      // A kept page goes to many visitors: its policy cannot name a nonce (decision 025).
      expect(
        sources.filter((source) => source.startsWith("'nonce-")),
        path,
      ).toEqual([]);
      const inline = [...response.body.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)]
        .filter(([, attributes]) => !/\ssrc=/.test(attributes!))
        .map(([, , body]) => body!);
      // The state and react-router's hydration data.
      expect(inline.length, path).toBeGreaterThanOrEqual(2);
      expect(response.body).toContain('<script>window.__SITE_STATE__=');
      const hashes = [
        ...new Set(inline.map((body) => `'sha256-${createHash('sha256').update(body).digest('base64')}'`)),
      ];
      expect(sources, path).toEqual(["'self'", ...hashes]);
      expect(response.headers['x-frame-options']).toBe('DENY');
    }
  });

  it("gives the staff area's shell the nonce and its image sources", async () => {
    const response = await app.inject('/admin/countries');
    expect(response.statusCode).toBe(200);
    const policy = policyOf(response);
    const nonce = nonceOf(policy);
    const scripts = scriptTags(response.body);
    expect(scripts.length).toBeGreaterThanOrEqual(1);
    for (const tag of scripts) expect(tag).toContain(` nonce="${nonce}"`);
    expect(policy.get('img-src')).toEqual(["'self'", 'data:', 'blob:', 'https://i.ytimg.com']);
  });
});
