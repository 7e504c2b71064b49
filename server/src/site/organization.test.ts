import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GLOBAL_COUNTRY_ID } from '../../../shared/enums.js';
import { buildTestSiteApp } from '../../test/site.js';

const NEPAL = 2;

/** What search engines read of the consultancy itself from the home page, as the server renders it. */
describe('the organisation for search engines', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestSiteApp({ config: { seedDemo: true } });
  });
  afterAll(() => app.close());

  async function jsonLdOn(url: string, countryId: number) {
    const response = await app.inject({ url, headers: { cookie: `site_country=${countryId}` } });
    expect(response.statusCode).toBe(200);
    return [...response.body.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map(
      (script) => JSON.parse(script[1]!) as { '@context': string; '@graph': Record<string, unknown>[] },
    );
  }

  it("tells the consultancy on the home page: name, logo, social profiles and the country site's contact", async () => {
    const social = await app.db
      .selectFrom('footer_social_media')
      .select('social_media_link')
      .where('country_id', '=', NEPAL)
      .orderBy('id')
      .execute();
    expect(social.length).toBeGreaterThan(0);
    const [jsonLd, ...more] = await jsonLdOn('/', NEPAL);
    expect(more).toEqual([]);
    const [organization, website] = jsonLd!['@graph'];
    expect(organization).toEqual({
      '@type': 'Organization',
      // The Nepal site's own address (decision 066), wherever the visitor saw it.
      '@id': `${app.config.publicUrl}/np#organization`,
      name: 'Horizon Education & Migration',
      url: `${app.config.publicUrl}/np`,
      logo: expect.stringMatching(/\/favicon\.svg$/) as unknown,
      sameAs: social.map((link) => link.social_media_link),
      address: { '@type': 'PostalAddress', streetAddress: expect.any(String) as unknown, addressCountry: 'Nepal' },
      contactPoint: {
        '@type': 'ContactPoint',
        contactType: 'customer service',
        email: 'nepal@example.com',
        telephone: '+977 1 5900000',
        areaServed: 'Nepal',
      },
    });
    expect(website).toEqual(
      expect.objectContaining({ '@type': 'WebSite', publisher: { '@id': organization!['@id'] } }),
    );
  });

  it('names no country for the Global site, and tells the organisation on the home page only', async () => {
    const [jsonLd] = await jsonLdOn('/', GLOBAL_COUNTRY_ID);
    const organization = jsonLd!['@graph'][0]!;
    expect(organization).toMatchObject({ '@type': 'Organization', name: 'Horizon Education & Migration' });
    expect(JSON.stringify(organization)).not.toContain('areaServed');
    expect(JSON.stringify(organization)).not.toContain('addressCountry');
    // Other pages tell where they sit (their breadcrumb), not the organisation.
    expect((await jsonLdOn('/about-us', NEPAL)).map((data) => (data as { '@type'?: string })['@type'])).toEqual([
      'BreadcrumbList',
    ]);
  });
});
