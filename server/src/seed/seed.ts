import { sql, type Kysely, type Transaction } from 'kysely';
import { dayAfter, utcDayFromToday } from '../../../shared/calendar-days.js';
import { GLOBAL_COUNTRY_ID } from '../../../shared/enums.js';
import { SITE_PAGES } from '../../../shared/site-pages.js';
import { linkItemToOwners } from '../db/links.js';
import type { DB } from '../db/schema.js';
import { sanitizePostHtml } from '../post/post-html.js';
import { insert as insertPost, POST_COUNTRIES } from '../post/post.repository.js';
import { slugOf } from '../../../shared/post-address.js';
import { saveBlob } from '../media/media.repository.js';
import { PAGE_CONTENT } from './page-content-data.js';
import { PAGE_FAQS } from './page-faq-data.js';
import {
  DEMO_CONTENT,
  DEMO_POSTS,
  DEMO_REPLY_TEMPLATES,
  PAGES_LEFT_OUT,
  SEED_BRANCHES,
  SEED_COUNTRIES,
  type SeedCountryName,
} from './seed-data.js';
import { flagImage, galleryImage, heroImage, portraitImage, serviceImage, socialIcon } from './demo-images.js';
import { countryCodeOfName } from '../../../shared/country-codes.js';

/** Any number; it only has to be the same for every instance so two starting at once take turns. */
const SEED_LOCK = 7_340_001;

/**
 * Applies the seed sets not applied before, each once in the life of the database (recorded in `seed_runs`), so
 * staff can delete seeded rows without them coming back at the next start.
 * - `base`: the countries (Global is id 1), one page per public page, the chat branches, header contact infos.
 * - `page-content`: the starting text (heading, summary, body) of every public page; a set of its own so databases
 *   seeded before page text existed get it too.
 * - `legal-pages`: the Privacy Policy and Terms pages, enabled for every country, with their text; a set of its own so
 *   databases seeded before they existed get them too.
 * - `page-faqs`: the starting FAQ of the service pages (only pages with no FAQ yet get one).
 * - `demo` (when asked): banners, services, testimonials, team, videos, gallery, so a new site looks complete.
 * - `blog-posts` (with the demo): the blog's first posts; a set of its own so demo sites seeded before the blog get
 *   them too.
 * - `reply-templates` (with the demo): the Inbox's first reply templates on every country site that has none; a set
 *   of its own so demo sites seeded before the templates get them too.
 * - `opening-hours` (with the demo): the demo branches' opening hours, where a branch of that name has none yet.
 * - `branch-closures` (with the demo): the demo countries' closures at their next dates, where a country has none.
 */
