import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GLOBAL_COUNTRY_ID } from '../../../shared/enums.js';
import { SITE_PAGES } from '../../../shared/site-pages.js';
import { buildTestApp } from '../../test/app.js';
import { trpcCall } from '../../test/graphql.js';
import type { SiteLayout } from './site.service.js';

describe('the public layout of a country site', () => {
  let app: FastifyInstance;
  let nepal: number;

  beforeAll(async () => {
    app = await buildTestApp({
      config: {
        seedDemo: true,
        publicUrl: 'https://www.example.com',
        site: {
          newsletterFormUrl: 'https://lists.example.com/subscribe',
          registrationNumbers: 'MARN 0000001',
          codeOfConductUrl: 'https://www.mara.gov.au/',
          appointmentUrl: null,
        },
      },
    });
    nepal = (await app.db.selectFrom('countries').select('id').where('name', '=', 'Nepal').executeTakeFirstOrThrow())
      .id;
  });
  afterAll(() => app.close());

  const layoutOf = async (countryId: number) => {
    const { data, error } = await trpcCall<SiteLayout>(app, 'site.layout', { countryId });
    expect(error).toBeUndefined();
    return data!;
  };

  it("carries the country's contact strip, its social media and the configured footer settings", async () => {
    const layout = await layoutOf(nepal);
    expect(layout.country.name).toBe('Nepal');
    expect(layout.headerContactInfo?.email).toBe('nepal@example.com');
    expect(layout.socialLinks.map((link) => link.label)).toEqual(['Facebook', 'Instagram', 'Youtube']);
    expect(layout.socialLinks[0]!.image.url).toMatch(/^\/media\/[0-9a-f]{64}\.png$/);
    expect(layout.settings).toMatchObject({
      newsletterFormUrl: 'https://lists.example.com/subscribe',
      registrationNumbers: 'MARN 0000001',
    });
  });

  it('offers the chat branches with a messenger page, Sydney first', async () => {
    const layout = await layoutOf(GLOBAL_COUNTRY_ID);
    expect(layout.chatBranches.map((branch) => branch.label)).toEqual([
      'Sydney, Australia',
      'Kathmandu, Nepal',
      'Butwal, Nepal',
    ]);
    expect(layout.chatBranches[0]!.messengerUrl).toMatch(/^https:\/\/m\.me\//);
    // A country's site lists its own branches first.
    const nepalBranches = (await layoutOf(nepal)).chatBranches;
    expect(nepalBranches.map((branch) => [branch.label, branch.inSiteCountry])).toEqual([
      ['Kathmandu, Nepal', true],
      ['Butwal, Nepal', true],
      ['Sydney, Australia', false],
    ]);

    await app.db.updateTable('branches').set({ messenger_url: null }).where('name', '=', 'Butwal').execute();
    expect((await layoutOf(GLOBAL_COUNTRY_ID)).chatBranches.map((branch) => branch.label)).not.toContain(
      'Butwal, Nepal',
    );
  });

  it('lists only the pages enabled for the country, and falls back to Global for a disabled country', async () => {
    const about = await app.db
      .selectFrom('pages')
      .select('id')
      .where('name', '=', 'About Us')
      .executeTakeFirstOrThrow();
    await app.db.deleteFrom('country_pages').where('country_id', '=', nepal).where('page_id', '=', about.id).execute();
    expect((await layoutOf(nepal)).enabledPageNames).not.toContain('About Us');
    expect((await layoutOf(GLOBAL_COUNTRY_ID)).enabledPageNames).toContain('About Us');

    await app.db.updateTable('countries').set({ is_enabled: 'DISABLE' }).where('id', '=', nepal).execute();
    const fallback = await layoutOf(nepal);
    expect(fallback.country.id).toBe(GLOBAL_COUNTRY_ID);
    const sites = await trpcCall<{ id: number; name: string; flag_url: string | null }[]>(
      app,
      'site.countries',
      undefined,
    );
    expect(sites.data!.map((country) => country.name)).not.toContain('Nepal');
    await app.db.updateTable('countries').set({ is_enabled: 'ENABLE' }).where('id', '=', nepal).execute();
  });

  it('leaves the list of country sites out of the layout (it loads when "More Sites" opens)', async () => {
    expect(Object.keys(await layoutOf(nepal))).not.toContain('countries');
    const { data } = await trpcCall<{ id: number; name: string }[]>(app, 'site.countries', undefined);
    expect(data!.map((country) => country.name)).toEqual(expect.arrayContaining(['Global', 'Nepal', 'Canada']));
  });
});

describe('robots.txt and sitemap.xml', () => {
  let app: FastifyInstance;

  beforeAll(async () => {
    app = await buildTestApp({ config: { publicUrl: 'https://www.example.com' } });
  });
  afterAll(() => app.close());

  it('keeps crawlers out of the staff area and the API and points them to the sitemap', async () => {
    const response = await app.inject('/robots.txt');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/plain');
    expect(response.body).toContain('Disallow: /admin');
    expect(response.body).toContain('Disallow: /api/');
    expect(response.body).toContain('Sitemap: https://www.example.com/sitemap.xml');
  });

  it('lists the public pages enabled for the Global site, and not a disabled one', async () => {
    const index = await app.inject('/sitemap.xml');
    expect(index.body).toContain('<loc>https://www.example.com/sitemap-global.xml</loc>');
    const before = await app.inject('/sitemap-global.xml');
    expect(before.statusCode).toBe(200);
    expect(before.headers['content-type']).toContain('application/xml');
    const locations = [...before.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]);
    expect(locations).toEqual(SITE_PAGES.map((page) => `https://www.example.com${page.path}`));

    const blog = await app.db.selectFrom('pages').select('id').where('name', '=', 'Blog').executeTakeFirstOrThrow();
    await app.db
      .deleteFrom('country_pages')
      .where('country_id', '=', GLOBAL_COUNTRY_ID)
      .where('page_id', '=', blog.id)
      .execute();
    const after = await app.inject('/sitemap-global.xml');
    expect(after.body).not.toContain('https://www.example.com/blog<');
    expect(after.body).toContain('https://www.example.com/gallery<');
  });
});
