import { sql, type Kysely } from 'kysely';
import type { EnableStatus } from '../../../shared/enums.js';
import { countryLink, linkedTo, linkedToAny } from '../db/links.js';
import type { DB } from '../db/schema.js';

export const POPUP_COUNTRIES = countryLink('popup_countries', 'popup_id');

const COLUMNS = [
  'popups.id',
  'popups.image_id',
  'popups.link',
  'popups.option',
  'popups.created_at',
  'popups.updated_at',
] as const;

const RETURNING = ['id', 'image_id', 'link', 'option', 'created_at', 'updated_at'] as const;

/** Every popup, or those linked to `countryId`, newest first (the admin list). */
export function listAll(db: Kysely<DB>, countryIds: readonly number[] | null = null) {
  const query = db.selectFrom('popups').select(COLUMNS).orderBy('popups.id', 'desc');
  return (countryIds === null ? query : query.where(linkedToAny(POPUP_COUNTRIES, 'popups.id', countryIds))).execute();
}

/** The switched-on popups of one country, in the order they were added. */
export function listEnabledOfCountry(db: Kysely<DB>, countryId: number) {
  return db
    .selectFrom('popups')
    .select(COLUMNS)
    .where(linkedTo(POPUP_COUNTRIES, 'popups.id', countryId))
    .where('popups.option', '=', 'ENABLE')
    .orderBy('popups.id', 'asc')
    .execute();
}

export function findByIds(db: Kysely<DB>, ids: readonly number[]) {
  return db
    .selectFrom('popups')
    .select(COLUMNS)
    .where('popups.id', 'in', [...ids])
    .execute();
}

export function insert(db: Kysely<DB>, values: { image_id: number; link: string | null; option: EnableStatus }) {
  return db.insertInto('popups').values(values).returning(RETURNING).executeTakeFirstOrThrow();
}

export function update(
  db: Kysely<DB>,
  id: number,
  changes: { image_id?: number; link?: string | null; option?: EnableStatus },
) {
  return db
    .updateTable('popups')
    .set({ ...changes, updated_at: sql`now()` })
    .where('id', '=', id)
    .returning(RETURNING)
    .executeTakeFirst();
}

export async function remove(db: Kysely<DB>, id: number): Promise<boolean> {
  const result = await db.deleteFrom('popups').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
