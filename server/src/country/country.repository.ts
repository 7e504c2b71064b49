import { sql, type Kysely } from 'kysely';
import { mediaUrl } from '../../../shared/media.js';
import type { DB } from '../db/schema.js';
import { AppError } from '../errors.js';

export interface Country {
  id: number;
  name: string;
  flag_url: string | null;
  is_enabled: 'ENABLE' | 'DISABLE';
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
  const result = new Map<number, Country[]>(itemIds.map((id) => [id, []]));
  if (itemIds.length === 0) return result;
  const { rows: links } = await sql<{ item_id: number; country_id: number }>`
    select ${sql.ref(link.item)} as item_id, country_id from ${sql.table(link.table)}
    where ${sql.ref(link.item)} in (${sql.join([...itemIds])}) order by country_id`.execute(db);
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
