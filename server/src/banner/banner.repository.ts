import { sql, type Kysely } from 'kysely';
import type { DB } from '../db/schema.js';
import { countryLink, linkedTo, type LinkTable } from '../db/links.js';

export const BANNER_PAGES: LinkTable = { table: 'banner_pages', item: 'banner_id', owner: 'page_id' };
/** The countries a banner is kept to (migration 0016); a banner without rows here shows on every site. */
export const BANNER_COUNTRIES = countryLink('banner_countries', 'banner_id');

/**
 * Whether the banner `bannerRef` shows on the site of the country `countryRef` (columns or values): it is kept to
 * no country, or to that one among others.
 */
export function bannerShownIn(bannerRef: string, countryRef: ReturnType<typeof sql.ref> | number) {
  const country = typeof countryRef === 'number' ? sql`${countryRef}` : countryRef;
  return sql<boolean>`(not exists (select 1 from banner_countries where banner_countries.banner_id = ${sql.ref(bannerRef)})
    or exists (select 1 from banner_countries where banner_countries.banner_id = ${sql.ref(bannerRef)}
      and banner_countries.country_id = ${country}))`;
}

const COLUMNS = [
  'banners.id',
  'banners.title',
  'banners.description',
  'banners.button_name',
  'banners.button_url',
  'banners.image_id',
  'banners.created_at',
  'banners.updated_at',
] as const;

const RETURNING = [
  'id',
  'title',
  'description',
  'button_name',
  'button_url',
  'image_id',
  'created_at',
  'updated_at',
] as const;

export interface BannerPageRef {
  id: number;
  name: string;
  created_at: string;
  updated_at: string;
}

/** Every banner, newest first (the admin list). */
export function selectAll(db: Kysely<DB>) {
  return db.selectFrom('banners').select(COLUMNS).orderBy('banners.id', 'desc');
}

/** The banners of one page, in the order they were added (the page's carousel). */
export function selectOfPage(db: Kysely<DB>, pageId: number) {
  return db
    .selectFrom('banners')
    .select(COLUMNS)
    .where(linkedTo(BANNER_PAGES, 'banners.id', pageId))
    .orderBy('banners.id', 'asc');
}

/**
 * (banner, country) pairs: the countries whose sites show each banner, i.e. have one of its pages and are among
 * the countries it is kept to, if any.
 */
export function bannerCountryPairs(db: Kysely<DB>, bannerIds: readonly number[]) {
  return db
    .selectFrom('banner_pages')
    .innerJoin('country_pages', 'country_pages.page_id', 'banner_pages.page_id')
    .select(['banner_pages.banner_id as item_id', 'country_pages.country_id'])
    .distinct()
    .where('banner_pages.banner_id', 'in', [...bannerIds])
    .where(bannerShownIn('banner_pages.banner_id', sql.ref('country_pages.country_id')))
    .orderBy('country_pages.country_id')
    .execute();
}

/** The countries whose sites show any of the pages, among `onlyCountryIds` when it names any. */
export async function countriesShowingPages(
  db: Kysely<DB>,
  pageIds: readonly number[],
  onlyCountryIds: readonly number[] = [],
): Promise<number[]> {
  if (pageIds.length === 0) return [];
  let query = db
    .selectFrom('country_pages')
    .select('country_id')
    .distinct()
    .where('page_id', 'in', [...pageIds]);
  if (onlyCountryIds.length > 0) query = query.where('country_id', 'in', [...onlyCountryIds]);
  return (await query.execute()).map((row) => row.country_id);
}

/** The countries each banner is kept to (empty: none, it shows on every site with its pages). */
export function onlyCountryIdsOf(db: Kysely<DB>, bannerIds: readonly number[]) {
  return db
    .selectFrom('banner_countries')
    .select(['banner_id as item_id', 'country_id'])
    .where('banner_id', 'in', [...bannerIds])
    .orderBy('country_id')
    .execute();
}

/** Takes every country not in `countryIds` off the banner's list (the caller links the rest; none: all go). */
export async function unlinkOtherCountries(
  db: Kysely<DB>,
  bannerId: number,
  countryIds: readonly number[],
): Promise<void> {
  let removal = db.deleteFrom('banner_countries').where('banner_id', '=', bannerId);
  if (countryIds.length > 0) removal = removal.where('country_id', 'not in', [...countryIds]);
  await removal.execute();
}

export function findByIds(db: Kysely<DB>, ids: readonly number[]) {
  return db
    .selectFrom('banners')
    .select(COLUMNS)
    .where('banners.id', 'in', [...ids])
    .execute();
}

export function insert(
  db: Kysely<DB>,
  values: {
    title: string;
    description: string;
    button_name: string | null;
    button_url: string | null;
    image_id: number;
  },
) {
  return db.insertInto('banners').values(values).returning(RETURNING).executeTakeFirstOrThrow();
}

export function update(
  db: Kysely<DB>,
  id: number,
  changes: {
    title?: string;
    description?: string;
    button_name?: string | null;
    button_url?: string | null;
    image_id?: number;
  },
) {
  return db
    .updateTable('banners')
    .set({ ...changes, updated_at: sql`now()` })
    .where('id', '=', id)
    .returning(RETURNING)
    .executeTakeFirst();
}

export async function remove(db: Kysely<DB>, id: number): Promise<boolean> {
  const result = await db.deleteFrom('banners').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** Unlinks the banner from every page not in `pageIds` (the caller links the rest). */
export async function unlinkOtherPages(db: Kysely<DB>, bannerId: number, pageIds: readonly number[]): Promise<void> {
  await db
    .deleteFrom('banner_pages')
    .where('banner_id', '=', bannerId)
    .where('page_id', 'not in', [...pageIds])
    .execute();
}

/** The pages each banner is on, in one query. */
export async function pagesByBanner(db: Kysely<DB>, bannerIds: readonly number[]) {
  const result = new Map<number, BannerPageRef[]>(bannerIds.map((id) => [id, []]));
  if (bannerIds.length === 0) return result;
  const rows = await db
    .selectFrom('banner_pages')
    .innerJoin('pages', 'pages.id', 'banner_pages.page_id')
    .select(['banner_pages.banner_id', 'pages.id', 'pages.name', 'pages.created_at', 'pages.updated_at'])
    .where('banner_pages.banner_id', 'in', [...bannerIds])
    .orderBy('pages.id')
    .execute();
  for (const { banner_id, ...page } of rows) result.get(banner_id)?.push(page);
  return result;
}

/** The pages of `pageIds`, by id (a banner's draft names its pages by id). */
export function pagesByIds(db: Kysely<DB>, pageIds: readonly number[]): Promise<BannerPageRef[]> {
  if (pageIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('pages')
    .select(['id', 'name', 'created_at', 'updated_at'])
    .where('id', 'in', [...pageIds])
    .orderBy('id')
    .execute();
}

/** The ids among `pageIds` that name no page. */
export async function missingPages(db: Kysely<DB>, pageIds: readonly number[]): Promise<number[]> {
  const wanted = [...new Set(pageIds)];
  const found = await db.selectFrom('pages').select('id').where('id', 'in', wanted).execute();
  const existing = new Set(found.map((row) => row.id));
  return wanted.filter((id) => !existing.has(id));
}
