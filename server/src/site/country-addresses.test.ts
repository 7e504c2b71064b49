import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestSiteApp } from '../../test/site.js';

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
});
