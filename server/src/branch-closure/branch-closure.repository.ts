import { sql, type Kysely } from 'kysely';
import type { DB } from '../db/schema.js';

const COLUMNS = [
  'branch_closures.id',
  'branch_closures.country_id',
  'branch_closures.branch_id',
  'branch_closures.name',
  'branch_closures.first_day',
  'branch_closures.last_day',
  'branch_closures.created_at',
  'branch_closures.updated_at',
] as const;

/** The country's day today on its clock (UTC where it has none). */
const countryToday = sql<string>`(now() at time zone coalesce(countries.time_zone, 'UTC'))::date`;

/**
 * A country's closures: those not over yet first, soonest first, then those over, latest first, each saying which
 * it is (`is_over`, by the country's clock). `upcoming` keeps only the first.
 */
export function listByCountry(db: Kysely<DB>, countryId: number, { upcoming = false } = {}) {
  return db
    .selectFrom('branch_closures')
    .innerJoin('countries', 'countries.id', 'branch_closures.country_id')
    .select(COLUMNS)
    .select(sql<boolean>`branch_closures.last_day < ${countryToday}`.as('is_over'))
    .where('branch_closures.country_id', '=', countryId)
    .$if(upcoming, (query) => query.where('branch_closures.last_day', '>=', countryToday))
    .orderBy('is_over')
    .orderBy(sql`case when branch_closures.last_day >= ${countryToday} then branch_closures.first_day end`)
    .orderBy('branch_closures.first_day', 'desc')
    .orderBy('branch_closures.id')
    .execute();
}

export function findById(db: Kysely<DB>, id: number) {
  return db.selectFrom('branch_closures').select(COLUMNS).where('id', '=', id).executeTakeFirst();
}

type Values = { branch_id: number | null; name: string; first_day: string; last_day: string };

export function insert(db: Kysely<DB>, values: Values & { country_id: number }) {
  return db.insertInto('branch_closures').values(values).returning(COLUMNS).executeTakeFirstOrThrow();
}

export function update(db: Kysely<DB>, id: number, changes: Partial<Values>) {
  return db
    .updateTable('branch_closures')
    .set({ ...changes, updated_at: sql`now()` })
    .where('id', '=', id)
    .returning(COLUMNS)
    .executeTakeFirstOrThrow();
}

export async function remove(db: Kysely<DB>, id: number): Promise<boolean> {
  const result = await db.deleteFrom('branch_closures').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** A branch's own closures go with it to another country. */
export async function moveBranchClosures(db: Kysely<DB>, branchId: number, countryId: number) {
  await db
    .updateTable('branch_closures')
    .set({ country_id: countryId })
    .where('branch_id', '=', branchId)
    .where('country_id', '!=', countryId)
    .execute();
}
