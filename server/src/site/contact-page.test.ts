import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { utcDayFromToday } from '../../../shared/calendar-days.js';
import { pageCacheSettled } from '../../test/page-cache.js';
import { buildTestSiteApp } from '../../test/site.js';

const NEPAL = 2;
const CANADA = 3;

/** What search engines read from Contact Us as the server renders it: each branch listed, as a local business. */
describe('Contact Us for search engines', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestSiteApp();
  });
  afterAll(() => app.close());

  async function placesOn(countryId: number) {
    const response = await app.inject({ url: '/contact-us', headers: { cookie: `site_country=${countryId}` } });
    expect(response.statusCode).toBe(200);
    const scripts = [...response.body.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)]
      .map((script) => JSON.parse(script[1]!) as { '@type'?: string; '@graph': Record<string, unknown>[] })
      // The page's breadcrumb is a block of its own.
      .filter((data) => data['@type'] !== 'BreadcrumbList');
    expect(scripts).toHaveLength(1);
    return scripts[0]!['@graph'];
  }

  it("tells each of the country's branches as a business of the consultancy, with its address, phone and e-mail", async () => {
    const places = await placesOn(NEPAL);
    expect(places).toEqual([
      expect.objectContaining({ name: 'Horizon Education & Migration, Butwal' }),
      expect.objectContaining({
        '@type': 'ProfessionalService',
        name: 'Horizon Education & Migration, Kathmandu',
        address: { '@type': 'PostalAddress', streetAddress: 'Putalisadak, Kathmandu 44600' },
        telephone: '+977 1 5900000',
        email: 'kathmandu@example.com',
        // The page at the Nepal site's own address (decision 066).
        url: `${app.config.publicUrl}/np/contact-us`,
        parentOrganization: expect.objectContaining({ name: 'Horizon Education & Migration' }) as unknown,
      }),
    ]);
  });

  it('names each branch’s country on a site that lists every branch (a country without branches of its own)', async () => {
    const places = await placesOn(CANADA);
    expect(places.map((place) => [place.name, (place.address as { addressCountry?: string }).addressCountry])).toEqual([
      ['Horizon Education & Migration, Sydney', 'Australia'],
      ['Horizon Education & Migration, Kathmandu', 'Nepal'],
      ['Horizon Education & Migration, Butwal', 'Nepal'],
    ]);
  });

  it('tells a branch’s opening hours, by day, and shows them on its card; a branch without hours tells none', async () => {
    const closed = { tuesday: null, wednesday: null, thursday: null, friday: null, saturday: null };
    await app.db
      .updateTable('branches')
      .set({
        opening_hours: JSON.stringify({
          ...closed,
          sunday: { opens: '10:00', closes: '18:00' },
          monday: { opens: '10:00', closes: '18:00' },
        }),
      })
      .where('name', '=', 'Butwal')
      .execute();
    await pageCacheSettled(app);
    const places = await placesOn(NEPAL);
    const butwal = places.find((place) => place.name === 'Horizon Education & Migration, Butwal')!;
    expect(butwal.openingHoursSpecification).toEqual(
      expect.arrayContaining([
        {
          '@type': 'OpeningHoursSpecification',
          dayOfWeek: 'Sunday',
          opens: '10:00',
          closes: '18:00',
        },
        {
          '@type': 'OpeningHoursSpecification',
          dayOfWeek: 'Monday',
          opens: '10:00',
          closes: '18:00',
        },
      ]),
    );
    expect(butwal.openingHoursSpecification).toHaveLength(2);
    const kathmandu = places.find((place) => place.name === 'Horizon Education & Migration, Kathmandu')!;
    expect(kathmandu).not.toHaveProperty('openingHoursSpecification');
    // The card, as the server renders it: a week open from Sunday reads from Sunday.
    const html = (await app.inject({ url: '/contact-us', headers: { cookie: `site_country=${NEPAL}` } })).body;
    const hours = [...html.matchAll(/<dt>([^<]+)<\/dt><dd>([^<]+)<\/dd>/g)].map((match) => `${match[1]}: ${match[2]}`);
    expect(hours).toEqual(['Sunday–Monday: 10:00–18:00', 'Tuesday–Saturday: Closed']);
  });

  it('tells the closures to come, the soonest three on the card and all to search engines, as days closed', async () => {
    const day = utcDayFromToday;
    const kathmandu = app.db.selectFrom('branches').select('id').where('name', '=', 'Kathmandu');
    await app.db
      .insertInto('branch_closures')
      .values([
        { country_id: NEPAL, branch_id: null, name: 'Over', first_day: day(-3), last_day: day(-1) },
        { country_id: NEPAL, branch_id: null, name: 'Tihar', first_day: day(40), last_day: day(42) },
        { country_id: NEPAL, branch_id: kathmandu, name: 'Office move', first_day: day(2), last_day: day(2) },
        { country_id: NEPAL, branch_id: null, name: 'Dashain', first_day: day(20), last_day: day(24) },
        { country_id: NEPAL, branch_id: null, name: 'Far off', first_day: day(300), last_day: day(300) },
      ])
      .execute();
    await pageCacheSettled(app);
    const places = await placesOn(NEPAL);
    const closedOf = (name: string) =>
      (
        places.find((place) => place.name === `Horizon Education & Migration, ${name}`)!
          .openingHoursSpecification as Record<string, string>[]
      ).filter((spec) => spec.validFrom);
    expect(closedOf('Butwal')).toEqual(
      [20, 40, 300].map((from) => ({
        '@type': 'OpeningHoursSpecification',
        opens: '00:00',
        closes: '00:00',
        validFrom: day(from),
        validThrough: day(from === 300 ? 300 : from + (from === 20 ? 4 : 2)),
      })),
    );
    expect(closedOf('Kathmandu').map((spec) => spec.validFrom)).toEqual([day(2), day(20), day(40), day(300)]);
    const html = (await app.inject({ url: '/contact-us', headers: { cookie: `site_country=${NEPAL}` } })).body;
    const lines = [...html.matchAll(/<dt>([^<]+)<\/dt><dd>([^<]+)<\/dd>/g)].map((match) => match[2]!);
    // Butwal's week, then its next three closures; Kathmandu (no week) its next three.
    expect(lines.filter((what) => !what.includes(':') && what !== 'Closed')).toEqual([
      'Dashain',
      'Tihar',
      'Far off',
      'Office move',
      'Dashain',
      'Tihar',
    ]);

    // A site that lists every branch (no branches of its own) tells each its own country's closures.
    const everyBranch = await placesOn(CANADA);
    const closedOn = (name: string) =>
      (
        everyBranch.find((place) => place.name === `Horizon Education & Migration, ${name}`)!
          .openingHoursSpecification as Record<string, string>[] | undefined
      )
        ?.filter((spec) => spec.validFrom)
        .map((spec) => spec.validFrom);
    expect(closedOn('Kathmandu')).toEqual([day(2), day(20), day(40), day(300)]);
    expect(closedOn('Butwal')).toEqual([day(20), day(40), day(300)]);
    expect(closedOn('Sydney') ?? []).toEqual([]);
  });

  it('keeps what a branch says inside its data block (no way out of the script element)', async () => {
    await app.db
      .updateTable('branches')
      .set({ address: 'Putalisadak </script><script>alert(1)</script>' })
      .where('name', '=', 'Kathmandu')
      .execute();
    // On PostgreSQL the page cache drops the page when the change's notification arrives, a moment after the commit.
    await pageCacheSettled(app);
    const places = await placesOn(NEPAL);
    const kathmandu = places.find((place) => place.name === 'Horizon Education & Migration, Kathmandu')!;
    expect((kathmandu.address as { streetAddress: string }).streetAddress).toBe(
      'Putalisadak </script><script>alert(1)</script>',
    );
  });
});
