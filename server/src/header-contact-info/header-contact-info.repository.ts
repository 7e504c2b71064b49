import { sql, type Kysely } from 'kysely';
import type { DB } from '../db/schema.js';

const COLUMNS = ['id', 'country_id', 'email', 'phone_number', 'address', 'created_at', 'updated_at'] as const;

export function findByCountry(db: Kysely<DB>, countryId: number) {
  return db.selectFrom('header_contact_infos').select(COLUMNS).where('country_id', '=', countryId).executeTakeFirst();
}

export function findById(db: Kysely<DB>, id: number) {
  return db.selectFrom('header_contact_infos').select(COLUMNS).where('id', '=', id).executeTakeFirst();
}

export function insert(
  db: Kysely<DB>,
  values: { country_id: number; email: string; phone_number: string; address: string },
) {
  return db
    .insertInto('header_contact_infos')
    .values(values)
    .onConflict((oc) => oc.column('country_id').doNothing())
    .returning(COLUMNS)
    .executeTakeFirst();
}

export function update(
  db: Kysely<DB>,
  id: number,
  changes: { email?: string; phone_number?: string; address?: string },
) {
  return db
    .updateTable('header_contact_infos')
    .set({ ...changes, updated_at: sql`now()` })
    .where('id', '=', id)
    .returning(COLUMNS)
    .executeTakeFirstOrThrow();
}
