import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { validateXML } from 'xmllint-wasm';
import { POST_PATH_PREFIX } from '../../../shared/post-address.js';
import { countryPath } from '../../../shared/site-address.js';
import { SITE_PAGES } from '../../../shared/site-pages.js';
import { staffToken, trpcCall } from '../../test/graphql.js';
import { buildTestSiteApp } from '../../test/site.js';
import { listPublishedPostAddresses } from '../post/post.service.js';
import { listSiteAddresses } from './site.service.js';

const NEPAL = 2;
const AUSTRALIA = 4;
const AUSTRALIA_IP = '1.128.0.1';
const US_IP = '8.8.8.8';

/** The tags of a page's head that name its addresses and language. */
function addressesOf(html: string) {
  const attribute = (pattern: RegExp) => pattern.exec(html)?.[1];
  return {
    lang: attribute(/<html lang="([^"]+)"/),
    canonical: attribute(/<link rel="canonical" href="([^"]+)"/),
    locale: attribute(/<meta property="og:locale" content="([^"]+)"/),
    alternates: [...html.matchAll(/<link rel="alternate" hreflang="([^"]+)" href="([^"]+)"/g)].map(
      ([, hreflang, href]) => `${hreflang} ${new URL(href!).pathname}`,
    ),
    noindex: html.includes('<meta name="robots" content="noindex">'),
  };
}

/** The site-relative addresses the page's links lead to (its body only: the head links the site's own files). */
function linksOf(html: string): string[] {
  const body = html.slice(html.indexOf('<body'));
  return [...body.matchAll(/<a [^>]*href="(\/[^"]*)"/g)].map(([, href]) => href!);
}

/** The sitemaps protocol's schemas (sitemaps.org 0.9) with the xhtml:link alternates. */
const SCHEMAS = path.resolve('server/test/sitemap-schemas');
const schemaFile = (fileName: string) => ({ fileName, contents: readFileSync(path.join(SCHEMAS, fileName), 'utf8') });

/** The schema errors of a sitemap (`sitemap.xsd`) or a sitemap index (`siteindex.xsd`); none when it is valid. */
async function schemaErrors(xml: string, schema: 'sitemap.xsd' | 'siteindex.xsd'): Promise<string[]> {
  const result = await validateXML({
    xml: { fileName: 'tested.xml', contents: xml },
    schema: schemaFile(schema),
    preload: [schemaFile('xhtml-link.xsd')],
  });
  return result.errors.map((error) => error.message);
}

/** The country a rendered page shows (its contact strip's current country). */
function countryShown(html: string): string | undefined {
  return /data-testid="current-country"[^>]*>([^<]+)</.exec(html)?.[1];
}

