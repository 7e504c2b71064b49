/**
 * Also run on PostgreSQL (decision 056): two instances seeding at once (an advisory lock), sequences.
 * @module-tag database-engine
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { utcDayFromToday } from '../../../shared/calendar-days.js';
import { SITE_PAGES } from '../../../shared/site-pages.js';
import type { Database } from '../db/database.js';
import { createTestDatabase } from '../../test/database.js';
import { addReplyTemplateInput, fillPlaceholders } from '../../../shared/reply-template.schema.js';
import { openingHours } from '../../../shared/branch.schema.js';
import { seedDatabase } from './seed.js';

const count = async (database: Database, table: string, where = sql`true`) =>
  (await sql<{ n: number }>`select count(*)::int as n from ${sql.table(table)} where ${where}`.execute(database.db))
    .rows[0]!.n;

describe('base seed', () => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase('migrated');
  });
  afterAll(() => database.close());

  it('creates Global as id 1 and the other country sites, enabled, with flags', async () => {
    expect(await seedDatabase(database.db, { demo: false })).toEqual([
      'base',
      'page-content',
      'legal-pages',
      'page-faqs',
    ]);
    const countries = await database.db
      .selectFrom('countries')
      .select(['id', 'name', 'is_enabled', 'flag_sha256'])
      .orderBy('id')
      .execute();
    expect(countries.map((c) => [c.id, c.name, c.is_enabled])).toEqual([
      [1, 'Global', 'ENABLE'],
      [2, 'Nepal', 'ENABLE'],
      [3, 'Canada', 'ENABLE'],
      [4, 'Australia', 'ENABLE'],
    ]);
    expect(countries.every((c) => c.flag_sha256)).toBe(true);
  });

  it('leaves the id sequence past the seeded rows', async () => {
    const row = await database.db
      .insertInto('countries')
      .values({ name: 'United Kingdom' })
      .returning('id')
      .executeTakeFirstOrThrow();
    expect(row.id).toBe(5);
    await database.db.deleteFrom('countries').where('id', '=', row.id).execute();
  });

  it('creates one page per public page; each country site starts with its own set of them', async () => {
    const pages = await database.db.selectFrom('pages').select('name').orderBy('id').execute();
    expect(pages.map((p) => p.name)).toEqual(SITE_PAGES.map((p) => p.name));
    const pagesOf = async (country: string) =>
      (
        await database.db
          .selectFrom('country_pages')
          .innerJoin('pages', 'pages.id', 'country_pages.page_id')
          .innerJoin('countries', 'countries.id', 'country_pages.country_id')
          .select('pages.name')
          .where('countries.name', '=', country)
          .execute()
      ).map((row) => row.name);
    expect(await pagesOf('Global')).toHaveLength(SITE_PAGES.length);
    const nepal = await pagesOf('Nepal');
    expect(nepal).not.toContain('Life In Canada');
    expect(nepal).toEqual(expect.arrayContaining(['Home', 'Study in Canada', 'IELTS Preparation Classes', 'Terms']));
    expect(await pagesOf('Canada')).not.toContain('Professional Year');
    expect(await pagesOf('Australia')).toContain('Professional Year');
  });

  it('gives the service pages a starting FAQ in order, in plain text', async () => {
    const faqs = await database.db
      .selectFrom('page_faqs')
      .innerJoin('pages', 'pages.id', 'page_faqs.page_id')
      .select(['pages.name', 'page_faqs.position', 'page_faqs.question', 'page_faqs.answer'])
      .orderBy('pages.id')
      .orderBy('page_faqs.position')
      .execute();
    const student = faqs.filter((faq) => faq.name === 'Student Visa');
    expect(student.map((faq) => faq.position)).toEqual([0, 1, 2]);
    expect(student[0]!.question).toBe('How long does a student visa take?');
    expect(new Set(faqs.map((faq) => faq.name)).size).toBeGreaterThanOrEqual(10);
    for (const faq of faqs) {
      expect(faq.question, faq.name).toMatch(/\?$/);
      expect(faq.answer.length, faq.question).toBeLessThanOrEqual(2000);
      expect(faq.answer, faq.question).not.toMatch(/<[a-z/]/i);
    }
  });

  it('gives every public page its text: a heading, a short summary and a body in the page text format', async () => {
    const rows = await database.db
      .selectFrom('page_contents')
      .innerJoin('pages', 'pages.id', 'page_contents.page_id')
      .select(['pages.name', 'page_contents.heading', 'page_contents.summary', 'page_contents.body'])
      .orderBy('pages.id')
      .execute();
    expect(rows.map((row) => row.name)).toEqual(SITE_PAGES.map((page) => page.name));
    for (const row of rows) {
      expect(row.heading.length, row.name).toBeGreaterThan(0);
      expect(row.heading.length, row.name).toBeLessThanOrEqual(120);
      // The summary is the meta description.
      expect(row.summary.length, row.name).toBeGreaterThan(40);
      expect(row.summary.length, row.name).toBeLessThanOrEqual(160);
      const words = row.body.split(/\s+/).filter(Boolean).length;
      expect(words, row.name).toBeGreaterThanOrEqual(150);
      expect(words, row.name).toBeLessThanOrEqual(350);
      expect(row.body, row.name).toMatch(/^## \S/m);
      // Plain text only: no HTML, no leftover indentation, no runs of blank lines.
      expect(row.body, row.name).not.toMatch(/<[a-z/]/i);
      expect(row.body, row.name).not.toMatch(/^[ \t]+\S/m);
      expect(row.body, row.name).not.toMatch(/\n\n\n/);
    }
  });

  it('creates the three chat branches with messenger pages, and a contact strip per country', async () => {
    const branches = await database.db
      .selectFrom('branches')
      .innerJoin('countries', 'countries.id', 'branches.country_id')
      .select(['branches.name', 'countries.name as country', 'branches.messenger_url'])
      .orderBy('branches.id')
      .execute();
    expect(branches.map((b) => `${b.name}, ${b.country}`)).toEqual([
      'Sydney, Australia',
      'Kathmandu, Nepal',
      'Butwal, Nepal',
    ]);
    expect(branches.every((b) => b.messenger_url?.startsWith('https://'))).toBe(true);
    // No WhatsApp number in what a live site starts from: only the demo has one (a fictional number).
    expect(await count(database, 'branches', sql`whatsapp_number is not null`)).toBe(0);
    expect(await count(database, 'header_contact_infos')).toBe(4);
  });

  it('runs once: a second start changes nothing and deleted rows stay deleted', async () => {
    await database.db.deleteFrom('pages').where('name', '=', 'Blog').execute();
    const pagesBefore = await count(database, 'pages');
    expect(await seedDatabase(database.db, { demo: false })).toEqual([]);
    expect(await count(database, 'pages')).toBe(pagesBefore);
    expect(await count(database, 'countries')).toBe(4);
  });

  it('demo content makes a complete site', async () => {
    expect(await seedDatabase(database.db, { demo: true })).toEqual([
      'demo',
      'blog-posts',
      'reply-templates',
      'opening-hours',
      'branch-closures',
      'time-zones',
    ]);
    const onWhatsapp = await database.db
      .selectFrom('branches')
      .select(['name', 'whatsapp_number'])
      .where('whatsapp_number', 'is not', null)
      .execute();
    expect(onWhatsapp).toEqual([{ name: 'Sydney', whatsapp_number: '+61 491 570 156' }]);
    // Closures at their next dates: Australia's holidays for every branch, Kathmandu's day of its own.
    const closures = await database.db
      .selectFrom('branch_closures as closure')
      .select((eb) => [
        eb.selectFrom('countries').select('name').whereRef('countries.id', '=', 'closure.country_id').as('country'),
        eb.selectFrom('branches').select('name').whereRef('branches.id', '=', 'closure.branch_id').as('branch'),
        'first_day',
        'last_day',
      ])
      .orderBy('id')
      .execute();
    const today = utcDayFromToday(0);
    expect(closures.map((row) => [row.country, row.branch])).toEqual([
      ['Australia', null],
      ['Australia', null],
      ['Australia', null],
      ['Nepal', 'Kathmandu'],
    ]);
    for (const row of closures) expect(row.first_day >= today && row.last_day >= row.first_day).toBe(true);
    expect(closures[0]!.first_day.slice(5)).toBe('12-25');
    expect(closures[0]!.last_day.slice(5)).toBe('12-26');
    // Each office's clock, but the Global site's, which has no office.
    const clocks = await database.db.selectFrom('countries').select(['name', 'time_zone']).orderBy('id').execute();
    expect(Object.fromEntries(clocks.map((row) => [row.name, row.time_zone]))).toEqual({
      Global: null,
      Nepal: 'Asia/Kathmandu',
      Canada: 'America/Toronto',
      Australia: 'Australia/Sydney',
    });
    const homeBanner = await database.db
      .selectFrom('banner_pages')
      .innerJoin('pages', 'pages.id', 'banner_pages.page_id')
      .select('pages.name')
      .execute();
    // Each country site's home page has its own hero, kept to that country.
    expect(homeBanner.map((row) => row.name)).toEqual(['Home', 'Home', 'Home', 'Home']);
    const heroes = await database.db
      .selectFrom('banner_countries')
      .innerJoin('banners', 'banners.id', 'banner_countries.banner_id')
      .innerJoin('countries', 'countries.id', 'banner_countries.country_id')
      .select(['countries.name', 'banners.title'])
      .orderBy('countries.name')
      .execute();
    expect(heroes.map((row) => row.name)).toEqual(['Australia', 'Canada', 'Global', 'Nepal']);
    expect(new Set(heroes.map((row) => row.title)).size).toBe(4);
    expect(await count(database, 'home_services', sql`country_id = 1`)).toBe(3);
    // Each office leads with its own services and about-us text.
    const services = await database.db
      .selectFrom('home_services')
      .select(['country_id', 'title'])
      .orderBy('id')
      .execute();
    const firstService = (countryId: number) => services.find((row) => row.country_id === countryId)?.title;
    expect(firstService(3)).toBe('Express Entry');
    expect(firstService(4)).toBe('Skilled Migration');
    expect(
      new Set((await database.db.selectFrom('home_about_us').select('description').execute()).map((r) => r.description))
        .size,
    ).toBe(4);
    expect(await count(database, 'testimonials')).toBe(3);
    expect(await count(database, 'testimonial_countries', sql`country_id = 1`)).toBe(3);
    expect(await count(database, 'team_members')).toBe(2);
    expect(await count(database, 'team_certifications')).toBe(2);
    expect(await count(database, 'home_about_us')).toBe(4);
    expect(await count(database, 'country_gallery_images', sql`country_id = 2`)).toBe(6);
    expect(await count(database, 'images', sql`category = 'GALLERY_IMAGES'`)).toBe(6);
    expect(await seedDatabase(database.db, { demo: true })).toEqual([]);
    expect(await count(database, 'testimonials')).toBe(3);
  });

  it('demo content starts the blog: published posts on every country site, with covers, tags and addresses', async () => {
    const posts = await database.db
      .selectFrom('posts')
      .innerJoin('images', 'images.id', 'posts.image_id')
      .select(['posts.id', 'posts.slug', 'posts.body_html', 'posts.published_at', 'images.category'])
      .orderBy('posts.published_at', 'desc')
      .execute();
    expect(posts.map((post) => post.slug)).toEqual([
      'canada-express-entry-how-crs-draws-work',
      'five-ielts-writing-tips-that-raise-your-band',
      'student-visa-changes-for-2027-intakes',
    ]);
    for (const post of posts) {
      expect(post.category).toBe('BLOG');
      expect(Date.parse(post.published_at!)).toBeLessThan(Date.now());
      expect(post.body_html).toMatch(/^<p>/);
    }
    // External links are marked as such by the same sanitiser staff bodies go through.
    expect(posts.at(-1)!.body_html).toContain('rel="noopener noreferrer nofollow"');
    expect(await count(database, 'post_countries')).toBe(3 * 4);
    expect(await count(database, 'post_slugs')).toBe(3);
    expect(await count(database, 'post_tags')).toBe(6);
  });

  it('demo content gives every country site reply templates that read well for any lead', async () => {
    const templates = await database.db
      .selectFrom('reply_templates')
      .innerJoin('countries', 'countries.id', 'reply_templates.country_id')
      .select(['countries.name as country', 'reply_templates.name', 'subject', 'body'])
      .orderBy('reply_templates.id')
      .execute();
    expect(templates).toHaveLength(4 * 4);
    expect(new Set(templates.map((template) => template.country))).toEqual(
      new Set(['Global', 'Nepal', 'Canada', 'Australia']),
    );
    for (const template of templates) {
      expect(addReplyTemplateInput.safeParse({ country_id: 1, ...template }).success).toBe(true);
      // With a name and a branch, and without either (an anonymous lead sent to no branch): no gaps, no braces.
      const named = fillPlaceholders(template.body, {
        first_name: 'Sita',
        branch: { name: 'Kathmandu' },
        country: { name: template.country },
      });
      expect(named).toMatch(/^Dear Sita,\n\n/);
      expect(named).toContain('The Kathmandu team');
      const unnamed = fillPlaceholders(template.body, { first_name: null, branch: null, country: { name: 'Nepal' } });
      expect(unnamed).toMatch(/^Dear,\n\n/);
      expect(unnamed).not.toMatch(/[{}]| {2}/);
    }
  });

  it('leaves alone the reply templates staff already wrote for a country site', async () => {
    const database = await createTestDatabase('migrated');
    try {
      await seedDatabase(database.db, { demo: false });
      const nepal = await database.db
        .selectFrom('countries')
        .select('id')
        .where('name', '=', 'Nepal')
        .executeTakeFirstOrThrow();
      await database.db
        .insertInto('reply_templates')
        .values({ country_id: nepal.id, name: 'Ours', subject: 'Hello', body: 'Our own words.' })
        .execute();
      await seedDatabase(database.db, { demo: true });
      const names = await database.db
        .selectFrom('reply_templates')
        .select('name')
        .where('country_id', '=', nepal.id)
        .execute();
      expect(names).toEqual([{ name: 'Ours' }]);
      expect(await count(database, 'reply_templates')).toBe(1 + 3 * 4);
    } finally {
      await database.close();
    }
  });
});

describe('the demo branches’ opening hours', () => {
  it('open every demo branch on its own week, each day’s hours valid; a branch whose hours staff set keeps them', async () => {
    const database = await createTestDatabase('migrated');
    try {
      await seedDatabase(database.db, { demo: true });
      const weeks = await database.db.selectFrom('branches').select(['name', 'opening_hours']).orderBy('id').execute();
      for (const { opening_hours } of weeks) expect(openingHours.parse(opening_hours)).toEqual(opening_hours);
      const { Sydney, Kathmandu } = Object.fromEntries(weeks.map((row) => [row.name, row.opening_hours]));
      expect(Sydney?.sunday).toBeNull();
      expect(Sydney?.saturday).toEqual({ opens: '10:00', closes: '14:00' });
      // Nepal's weekend is Saturday.
      expect(Kathmandu?.saturday).toBeNull();
      expect(Kathmandu?.sunday).toEqual({ opens: '10:00', closes: '18:00' });

      // A demo site seeded before the hours existed, where staff had given Sydney's since: only the others get them.
      const ours = JSON.stringify({ ...Sydney, saturday: null });
      await database.db.updateTable('branches').set({ opening_hours: ours }).where('name', '=', 'Sydney').execute();
      await database.db.updateTable('branches').set({ opening_hours: null }).where('name', '!=', 'Sydney').execute();
      await database.db.deleteFrom('seed_runs').where('name', '=', 'opening-hours').execute();
      expect(await seedDatabase(database.db, { demo: true })).toEqual(['opening-hours']);
      const again = await database.db.selectFrom('branches').select(['name', 'opening_hours']).execute();
      expect(again.find((row) => row.name === 'Sydney')?.opening_hours?.saturday).toBeNull();
      expect(again.every((row) => row.opening_hours !== null)).toBe(true);
    } finally {
      await database.close();
    }
  });
});

describe('a database seeded before the Privacy Policy and Terms pages existed', () => {
  it('gets both pages at the next start, on every country site, with their text', async () => {
    const database = await createTestDatabase('migrated');
    try {
      await seedDatabase(database.db, { demo: false });
      // As such a database was: the older sets applied, no legal pages.
      await database.db.deleteFrom('seed_runs').where('name', '=', 'legal-pages').execute();
      await database.db.deleteFrom('pages').where('name', 'in', ['Privacy Policy', 'Terms']).execute();
      expect(await seedDatabase(database.db, { demo: false })).toEqual(['legal-pages']);
      const pages = await database.db
        .selectFrom('pages')
        .innerJoin('page_contents', 'page_contents.page_id', 'pages.id')
        .select(['pages.name', 'page_contents.heading'])
        .where('pages.name', 'in', ['Privacy Policy', 'Terms'])
        .orderBy('pages.name')
        .execute();
      expect(pages).toEqual([
        { name: 'Privacy Policy', heading: 'Privacy Policy' },
        { name: 'Terms', heading: 'Terms of Use' },
      ]);
      const legal = sql`page_id in (select id from pages where name in ('Privacy Policy', 'Terms'))`;
      expect(await count(database, 'country_pages', legal)).toBe(4 * 2);
    } finally {
      await database.close();
    }
  });
});

describe('seeding from two instances at once', () => {
  it('applies each set exactly once', async () => {
    const database = await createTestDatabase('migrated');
    try {
      const results = await Promise.all([
        seedDatabase(database.db, { demo: false }),
        seedDatabase(database.db, { demo: false }),
      ]);
      expect(results.flat()).toEqual(['base', 'page-content', 'legal-pages', 'page-faqs']);
      expect(await count(database, 'countries')).toBe(4);
    } finally {
      await database.close();
    }
  });
});
