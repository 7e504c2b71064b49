import { sql, type Kysely } from 'kysely';
import type { BranchesTable, DB, EditableColumns } from '../db/schema.js';

const COLUMNS = [
  'branches.id',
  'branches.country_id',
  'branches.name',
  'branches.email',
  'branches.phone_number',
  'branches.address',
  'branches.google_map_link',
  'branches.messenger_url',
  'branches.whatsapp_number',
  'branches.time_zone',
  'branches.opening_hours',
  'branches.created_at',
  'branches.updated_at',
] as const;

export type BranchValues = EditableColumns<BranchesTable>;

/** The values as the table takes them: the week as JSON text (left out, it is left as it is). */
function stored<Values extends Partial<BranchValues>>({ opening_hours, ...values }: Values) {
  return {
    ...values,
    ...(opening_hours === undefined ? {} : { opening_hours: opening_hours && JSON.stringify(opening_hours) }),
  };
}

/** Branches by id, optionally of one country and only of enabled countries. */
export function listBranches(db: Kysely<DB>, options: { countryId?: number; enabledOnly: boolean }) {
  let query = db
    .selectFrom('branches')
    .innerJoin('countries', 'countries.id', 'branches.country_id')
    .select(COLUMNS)
    .orderBy('branches.id');
  if (options.countryId !== undefined) query = query.where('branches.country_id', '=', options.countryId);
  if (options.enabledOnly) query = query.where('countries.is_enabled', '=', 'ENABLE');
  return query.execute();
}

export function findBranch(db: Kysely<DB>, id: number) {
  return db.selectFrom('branches').select(COLUMNS).where('branches.id', '=', id).executeTakeFirst();
}

/** A name already used in the country raises a unique violation (names are unique per country, any case). */
export function insertBranch(db: Kysely<DB>, values: BranchValues) {
  return db.insertInto('branches').values(stored(values)).returning(COLUMNS).executeTakeFirstOrThrow();
}

export function updateBranch(db: Kysely<DB>, id: number, changes: Partial<BranchValues>) {
  return db
    .updateTable('branches')
    .set({ ...stored(changes), updated_at: sql`now()` })
    .where('id', '=', id)
    .returning(COLUMNS)
    .executeTakeFirstOrThrow();
}

/** Deletes a branch; its enquiries stay, without a branch (the foreign key sets null). */
export async function deleteBranch(db: Kysely<DB>, id: number): Promise<boolean> {
  const result = await db.deleteFrom('branches').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
