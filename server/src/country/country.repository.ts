import { sql, type Kysely } from 'kysely';
import { mediaUrl } from '../../../shared/media.js';
import type { DB } from '../db/schema.js';
import { AppError } from '../errors.js';

export interface Country {
  id: number;
  name: string;
  flag_url: string | null;
  is_enabled: 'ENABLE' | 'DISABLE';
  /** The clock of the country's appointments (decision 050); null: the site's time zone. */
  time_zone: string | null;
  /** The site's address code (`np` for `/np/…`, decision 066); null: none (Global). */
  code: string | null;
  created_at: string;
  updated_at: string;
}

function baseQuery(db: Kysely<DB>) {
  return db
    .selectFrom('countries')
    .leftJoin('media_blobs', 'media_blobs.sha256', 'countries.flag_sha256')
    .select([
      'countries.id',
      'countries.name',
      'countries.is_enabled',
      'countries.time_zone',
      'countries.code',
      'countries.created_at',
      'countries.updated_at',
      'media_blobs.sha256 as flag_sha256',
      'media_blobs.content_type as flag_content_type',
    ]);
}

function toCountry(row: Awaited<ReturnType<ReturnType<typeof baseQuery>['executeTakeFirstOrThrow']>>): Country {
  const { flag_sha256, flag_content_type, ...rest } = row;
  return { ...rest, flag_url: flag_sha256 && flag_content_type ? mediaUrl(flag_sha256, flag_content_type) : null };
}

export async function listEnabledCountries(db: Kysely<DB>): Promise<Country[]> {
  const rows = await baseQuery(db).where('countries.is_enabled', '=', 'ENABLE').orderBy('countries.id').execute();
  return rows.map(toCountry);
}

export async function findCountry(db: Kysely<DB>, id: number): Promise<Country | undefined> {
  const row = await baseQuery(db).where('countries.id', '=', id).executeTakeFirst();
  return row && toCountry(row);
}

/** Refuses an unknown country id with NOT_FOUND (and a field message for forms). */
export async function assertCountryExists(db: Kysely<DB>, id: number): Promise<void> {
  const row = await db.selectFrom('countries').select('id').where('id', '=', id).executeTakeFirst();
  if (!row) throw new AppError('NOT_FOUND', 'Country not found.', { country_id: 'Country not found' });
}

/** The countries each item of a link table is linked to (e.g. testimonial → countries), in two queries. */
export async function countriesByItem(
  db: Kysely<DB>,
  link: { table: keyof DB; item: string },
  itemIds: readonly number[],
): Promise<Map<number, Country[]>> {
  if (itemIds.length === 0) return new Map();
  const { rows: links } = await sql<{ item_id: number; country_id: number }>`
    select ${sql.ref(link.item)} as item_id, country_id from ${sql.table(link.table)}
    where ${sql.ref(link.item)} in (${sql.join([...itemIds])}) order by country_id`.execute(db);
  return groupCountries(db, links, itemIds);
}

/** (item, country) pairs grouped into each item's countries, in the pairs' order; the countries load in one query. */
export async function groupCountries(
  db: Kysely<DB>,
  links: readonly { item_id: number; country_id: number }[],
  itemIds: readonly number[],
): Promise<Map<number, Country[]>> {
  const result = new Map<number, Country[]>(itemIds.map((id) => [id, []]));
  const countryIds = [...new Set(links.map((row) => row.country_id))];
  const countries = countryIds.length
    ? new Map(
        (await baseQuery(db).where('countries.id', 'in', countryIds).execute()).map((row) => [row.id, toCountry(row)]),
      )
    : new Map<number, Country>();
  for (const { item_id, country_id } of links) {
    const country = countries.get(country_id);
    if (country) result.get(item_id)?.push(country);
  }
  return result;
}

/** PostgreSQL's unique_violation, as both database drivers report it; of `constraint` only, when it is given. */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { code, constraint: violated } = error as { code?: unknown; constraint?: unknown };
  return code === '23505' && (constraint === undefined || violated === constraint);
}

/** The unique index of the countries' address codes. */
export const COUNTRY_CODE_KEY = 'countries_code_key';

/** `text` matched literally inside an ILIKE pattern. */
function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (char) => `\\${char}`);
}

/** Countries by name (contains, case-insensitively), optionally only the enabled ones or only some ids. */
export async function listCountries(
  db: Kysely<DB>,
  options: { filter?: string | null; enabledOnly: boolean; onlyIds?: readonly number[] },
): Promise<Country[]> {
  if (options.onlyIds?.length === 0) return [];
  let query = baseQuery(db);
  if (options.enabledOnly) query = query.where('countries.is_enabled', '=', 'ENABLE');
  if (options.onlyIds) query = query.where('countries.id', 'in', options.onlyIds);
  if (options.filter) query = query.where('countries.name', 'ilike', `%${escapeLike(options.filter)}%`);
  const rows = await query.orderBy('countries.id').execute();
  return rows.map(toCountry);
}

/** Countries by id, for attaching to rows that name one (one query for a whole list). */
export async function countriesByIds(db: Kysely<DB>, ids: readonly number[]): Promise<Map<number, Country>> {
  const wanted = [...new Set(ids)];
  if (wanted.length === 0) return new Map();
  const rows = await baseQuery(db).where('countries.id', 'in', wanted).execute();
  return new Map(rows.map((row) => [row.id, toCountry(row)]));
}

/** The id of the country whose site is at `code` (`np`), if there is one. */
export async function countryIdOfCode(db: Kysely<DB>, code: string): Promise<number | undefined> {
  const row = await db.selectFrom('countries').select('id').where('code', '=', code).executeTakeFirst();
  return row?.id;
}

/** Whether a country exists and is enabled, without its flag. */
export function findCountryStatus(db: Kysely<DB>, id: number) {
  return db.selectFrom('countries').select(['id', 'is_enabled']).where('id', '=', id).executeTakeFirst();
}

/** Adds a country; undefined when the name is taken (case-insensitively). A taken code raises a unique violation. */
export async function insertCountry(
  db: Kysely<DB>,
  values: {
    name: string;
    code: string | null;
    is_enabled: 'ENABLE' | 'DISABLE';
    time_zone: string | null;
    flag_sha256: string | null;
  },
): Promise<Country | undefined> {
  const row = await db
    .insertInto('countries')
    .values(values)
    .onConflict((oc) => oc.expression(sql`lower(name)`).doNothing())
    .returning('id')
    .executeTakeFirst();
  return row && findCountry(db, row.id);
}

/** Changes a country; undefined when there is none. A taken name raises a unique violation. */
export async function updateCountryRow(
  db: Kysely<DB>,
  id: number,
  changes: {
    name?: string;
    code?: string;
    is_enabled?: 'ENABLE' | 'DISABLE';
    time_zone?: string | null;
    flag_sha256?: string;
  },
): Promise<Country | undefined> {
  const row = await db
    .updateTable('countries')
    .set({ ...changes, updated_at: sql`now()` })
    .where('id', '=', id)
    .returning('id')
    .executeTakeFirst();
  return row && findCountry(db, row.id);
}
