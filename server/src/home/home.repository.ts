import { sql, type Kysely } from 'kysely';
import type { DB } from '../db/schema.js';

const ABOUT_US_COLUMNS = ['id', 'country_id', 'video_id', 'description', 'created_at', 'updated_at'] as const;
const SERVICE_COLUMNS = [
  'id',
  'country_id',
  'title',
  'description',
  'image_id',
  'link',
  'created_at',
  'updated_at',
] as const;

export function findAboutUsByCountry(db: Kysely<DB>, countryId: number) {
  return db.selectFrom('home_about_us').select(ABOUT_US_COLUMNS).where('country_id', '=', countryId).executeTakeFirst();
}

export function findAboutUsById(db: Kysely<DB>, id: number) {
  return db.selectFrom('home_about_us').select(ABOUT_US_COLUMNS).where('id', '=', id).executeTakeFirst();
}

/** Inserts a country's about-us; undefined when the country already has one. */
export function insertAboutUs(db: Kysely<DB>, values: { country_id: number; video_id: number; description: string }) {
  return db
    .insertInto('home_about_us')
    .values(values)
    .onConflict((oc) => oc.column('country_id').doNothing())
    .returning(ABOUT_US_COLUMNS)
    .executeTakeFirst();
}

export function updateAboutUs(db: Kysely<DB>, id: number, changes: { video_id?: number; description?: string }) {
  return db
    .updateTable('home_about_us')
    .set({ ...changes, updated_at: sql`now()` })
    .where('id', '=', id)
    .returning(ABOUT_US_COLUMNS)
    .executeTakeFirstOrThrow();
}

/** A country's home services, in the order they were added. */
export function listServicesOfCountry(db: Kysely<DB>, countryId: number) {
  return db
    .selectFrom('home_services')
    .select(SERVICE_COLUMNS)
    .where('country_id', '=', countryId)
    .orderBy('id', 'asc')
    .execute();
}

export function findServiceById(db: Kysely<DB>, id: number) {
  return db.selectFrom('home_services').select(SERVICE_COLUMNS).where('id', '=', id).executeTakeFirst();
}

export function insertService(
  db: Kysely<DB>,
  values: { country_id: number; title: string; description: string; image_id: number },
) {
  return db.insertInto('home_services').values(values).returning(SERVICE_COLUMNS).executeTakeFirstOrThrow();
}

export function updateService(
  db: Kysely<DB>,
  id: number,
  changes: { title?: string; description?: string; image_id?: number },
) {
  return db
    .updateTable('home_services')
    .set({ ...changes, updated_at: sql`now()` })
    .where('id', '=', id)
    .returning(SERVICE_COLUMNS)
    .executeTakeFirstOrThrow();
}

export async function removeService(db: Kysely<DB>, id: number): Promise<boolean> {
  const result = await db.deleteFrom('home_services').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
