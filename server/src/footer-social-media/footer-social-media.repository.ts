import { sql, type Kysely } from 'kysely';
import type { DB } from '../db/schema.js';

const COLUMNS = ['id', 'country_id', 'image_id', 'social_media_link', 'created_at', 'updated_at'] as const;

export function listByCountry(db: Kysely<DB>, countryId: number) {
  return db
    .selectFrom('footer_social_media')
    .select(COLUMNS)
    .where('country_id', '=', countryId)
    .orderBy('id')
    .execute();
}

export function findById(db: Kysely<DB>, id: number) {
  return db.selectFrom('footer_social_media').select(COLUMNS).where('id', '=', id).executeTakeFirst();
}

export function insert(db: Kysely<DB>, values: { country_id: number; image_id: number; social_media_link: string }) {
  return db.insertInto('footer_social_media').values(values).returning(COLUMNS).executeTakeFirstOrThrow();
}

export function update(db: Kysely<DB>, id: number, changes: { image_id?: number; social_media_link?: string }) {
  return db
    .updateTable('footer_social_media')
    .set({ ...changes, updated_at: sql`now()` })
    .where('id', '=', id)
    .returning(COLUMNS)
    .executeTakeFirstOrThrow();
}

/** Deletes the link only; its image stays in the library. */
export async function remove(db: Kysely<DB>, id: number): Promise<boolean> {
  const result = await db.deleteFrom('footer_social_media').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
