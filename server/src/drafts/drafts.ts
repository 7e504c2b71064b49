import { sql, type Kysely } from 'kysely';
import type { DB } from '../db/schema.js';

/** What drafts are kept of: the audit log's words for the kinds (migrations 0019 and 0038 allow these). */
export type DraftKind = 'post' | 'page text' | 'banner' | 'country page text';

/**
 * Drafts of live items (migration 0019, decision 041): a change kept aside until it is published. The kind's
 * service checks the change with its update schema and says who may save it; publishing is the kind's ordinary
 * update, which calls `discardDraft` in its transaction.
 */

/** An item's draft as staff see it: the change, when and by whom it was saved. */
export interface Draft<Values> {
  values: Values;
  saved_at: string;
  saved_by: string | null;
}

/** Keeps `values` as the item's draft, replacing the one it had; the staff member the call runs as saved it. */
export async function saveDraft(db: Kysely<DB>, kind: DraftKind, itemId: number, values: object): Promise<void> {
  const staffId = sql<number | null>`nullif(current_setting('app.staff_id', true), '')::integer`;
  await db
    .insertInto('drafts')
    .values({ kind, item_id: itemId, values: JSON.stringify(values), staff_id: staffId })
    .onConflict((oc) =>
      oc.columns(['kind', 'item_id']).doUpdateSet({
        values: (eb) => eb.ref('excluded.values'),
        staff_id: (eb) => eb.ref('excluded.staff_id'),
        saved_at: sql`now()`,
      }),
    )
    .execute();
}

/** The item's draft, if it has one. */
export async function findDraft<Values>(
  db: Kysely<DB>,
  kind: DraftKind,
  itemId: number,
): Promise<Draft<Values> | undefined> {
  const row = await db
    .selectFrom('drafts')
    .leftJoin('staff_users', 'staff_users.id', 'drafts.staff_id')
    .select(['drafts.values', 'drafts.saved_at', 'staff_users.name as saved_by'])
    .where('drafts.kind', '=', kind)
    .where('drafts.item_id', '=', itemId)
    .executeTakeFirst();
  return row && { values: row.values as Values, saved_at: row.saved_at, saved_by: row.saved_by };
}

/** Which of the items have a draft, for the staff lists to mark them. */
export async function draftedItems(db: Kysely<DB>, kind: DraftKind, ids: readonly number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .selectFrom('drafts')
    .select('item_id')
    .where('kind', '=', kind)
    .where('item_id', 'in', [...ids])
    .execute();
  return new Set(rows.map((row) => row.item_id));
}

/** Forgets the item's draft (published or thrown away); false when it had none. */
export async function discardDraft(db: Kysely<DB>, kind: DraftKind, itemId: number): Promise<boolean> {
  const result = await db
    .deleteFrom('drafts')
    .where('kind', '=', kind)
    .where('item_id', '=', itemId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