export async function seedDatabase(
  db: Kysely<DB>,
  options: { demo: boolean; log?: { info(obj: object, msg: string): void } },
): Promise<string[]> {
  return db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(${SEED_LOCK})`.execute(trx);
    // Its changes start items' histories but are nobody's activity (migration 0020).
    await sql`select set_config('app.starting_content', 'on', true)`.execute(trx);
    const done = new Set((await trx.selectFrom('seed_runs').select('name').execute()).map((row) => row.name));
    const applied: string[] = [];
    const sets = [
      ['base', seedBase] as const,
      ['page-content', (trx: Transaction<DB>) => seedPageContent(trx)] as const,
      ['legal-pages', seedLegalPages] as const,
      ['page-faqs', seedPageFaqs] as const,
      ...(options.demo
        ? [
            ['demo', seedDemo] as const,
            ['blog-posts', seedBlogPosts] as const,
            ['reply-templates', seedReplyTemplates] as const,
            ['opening-hours', seedOpeningHours] as const,
            ['branch-closures', seedBranchClosures] as const,
            ['time-zones', seedTimeZones] as const,
          ]
        : []),
    ];
    for (const [name, apply] of sets) {
      if (done.has(name)) continue;
      await apply(trx);
      await trx.insertInto('seed_runs').values({ name }).execute();
      applied.push(name);
      options.log?.info({ seed: name }, 'seed data applied');
    }
    return applied;
  });
}

/** Whether the schema being seeded has a column (it may be an older one, in a test of a migration). */
async function hasColumn(trx: Transaction<DB>, table: string, column: string): Promise<boolean> {
  const { rows } = await sql`select 1 from information_schema.columns
    where table_schema = current_schema() and table_name = ${table} and column_name = ${column}`.execute(trx);
  return rows.length > 0;
}

async function countryIds(trx: Transaction<DB>): Promise<Map<string, number>> {
  const rows = await trx.selectFrom('countries').select(['id', 'name']).execute();
  return new Map(rows.map((row) => [row.name, row.id]));
}

async function seedBase(trx: Transaction<DB>): Promise<void> {
  const withAddresses = await hasColumn(trx, 'countries', 'code');
  for (const country of SEED_COUNTRIES) {
    const flag = await saveBlob(trx, await flagImage(country.name));
    await trx
      .insertInto('countries')
      .values({
        // Global must be id 1: the whole site falls back to it.
        ...(country.name === 'Global' ? { id: GLOBAL_COUNTRY_ID } : {}),
        name: country.name,
        // Its site's address (decision 066); Global's is the root. A database seeded at a version from before
        // addresses (a test of an older migration) gets them from migration 0037.
        ...(withAddresses && country.name !== 'Global' ? { code: countryCodeOfName(country.name) ?? null } : {}),
        flag_sha256: flag,
        is_enabled: 'ENABLE',
      })
      .onConflict((oc) => oc.expression(sql`lower(name)`).doNothing())
      .execute();
    if (country.name === 'Global') {
      // An explicit id does not advance the identity sequence; move it past 1.
      await sql`select setval(pg_get_serial_sequence('countries', 'id'), (select max(id) from countries))`.execute(trx);
    }
  }
  const countries = await countryIds(trx);

  await trx
    .insertInto('pages')
    .values(SITE_PAGES.map((page) => ({ name: page.name })))
    .onConflict((oc) => oc.expression(sql`lower(name)`).doNothing())
    .execute();
  const pages = await trx.selectFrom('pages').select(['id', 'name']).execute();
  await trx
    .insertInto('country_pages')
    .values(
      SEED_COUNTRIES.flatMap((country) => {
        const leftOut = new Set<string>(PAGES_LEFT_OUT[country.name]);
        return pages
          .filter((page) => !leftOut.has(page.name))
          .map((page) => ({ country_id: countries.get(country.name)!, page_id: page.id }));
      }),
    )
    .onConflict((oc) => oc.doNothing())
    .execute();

  for (const country of SEED_COUNTRIES) {
    await trx
      .insertInto('header_contact_infos')
      .values({ country_id: countries.get(country.name)!, ...country.headerContactInfo })
      .onConflict((oc) => oc.column('country_id').doNothing())
      .execute();
  }
  await trx
    .insertInto('branches')
    .values(SEED_BRANCHES.map(({ country, ...branch }) => ({ country_id: countries.get(country)!, ...branch })))
    .onConflict((oc) => oc.doNothing())
    .execute();
}

/** One text row per existing page, matched by name; a page staff deleted or renamed gets none. */
async function seedPageContent(trx: Transaction<DB>, only?: readonly string[]): Promise<void> {
  let query = trx.selectFrom('pages').select(['id', 'name']);
  if (only) query = query.where('name', 'in', only);
  const pages = await query.execute();
  const byName = new Map(Object.entries(PAGE_CONTENT).map(([name, content]) => [name.toLowerCase(), content]));
  const rows = pages.flatMap((page) => {
    const content = byName.get(page.name.toLowerCase());
    return content ? [{ page_id: page.id, ...content }] : [];
  });
  if (rows.length === 0) return;
  await trx
    .insertInto('page_contents')
    .values(rows)
    .onConflict((oc) => oc.column('page_id').doNothing())
    .execute();
}

/** The starting FAQ of each page that has one in PAGE_FAQS and none of its own yet, matched by name. */
async function seedPageFaqs(trx: Transaction<DB>): Promise<void> {
  const pages = await trx
    .selectFrom('pages')
    .select(['id', 'name'])
    .where((eb) =>
      eb.not(
        eb.exists(eb.selectFrom('page_faqs').select('page_faqs.id').whereRef('page_faqs.page_id', '=', 'pages.id')),
      ),
    )
    .execute();
  const byName = new Map(Object.entries(PAGE_FAQS).map(([name, faqs]) => [name.toLowerCase(), faqs]));
  const rows = pages.flatMap((page) =>
    (byName.get(page.name.toLowerCase()) ?? []).map((faq, position) => ({ page_id: page.id, position, ...faq })),
  );
  if (rows.length > 0) await trx.insertInto('page_faqs').values(rows).execute();
}

/** Pages added after the first release: created if missing, shown on every country site, given their text. */
const LEGAL_PAGES = ['Privacy Policy', 'Terms'] as const;

async function seedLegalPages(trx: Transaction<DB>): Promise<void> {
  await trx
    .insertInto('pages')
    .values(LEGAL_PAGES.map((name) => ({ name })))
    .onConflict((oc) => oc.expression(sql`lower(name)`).doNothing())
    .execute();
  const pages = await trx.selectFrom('pages').select(['id', 'name']).where('name', 'in', LEGAL_PAGES).execute();
  const countries = [...(await countryIds(trx)).values()];
  if (countries.length > 0 && pages.length > 0) {
    await trx
      .insertInto('country_pages')
      .values(countries.flatMap((country_id) => pages.map((page) => ({ country_id, page_id: page.id }))))
      .onConflict((oc) => oc.doNothing())
      .execute();
  }
  await seedPageContent(trx, LEGAL_PAGES);
}

/** A library image drawn at seed time, with what it shows as its alternative text; returns its id. */
async function addSeedImage(
  trx: Transaction<DB>,
  image_name: string,
  category: DB['images']['category'],
  blob: Parameters<typeof saveBlob>[1],
  alt_text: string,
): Promise<number> {
  const blob_sha256 = await saveBlob(trx, blob);
  // A database seeded at a version from before alternative text (a test of an older migration) gets the file
  // name's words from migration 0039, for review.
  const withAltText = await hasColumn(trx, 'images', 'alt_text');
  const row = await trx
    .insertInto('images')
    .values({ image_name, category, blob_sha256, ...(withAltText ? { alt_text, alt_text_reviewed: true } : {}) })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

async function seedDemo(trx: Transaction<DB>): Promise<void> {
  const countries = [...(await countryIds(trx)).values()];
  const demo = DEMO_CONTENT;

  const alt = demo.altTexts;
  const addImage = (
    image_name: string,
    category: DB['images']['category'],
    blob: Parameters<typeof saveBlob>[1],
    alt_text: string,
  ) => addSeedImage(trx, image_name, category, blob, alt_text);

  // Home banners: each country site's own hero, kept to it; the countries without one share the Global hero.
  const home = await trx.selectFrom('pages').select('id').where('name', '=', 'Home').executeTakeFirst();
  const bannerImage = await addImage('home-banner.webp', 'BANNER', await heroImage(), alt.hero);
  const seededCountries = await countryIds(trx);
  const heroOf = (name: string) => (Object.hasOwn(demo.banners, name) ? name : 'Global') as keyof typeof demo.banners;
  for (const [hero, content] of Object.entries(demo.banners)) {
    const keptTo = [...seededCountries].filter(([name]) => heroOf(name) === hero).map(([, id]) => id);
    if (keptTo.length === 0) continue;
    const banner = await trx
      .insertInto('banners')
      .values({ ...content, image_id: bannerImage })
      .returning('id')
      .executeTakeFirstOrThrow();
    if (home) await trx.insertInto('banner_pages').values({ banner_id: banner.id, page_id: home.id }).execute();
    await trx
      .insertInto('banner_countries')
      .values(keptTo.map((country_id) => ({ banner_id: banner.id, country_id })))
      .execute();
  }

  // Home services, each country site its own three; the three pictures are shared.
  const serviceImages: number[] = [];
  for (let index = 0; index < 3; index++) {
    serviceImages.push(
      await addImage(`service-${index + 1}.webp`, 'SERVICES', await serviceImage(index), alt.services[index]!),
    );
  }
  const seeded = await countryIds(trx);
  await trx
    .insertInto('home_services')
    .values(
      Object.entries(demo.services).flatMap(([country, services]) =>
        seeded.has(country)
          ? services.map(({ picture, ...service }) => ({
              country_id: seeded.get(country)!,
              ...service,
              image_id: serviceImages[picture]!,
            }))
          : [],
      ),
    )
    .execute();

  // Testimonials, shown on every country site.
  for (const [index, testimonial] of demo.testimonials.entries()) {
    const image_id = await addImage(
      `testimonial-${index + 1}.webp`,
      'TESTIMONALS',
      await portraitImage(index),
      alt.portrait(testimonial.name),
    );
    const row = await trx
      .insertInto('testimonials')
      .values({ ...testimonial, image_id })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx
      .insertInto('testimonial_countries')
      .values(countries.map((country_id) => ({ testimonial_id: row.id, country_id })))
      .execute();
  }

  // Registration certificates per country, and the team members holding them.
  const byName = await countryIds(trx);
  const certificates = new Map<string, number>();
  for (const certificate of demo.certificates) {
    const row = await trx
      .insertInto('country_certificates')
      .values({ country_id: byName.get(certificate.country)!, certificate_name: certificate.certificate_name })
      .returning('id')
      .executeTakeFirstOrThrow();
    certificates.set(certificate.certificate_name, row.id);
  }
  for (const [index, { countries: memberCountries, certifications, ...member }] of demo.team.entries()) {
    const image_id = await addImage(
      `team-${index + 1}.webp`,
      'TEAM',
      await portraitImage(index + 3),
      alt.portrait(member.name),
    );
    const row = await trx
      .insertInto('team_members')
      .values({ ...member, image_id })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx
      .insertInto('team_member_countries')
      .values(memberCountries.map((name) => ({ team_member_id: row.id, country_id: byName.get(name)! })))
      .execute();
    await trx
      .insertInto('team_certifications')
      .values(
        certifications.map((c) => ({
          team_member_id: row.id,
          country_certificate_id: certificates.get(c.certificate_name)!,
          certificate_code: c.certificate_code,
        })),
      )
      .execute();
  }

  // About-us video and description per country; gallery videos.
  const aboutVideo = await trx
    .insertInto('videos')
    .values({ ...demo.aboutUsVideo, category: 'ABOUT_US' })
    .returning('id')
    .executeTakeFirstOrThrow();
  await trx
    .insertInto('home_about_us')
    .values(
      [...seeded].map(([country, country_id]) => ({
        country_id,
        video_id: aboutVideo.id,
        description: demo.aboutUsText[country as SeedCountryName] ?? demo.aboutUsText.Global,
      })),
    )
    .execute();
  for (const video of demo.galleryVideos) {
    const row = await trx
      .insertInto('videos')
      .values({ ...video, category: 'GALLERY_VIDEOS' })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx
      .insertInto('country_gallery_videos')
      .values(countries.map((country_id) => ({ country_id, video_id: row.id })))
      .execute();
  }

  // Gallery pictures on every country site.
  for (let index = 0; index < demo.galleryImageCount; index++) {
    const image_id = await addImage(
      `gallery-${index + 1}.webp`,
      'GALLERY_IMAGES',
      await galleryImage(index),
      alt.gallery[index % alt.gallery.length]!,
    );
    await trx
      .insertInto('country_gallery_images')
      .values(countries.map((country_id) => ({ country_id, image_id })))
      .execute();
  }

  // Footer social media and a map for every country.
  for (const social of demo.socialMedia) {
    const image_id = await addImage(
      `${social.name}.png`,
      'SOCIAL_MEDIA',
      await socialIcon(social.color, social.mark),
      social.alt,
    );
    await trx
      .insertInto('footer_social_media')
      .values(countries.map((country_id) => ({ country_id, image_id, social_media_link: social.link })))
      .execute();
  }
  await trx
    .insertInto('google_maps')
    .values(countries.map((country_id) => ({ country_id, google_map_link: demo.googleMapLink })))
    .execute();
  for (const [name, whatsapp_number] of Object.entries(demo.whatsappNumbers)) {
    await trx.updateTable('branches').set({ whatsapp_number }).where('name', '=', name).execute();
  }
}

/** The demo blog: posts on every country site; their author is the first administrator when there is one yet. */
async function seedBlogPosts(trx: Transaction<DB>): Promise<void> {
  const countries = [...(await countryIds(trx)).values()];
  const admin = await trx
    .selectFrom('staff_users')
    .select('id')
    .where('role', '=', 'ADMIN')
    .where('is_active', '=', true)
    .orderBy('id')
    .executeTakeFirst();
  for (const [index, { daysAgo, picture, body_html, tags, ...post }] of DEMO_POSTS.entries()) {
    const image_id = await addSeedImage(
      trx,
      `blog-${index + 1}.webp`,
      'BLOG',
      await serviceImage(picture),
      DEMO_CONTENT.altTexts.services[picture],
    );
    const { id } = await insertPost(trx, {
      ...post,
      slug: slugOf(post.title),
      image_id,
      body_html: sanitizePostHtml(body_html),
      tags: [...tags],
      author_id: admin?.id ?? null,
      published_at: new Date(Date.now() - daysAgo * 24 * 60 * 60 * 1000).toISOString(),
    });
    await linkItemToOwners(trx, POST_COUNTRIES, id, countries);
  }
}

/** The demo's reply templates, on every country site that has none yet (staff may have written their own). */
async function seedReplyTemplates(trx: Transaction<DB>): Promise<void> {
  const countries = await trx
    .selectFrom('countries')
    .select('id')
    .where((eb) =>
      eb.not(eb.exists(eb.selectFrom('reply_templates').whereRef('reply_templates.country_id', '=', 'countries.id'))),
    )
    .execute();
  const rows = countries.flatMap(({ id }) => DEMO_REPLY_TEMPLATES.map((template) => ({ country_id: id, ...template })));
  if (rows.length > 0) await trx.insertInto('reply_templates').values(rows).execute();
}

/** The demo branches' opening hours, on the branches of their names that have none yet. */
async function seedOpeningHours(trx: Transaction<DB>): Promise<void> {
  for (const [name, week] of Object.entries(DEMO_CONTENT.openingHours)) {
    await trx
      .updateTable('branches')
      .set({ opening_hours: JSON.stringify(week) })
      .where('name', '=', name)
      .where('opening_hours', 'is', null)
      .execute();
  }
}

/** The demo countries' clocks, on the countries of their names that have none yet. */
async function seedTimeZones(trx: Transaction<DB>): Promise<void> {
  for (const [name, timeZone] of Object.entries(DEMO_CONTENT.timeZones)) {
    await trx
      .updateTable('countries')
      .set({ time_zone: timeZone })
      .where('name', '=', name)
      .where('time_zone', 'is', null)
      .execute();
  }
}

/** A closure's days at the next date of `MM-DD` (today's included), in UTC: a demo's dates need no clock. */
function nextDays(on: string, days: number): { first_day: string; last_day: string } {
  const today = utcDayFromToday(0);
  const year = Number(today.slice(0, 4));
  const first = `${year}-${on}` >= today ? `${year}-${on}` : `${year + 1}-${on}`;
  return { first_day: first, last_day: dayAfter(first, days - 1) };
}

/** The demo countries' closures (decision 052), where a country of that name has none yet. */
async function seedBranchClosures(trx: Transaction<DB>): Promise<void> {
  for (const [countryName, closures] of Object.entries(DEMO_CONTENT.closures)) {
    const country = await trx
      .selectFrom('countries')
      .select('id')
      .where('name', '=', countryName)
      .where((eb) =>
        eb.not(eb.exists(eb.selectFrom('branch_closures').whereRef('branch_closures.country_id', '=', 'countries.id'))),
      )
      .executeTakeFirst();
    if (!country) continue;
    for (const { name, on, days, ...closure } of closures) {
      const branchName = 'branch' in closure ? closure.branch : undefined;
      const branch = branchName
        ? await trx
            .selectFrom('branches')
            .select('id')
            .where('country_id', '=', country.id)
            .where('name', '=', branchName)
            .executeTakeFirst()
        : undefined;
      // A closure of a branch the site no longer has is left out, not given to every branch.
      if (branchName && !branch) continue;
      await trx
        .insertInto('branch_closures')
        .values({ country_id: country.id, branch_id: branch?.id ?? null, name, ...nextDays(on, days) })
        .execute();
    }
  }
}
