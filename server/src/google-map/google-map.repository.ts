import { sql, type Kysely } from 'kysely';
import type { DB } from '../db/schema.js';

const COLUMNS = ['id', 'country_id', 'google_map_link', 'created_at', 'updated_at'] as const;

export function findByCountry(db: Kysely<DB>, countryId: number) {
  return db.selectFrom('google_maps').select(COLUMNS).where('country_id', '=', countryId).executeTakeFirst();
}

export function findById(db: Kysely<DB>, id: number) {
  return db.selectFrom('google_maps').select(COLUMNS).where('id', '=', id).executeTakeFirst();
}

/** Undefined when the country already has a map (one per country). */
export function insert(db: Kysely<DB>, values: { country_id: number; google_map_link: string }) {
  return db
    .insertInto('google_maps')
    .values(values)
    .onConflict((oc) => oc.column('country_id').doNothing())
    .returning(COLUMNS)
    .executeTakeFirst();
}

export function update(db: Kysely<DB>, id: number, changes: { google_map_link: string }) {
  return db
    .updateTable('google_maps')
    .set({ ...changes, updated_at: sql`now()` })
    .where('id', '=', id)
    .returning(COLUMNS)
    .executeTakeFirstOrThrow();
}