/** Issue 53, decision 066: every country site at its own address. */
describe('country sites at their own addresses', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestSiteApp({ config: { seedDemo: true } });
  });
  afterAll(() => app.close());

  const get = (url: string, { cookie, ip = US_IP }: { cookie?: string; ip?: string } = {}) =>
    app.inject({ url, remoteAddress: ip, headers: cookie ? { cookie } : {} });

  it('shows the country of the address, whatever the visitor’s address or choice', async () => {
    const response = await get('/np/visa/student', { ip: AUSTRALIA_IP, cookie: `site_country=${AUSTRALIA}` });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('nepal@example.com');
    expect(response.body).not.toContain('australia@example.com');
    expect(addressesOf(response.body)).toMatchObject({
      lang: 'en-NP',
      canonical: `${app.config.publicUrl}/np/visa/student`,
      locale: 'en_NP',
      noindex: false,
    });
  });

  it('names the page on every site that shows it, with Global as x-default, and only those', async () => {
    const everywhere = addressesOf((await get('/au/visa/student')).body).alternates;
    expect(everywhere.sort()).toEqual([
      'en /visa/student',
      'en-AU /au/visa/student',
      'en-CA /ca/visa/student',
      'en-NP /np/visa/student',
      'x-default /visa/student',
    ]);
    // Nepal and Canada do not run the Professional Year (the demo's page sets).
    const someSites = addressesOf((await get('/au/other/professional-year')).body).alternates;
    expect(someSites.sort()).toEqual([
      'en /other/professional-year',
      'en-AU /au/other/professional-year',
      'x-default /other/professional-year',
    ]);
    expect((await get('/np/other/professional-year')).statusCode).toBe(404);
  });

  it('keeps every link of a country’s page within its address', async () => {
    const links = linksOf((await get('/ca/visa/student')).body);
    expect(links.length).toBeGreaterThan(10);
    const leaving = links.filter((href) => !/^\/ca(\/|$)/.test(href) && !href.startsWith('/media/'));
    expect(leaving).toEqual([]);
    expect(links).toContain('/ca/contact-us');
    expect(links).toContain('/ca');
  });

  it('answers the spec’s unprefixed addresses by choice and address, canonical at the country’s own', async () => {
    const chosen = await get('/visa/student', { cookie: `site_country=${NEPAL}` });
    expect(chosen.body).toContain('nepal@example.com');
    expect(chosen.headers['cache-control']).toBe('private, no-cache');
    expect(addressesOf(chosen.body)).toMatchObject({
      lang: 'en-NP',
      canonical: `${app.config.publicUrl}/np/visa/student`,
    });
    const byAddress = await get('/visa/student', { ip: AUSTRALIA_IP });
    expect(byAddress.body).toContain('australia@example.com');
    expect(addressesOf(byAddress.body).canonical).toBe(`${app.config.publicUrl}/au/visa/student`);
    const global = await get('/visa/student');
    expect(addressesOf(global.body)).toMatchObject({
      lang: 'en',
      locale: 'en',
      canonical: `${app.config.publicUrl}/visa/student`,
    });
  });

  it('keeps a country’s page for everyone and lets shared caches keep it: it depends on the address alone', async () => {
    const first = await get('/np/about-us', { ip: AUSTRALIA_IP });
    expect(first.headers['cache-control']).toBe('public, max-age=0, s-maxage=60, stale-while-revalidate=600');
    expect(first.headers.vary).toBe('accept-encoding');
    const second = await get('/np/about-us', { cookie: `site_country=${AUSTRALIA}` });
    expect(second.headers['x-page-cache']).toBe('hit');
    expect(second.body).toBe(first.body);
  });

  it('tells a page which country site the visitor’s address points at, for a suggestion, never redirecting', async () => {
    const fromAustralia = await get('/api/site/visitor-country', { ip: AUSTRALIA_IP, cookie: `site_country=${NEPAL}` });
    expect(fromAustralia.headers['cache-control']).toBe('private, no-store');
    expect(fromAustralia.json()).toEqual({ site: { id: AUSTRALIA, code: 'au', name: 'Australia' } });
    expect((await get('/api/site/visitor-country')).json()).toEqual({ site: null });
    // The page itself is the same: no redirect, whoever asks.
    const page = await get('/np/visa/student', { ip: AUSTRALIA_IP });
    expect(page.statusCode).toBe(200);
  });

  it('answers 404 for an address that is no enabled country’s, and has no staff area under a country', async () => {
    for (const url of ['/xx/visa/student', '/zz', '/np/admin', '/np/admin/countries', '/NP/visa/student']) {
      expect((await get(url)).statusCode, url).toBe(404);
    }
    await app.db.updateTable('countries').set({ is_enabled: 'DISABLE' }).where('id', '=', AUSTRALIA).execute();
    try {
      expect((await get('/au')).statusCode).toBe(404);
    } finally {
      await app.db.updateTable('countries').set({ is_enabled: 'ENABLE' }).where('id', '=', AUSTRALIA).execute();
    }
  });

  it('points a post’s preview at the post’s own address on the site it is seen on', async () => {
    const admin = await staffToken(app, 'ADMIN');
    const post = await app.db.selectFrom('posts').select(['id', 'slug']).orderBy('id').executeTakeFirstOrThrow();
    const link = await trpcCall<{ url: string }>(
      app,
      'post.previewLink',
      { id: post.id },
      { token: admin, mutation: true },
    );
    const token = link.data!.url.split('/blog/preview/')[1]!;
    const preview = await get(`/np/blog/preview/${token}`);
    expect(preview.statusCode).toBe(200);
    expect(addressesOf(preview.body)).toMatchObject({
      canonical: `${app.config.publicUrl}/np/blog/${post.slug}`,
      noindex: true,
    });
  });

  it('tells search engines the country’s organisation at its home address', async () => {
    const home = (await get('/np')).body;
    const [jsonLd] = [...home.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map(
      (script) => JSON.parse(script[1]!) as { '@graph': Record<string, unknown>[] },
    );
    expect(jsonLd!['@graph'][0]).toMatchObject({
      '@id': `${app.config.publicUrl}/np#organization`,
      url: `${app.config.publicUrl}/np`,
      address: { addressCountry: 'Nepal' },
    });
    expect(addressesOf(home).canonical).toBe(`${app.config.publicUrl}/np`);
  });

  it('tells search engines where a page and a post sit on their country’s site (BreadcrumbList)', async () => {
    const breadcrumbOf = (html: string) =>
      [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)]
        .map((script) => JSON.parse(script[1]!) as { '@type'?: string; itemListElement?: object[] })
        .find((data) => data['@type'] === 'BreadcrumbList')?.itemListElement;
    const url = app.config.publicUrl;
    const heading = /<h1[^>]*>([^<]*)</.exec((await get('/np/visa/student')).body)?.[1];
    expect(breadcrumbOf((await get('/np/visa/student')).body)).toEqual([
      { '@type': 'ListItem', position: 1, name: 'Home', item: `${url}/np` },
      { '@type': 'ListItem', position: 2, name: heading, item: `${url}/np/visa/student` },
    ]);
    const [post] = await listPublishedPostAddresses(app.db, AUSTRALIA);
    const steps = breadcrumbOf((await get(`/au/blog/${post!.slug}`)).body);
    expect(steps?.map((step) => (step as { item: string }).item)).toEqual([
      `${url}/au`,
      `${url}/au/blog`,
      `${url}/au/blog/${post!.slug}`,
    ]);
    // The post's versions are those on the sites it is published in.
    const publishedOn: string[] = [];
    for (const site of await listSiteAddresses(app.db)) {
      const slugs = (await listPublishedPostAddresses(app.db, site.id)).map((published) => published.slug);
      if (slugs.includes(post!.slug)) publishedOn.push(countryPath(site.code, `/blog/${post!.slug}`));
    }
    expect(publishedOn.length).toBeGreaterThan(1);
    const alternates = addressesOf((await get(`/au/blog/${post!.slug}`)).body).alternates;
    expect(
      alternates
        .filter((alternate) => !alternate.startsWith('x-default'))
        .map((a) => a.split(' ')[1])
        .sort(),
    ).toEqual(publishedOn.sort());
    // The home page is where every breadcrumb starts: it has none.
    expect(breadcrumbOf((await get('/np')).body)).toBeUndefined();
  });

  it('has a sitemap per site, valid against the protocol’s schema, with every page and post, its last change and its other sites', async () => {
    const robots = (await get('/robots.txt')).body;
    expect(robots).toContain(`Sitemap: ${app.config.publicUrl}/sitemap.xml`);
    const index = (await get('/sitemap.xml')).body;
    expect(await schemaErrors(index, 'siteindex.xsd')).toEqual([]);
    const maps = [...index.matchAll(/<loc>([^<]+)<\/loc>/g)].map(([, loc]) => new URL(loc!).pathname);
    expect(maps).toEqual(['/sitemap-global.xml', '/sitemap-np.xml', '/sitemap-ca.xml', '/sitemap-au.xml']);

    for (const map of maps) {
      const sitemap = await get(map);
      expect(sitemap.headers['content-type']).toContain('application/xml');
      expect(await schemaErrors(sitemap.body, 'sitemap.xsd'), map).toEqual([]);
    }
    const nepal = (await get('/sitemap-np.xml')).body;
    const locations = [...nepal.matchAll(/<loc>([^<]+)<\/loc>/g)].map(([, loc]) => new URL(loc!).pathname);
    expect(locations.every((location) => /^\/np(\/|$)/.test(location))).toBe(true);
    expect(locations).toContain('/np/visa/student');
    expect(locations).not.toContain('/np/other/professional-year');
    // Every entry says when it last changed.
    expect(nepal.match(/<url>/g)?.length).toBe(nepal.match(/<lastmod>/g)?.length);
    const studentVisa = /<url>\s*<loc>[^<]*\/np\/visa\/student<\/loc>[\s\S]*?<\/url>/.exec(nepal)![0];
    expect([...studentVisa.matchAll(/hreflang="([^"]+)"/g)].map(([, hreflang]) => hreflang).sort()).toEqual([
      'en',
      'en-AU',
      'en-CA',
      'en-NP',
      'x-default',
    ]);
    expect((await get('/sitemap-xx.xml')).statusCode).toBe(404);
  });

  it('is crawled whole from / by a crawler without cookies: every site’s pages and posts, each at its own address', async () => {
    // What there is: each site's enabled pages and published posts, at its address.
    const expected = new Set<string>();
    for (const site of await listSiteAddresses(app.db)) {
      for (const page of SITE_PAGES.filter((candidate) => site.enabledPageNames.includes(candidate.name))) {
        expected.add(countryPath(site.code, page.path));
      }
      for (const post of await listPublishedPostAddresses(app.db, site.id)) {
        expected.add(countryPath(site.code, `${POST_PATH_PREFIX}${post.slug}`));
      }
    }
    const names = new Map([
      ['', 'Global'],
      ['np', 'Nepal'],
      ['ca', 'Canada'],
      ['au', 'Australia'],
    ]);
    const seen = new Set<string>();
    const queue = ['/', '/robots.txt'];
    const wrongCountry: string[] = [];
    const wrongStructuredData: string[] = [];
    const publicOrigin = new URL(app.config.publicUrl).origin;
    while (queue.length > 0 && seen.size < 600) {
      const address = queue.shift()!;
      if (seen.has(address)) continue;
      seen.add(address);
      const response = await get(address);
      if (response.statusCode !== 200) continue;
      const found = [...response.body.matchAll(/(?:href="|<loc>|Sitemap: )([^"<\s]+)/g)].map(([, href]) => href!);
      for (const href of found) {
        const url = new URL(href.replaceAll('&amp;', '&'), app.config.publicUrl);
        if (url.origin !== new URL(app.config.publicUrl).origin) continue;
        if (/^\/(media|assets|api|admin|auth|oidc)\//.test(url.pathname) || /\.(svg|png|woff2|ico)$/.test(url.pathname))
          continue;
        if (!seen.has(url.pathname)) queue.push(url.pathname);
      }
      const shown = countryShown(response.body);
      if (shown !== undefined) {
        const code = /^\/([a-z]{2})(?:\/|$)/.exec(address)?.[1] ?? '';
        if (shown !== names.get(code)) wrongCountry.push(`${address} shows ${shown}`);
        // Its structured data parses, and every page it names is on the same site.
        const structured = [...response.body.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)];
        if (code && structured.length === 0) wrongStructuredData.push(`${address} has none`);
        for (const [, json] of structured) {
          const named = JSON.stringify(JSON.parse(json!)).match(/"https?:\/\/[^"]+"/g) ?? [];
          for (const url of named.map((quoted) => new URL(JSON.parse(quoted) as string))) {
            const onSite = code ? url.pathname === `/${code}` || url.pathname.startsWith(`/${code}/`) : true;
            if (url.origin === publicOrigin && !/^\/(media\/|favicon)/.test(url.pathname) && !onSite) {
              wrongStructuredData.push(`${address} names ${url.pathname}`);
            }
          }
        }
      }
    }
    expect([...expected].filter((address) => !seen.has(address))).toEqual([]);
    expect(wrongCountry).toEqual([]);
    expect(wrongStructuredData).toEqual([]);
  });
});
