import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.js';
import { countryLink, linkedTo } from '../db/links.js';

const COLUMNS = ['pages.id', 'pages.name', 'pages.created_at', 'pages.updated_at'] as const;

/** Which pages each country site shows. */
export const COUNTRY_PAGES = countryLink('country_pages', 'page_id');

export function listPages(db: Kysely<DB>) {
  return db.selectFrom('pages').select(COLUMNS).orderBy('pages.id').execute();
}

/** Each page's countries (the sites showing it), as (page, country) pairs. */
export function pageCountryPairs(db: Kysely<DB>) {
  return db.selectFrom('country_pages').select(['page_id', 'country_id']).orderBy('country_id').execute();
}

/** The pages linked to a country, by id (a query, so lists can page it). */
export function pagesOfCountry(db: Kysely<DB>, countryId: number) {
  return db
    .selectFrom('pages')
    .select(COLUMNS)
    .where(linkedTo(COUNTRY_PAGES, 'pages.id', countryId))
    .orderBy('pages.id');
}

/** Pages showing at least one banner. */
export function pagesWithBanners(db: Kysely<DB>) {
  return db
    .selectFrom('pages')
    .select(COLUMNS)
    .where((eb) =>
      eb.exists(
        eb.selectFrom('banner_pages').select('banner_pages.page_id').whereRef('banner_pages.page_id', '=', 'pages.id'),
      ),
    )
    .orderBy('pages.id')
    .execute();
}

/** The ids among `ids` that name no page. */
export async function missingPageIds(db: Kysely<DB>, ids: readonly number[]): Promise<number[]> {
  const wanted = [...new Set(ids)];
  if (wanted.length === 0) return [];
  const found = await db.selectFrom('pages').select('id').where('id', 'in', wanted).execute();
  const existing = new Set(found.map((row) => row.id));
  return wanted.filter((id) => !existing.has(id));
}

/** The names of the pages a country's site shows, in page order: its navigation, sitemap and feed follow them. */
export async function pageNamesOfCountry(db: Kysely<DB>, countryId: number): Promise<string[]> {
  const rows = await db
    .selectFrom('country_pages')
    .innerJoin('pages', 'pages.id', 'country_pages.page_id')
    .select('pages.name')
    .where('country_pages.country_id', '=', countryId)
    .orderBy('pages.id')
    .execute();
  return rows.map((row) => row.name);
}
