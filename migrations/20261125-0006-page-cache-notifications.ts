import { sql, type Kysely } from 'kysely';

/*
 * The page cache's invalidations come from the database itself (decision 025): every write to what a public page
 * shows sends a NOTIFY on `page_cache` naming what changed, as a tag: `country:<id>` (that country's site),
 * `page:<id>` (that page on every site), `countries` (the country list every page shows). NOTIFY is delivered when
 * the transaction commits and never for one rolled back, and a trigger cannot be forgotten by a new service, a
 * script or a seed.
 *
 * `notify_page_cache()` reads what to send from its trigger's arguments:
 * - ('tag', <tag>): always that tag;
 * - ('column', <prefix>, <column>): `<prefix>:<value of column>` for the old and the new row;
 * - ('linked', <prefix>, <link table>, <link column>, <owner column>, <row column>): for each owner linked to the
 *   row (e.g. the countries of a testimonial, the pages of a banner), `<prefix>:<owner>`.
 */

/** Tables with a country_id whose rows a country's site shows. */
const COUNTRY_TABLES = [
  'branches',
  'header_contact_infos',
  'footer_social_media',
  'google_maps',
  'home_about_us',
  'home_services',
  'country_pages',
  'testimonial_countries',
  'popup_countries',
  'team_member_countries',
  'country_gallery_images',
  'country_gallery_videos',
  'country_certificates',
];

/** Tables with a page_id whose rows a page shows on every site. */
const PAGE_TABLES = ['banner_pages', 'page_contents'];

/** Rows shown through a link table: [table, prefix, link table, link column, owner column, row column]. */
const LINKED: [string, string, string, string, string, string][] = [
  ['testimonials', 'country', 'testimonial_countries', 'testimonial_id', 'country_id', 'id'],
  ['popups', 'country', 'popup_countries', 'popup_id', 'country_id', 'id'],
  ['team_members', 'country', 'team_member_countries', 'team_member_id', 'country_id', 'id'],
  ['team_certifications', 'country', 'team_member_countries', 'team_member_id', 'country_id', 'team_member_id'],
  ['videos', 'country', 'country_gallery_videos', 'video_id', 'country_id', 'id'],
  ['videos', 'country', 'home_about_us', 'video_id', 'country_id', 'id'],
  ['banners', 'page', 'banner_pages', 'banner_id', 'page_id', 'id'],
];

const trigger = (table: string, suffix: string) => sql.id(`${table}_page_cache_${suffix}`);

export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create function notify_page_cache() returns trigger language plpgsql as $$
    declare
      mode text := TG_ARGV[0];
      old_row jsonb := case when TG_OP in ('UPDATE', 'DELETE') then to_jsonb(OLD) end;
      new_row jsonb := case when TG_OP in ('INSERT', 'UPDATE') then to_jsonb(NEW) end;
      owner text;
    begin
      if mode = 'tag' then
        perform pg_notify('page_cache', TG_ARGV[1]);
      elsif mode = 'column' then
        if old_row is not null then
          perform pg_notify('page_cache', TG_ARGV[1] || ':' || (old_row ->> TG_ARGV[2]));
        end if;
        if new_row is not null then
          perform pg_notify('page_cache', TG_ARGV[1] || ':' || (new_row ->> TG_ARGV[2]));
        end if;
      elsif mode = 'linked' then
        for owner in execute format('select distinct %I::text from %I where %I in ($1, $2)', TG_ARGV[4], TG_ARGV[2],
            TG_ARGV[3])
          using ((old_row ->> TG_ARGV[5])::integer), ((new_row ->> TG_ARGV[5])::integer)
        loop
          perform pg_notify('page_cache', TG_ARGV[1] || ':' || owner);
        end loop;
      end if;
      return null;
    end
    $$`.execute(db);

  // The country list (names, flags, enabled) shows on every page; an image is never changed in place, but if one
  // ever is, everything may show it.
  await sql`create trigger ${trigger('countries', 'tag')} after insert or update or delete on countries
    for each row execute function notify_page_cache('tag', 'countries')`.execute(db);
  await sql`create trigger ${trigger('images', 'tag')} after update on images
    for each row execute function notify_page_cache('tag', 'all')`.execute(db);
  for (const [prefix, tables] of [
    ['country', COUNTRY_TABLES],
    ['page', PAGE_TABLES],
  ] as const) {
    const column = `${prefix}_id`;
    for (const table of tables) {
      await sql`create trigger ${trigger(table, 'column')} after insert or update or delete on ${sql.table(table)}
        for each row execute function notify_page_cache('column', ${sql.lit(prefix)}, ${sql.lit(column)})`.execute(db);
    }
  }
  for (const [table, prefix, link, linkColumn, ownerColumn, rowColumn] of LINKED) {
    // A new item is linked afterwards, and a deleted one's links go with it: their own triggers speak then. A
    // certificate, though, belongs to a member already linked.
    await sql`create trigger ${trigger(table, `via_${link}`)} after insert or update or delete on ${sql.table(table)}
      for each row execute function notify_page_cache('linked', ${sql.lit(prefix)}, ${sql.lit(link)},
        ${sql.lit(linkColumn)}, ${sql.lit(ownerColumn)}, ${sql.lit(rowColumn)})`.execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  const dropped = [
    ['countries', 'tag'],
    ['images', 'tag'],
    ...[...COUNTRY_TABLES, ...PAGE_TABLES].map((table) => [table, 'column']),
    ...LINKED.map(([table, , link]) => [table, `via_${link}`]),
  ];
  for (const [table, suffix] of dropped) {
    await sql`drop trigger ${trigger(table!, suffix!)} on ${sql.table(table!)}`.execute(db);
  }
  await sql`drop function notify_page_cache()`.execute(db);
}
