import { sql, type Kysely } from 'kysely';
import type { DB } from '../db/schema.js';

const COLUMNS = ['id', 'country_id', 'name', 'subject', 'body', 'created_at', 'updated_at'] as const;

export function listByCountry(db: Kysely<DB>, countryId: number) {
  return db
    .selectFrom('reply_templates')
    .select(COLUMNS)
    .where('country_id', '=', countryId)
    .orderBy('name')
    .orderBy('id')
    .execute();
}

export function findById(db: Kysely<DB>, id: number) {
  return db.selectFrom('reply_templates').select(COLUMNS).where('id', '=', id).executeTakeFirst();
}

export function insert(db: Kysely<DB>, values: { country_id: number; name: string; subject: string; body: string }) {
  return db.insertInto('reply_templates').values(values).returning(COLUMNS).executeTakeFirstOrThrow();
}

export function update(db: Kysely<DB>, id: number, changes: { name?: string; subject?: string; body?: string }) {
  return db
    .updateTable('reply_templates')
    .set({ ...changes, updated_at: sql`now()` })
    .where('id', '=', id)
    .returning(COLUMNS)
    .executeTakeFirstOrThrow();
}

export async function remove(db: Kysely<DB>, id: number): Promise<boolean> {
  const result = await db.deleteFrom('reply_templates').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
