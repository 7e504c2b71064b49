import { sql, type Kysely } from 'kysely';
import { countryLink, linkedTo, linkedToAny } from '../db/links.js';
import type { DB } from '../db/schema.js';

export const TESTIMONIAL_COUNTRIES = countryLink('testimonial_countries', 'testimonial_id');

const COLUMNS = [
  'testimonials.id',
  'testimonials.name',
  'testimonials.image_id',
  'testimonials.testimonial',
  'testimonials.rating',
  'testimonials.relation',
  'testimonials.created_at',
  'testimonials.updated_at',
] as const;

const RETURNING = ['id', 'name', 'image_id', 'testimonial', 'rating', 'relation', 'created_at', 'updated_at'] as const;

/** Every testimonial (`countryIds` null), or those linked to one of `countryIds`, newest first (the admin list). */
export function selectAll(db: Kysely<DB>, countryIds: readonly number[] | null = null) {
  const query = db.selectFrom('testimonials').select(COLUMNS).orderBy('testimonials.id', 'desc');
  return countryIds === null ? query : query.where(linkedToAny(TESTIMONIAL_COUNTRIES, 'testimonials.id', countryIds));
}

/** The testimonials of one country, in the order they were added (the home page). */
export function selectOfCountry(db: Kysely<DB>, countryId: number) {
  return db
    .selectFrom('testimonials')
    .select(COLUMNS)
    .where(linkedTo(TESTIMONIAL_COUNTRIES, 'testimonials.id', countryId))
    .orderBy('testimonials.id', 'asc');
}

export function findByIds(db: Kysely<DB>, ids: readonly number[]) {
  return db
    .selectFrom('testimonials')
    .select(COLUMNS)
    .where('testimonials.id', 'in', [...ids])
    .execute();
}

export function insert(
  db: Kysely<DB>,
  values: { name: string; image_id: number; testimonial: string; rating: number; relation: string },
) {
  return db.insertInto('testimonials').values(values).returning(RETURNING).executeTakeFirstOrThrow();
}

export function update(
  db: Kysely<DB>,
  id: number,
  changes: { name?: string; image_id?: number; testimonial?: string; rating?: number; relation?: string },
) {
  return db
    .updateTable('testimonials')
    .set({ ...changes, updated_at: sql`now()` })
    .where('id', '=', id)
    .returning(RETURNING)
    .executeTakeFirst();
}

export async function remove(db: Kysely<DB>, id: number): Promise<boolean> {
  const result = await db.deleteFrom('testimonials').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
