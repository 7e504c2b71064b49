import { sql, type Kysely } from 'kysely';
import { z } from 'zod';
import type { DB, FieldChange } from '../db/schema.js';
import { AppError } from '../errors.js';

/*
 * Edit conflicts (decision 043): a staff form sends, with an update, the values it started from for the fields it
 * changes (`started_from`). After the update has run, and in its transaction, the audit log's entries of that
 * transaction say what each field was just before the write (`from`): a field that was no longer what the form
 * started from was changed by someone else meanwhile, and the save is refused (rolled back) with who did it, so one
 * person's Save never silently replaces another's. Fields the form did not change are not sent (decision 042), so
 * changes to different fields still merge; an update that needs every field sends and checks them all. Fields kept in
 * rows of their own are checked by their services (checkStoredField). Callers that send no `started_from` (GraphQL,
 * scripts) are not checked.
 */

/** The most fields one form sends (the longest form has about 15). */
const MAX_FIELDS = 100;

const itemId = z.number().int().positive();
const editedInput = z.object({
  // The item's id; a page's text is its page's (`page_id`), a country's webhook its country's (`country_id`).
  id: itemId.optional(),
  page_id: itemId.optional(),
  country_id: itemId.nullish(),
  started_from: z
    .record(z.string().max(100), z.unknown())
    .refine((values) => Object.keys(values).length <= MAX_FIELDS, `At most ${MAX_FIELDS} fields`),
});

export interface Edit {
  itemId: number;
  startedFrom: Record<string, unknown>;
  /** Who saves: a conflict with their own change (another tab) is told as theirs. */
  staffId: number;
  /** Fields kept in rows of their own that their service found changed since the form started (checkStoredField). */
  storedChanged: Set<string>;
}

/** The item and the values an update's form started from, when it sent them (checked: a malformed one is refused). */
export function editOf(input: unknown, staffId: number): Edit | null {
  if (typeof input !== 'object' || input === null || !('started_from' in input)) return null;
  const parsed = editedInput.safeParse(input);
  const id = parsed.data?.id ?? parsed.data?.page_id ?? parsed.data?.country_id ?? undefined;
  if (!parsed.success || id === undefined) {
    throw new AppError('BAD_USER_INPUT', 'started_from must name the fields the form started from, with the id.');
  }
  return { itemId: id, startedFrom: parsed.data.started_from, staffId, storedChanged: new Set() };
}

/** A value as the forms and the database may both spell it: blank is none, times are instants, lists are sets. */
function comparable(value: unknown): string {
  if (value === undefined || value === null || value === '') return 'none';
  if (Array.isArray(value)) return JSON.stringify(value.map(comparable).sort());
  if (typeof value === 'string' && /^\d{4}-\d\d-\d\dT\d\d:\d\d/.test(value)) {
    const time = Date.parse(value);
    return Number.isNaN(time) ? value : `time:${time}`;
  }
  if (typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).sort(([a], [b]) => a.localeCompare(b));
    return JSON.stringify(entries.map(([key, inner]) => [key, comparable(inner)]));
  }
  // Texts and numbers apart from "none" (a title may read "none"); a number and its digits alike.
  return `value:${typeof value === 'string' ? value : JSON.stringify(value)}`;
}

const same = (a: unknown, b: unknown) => comparable(a) === comparable(b);

/** Lists in their order (a FAQ's order is what visitors read), their items compared as `same` does. */
const sameInOrder = (a: unknown[], b: unknown[]) =>
  JSON.stringify(a.map(comparable)) === JSON.stringify(b.map(comparable));

/**
 * A field kept in rows of its own (a page's FAQ, a team member's certifications) has no column in the audit log to
 * compare, so its service tells what it holds just before replacing it (under the item's lock): when that is no
 * longer what the form started from, the Save is refused with the other fields' conflicts. Lists compare in order
 * when `ordered`, else as sets. Nothing happens for callers that sent no `started_from` for it.
 */
export function checkStoredField(edit: Edit | undefined, field: string, stored: unknown[], ordered = false): void {
  if (!edit || !(field in edit.startedFrom)) return;
  const started = edit.startedFrom[field];
  const unchanged = ordered && Array.isArray(started) ? sameInOrder(stored, started) : same(stored, started);
  if (!unchanged) edit.storedChanged.add(field);
}

interface Entry {
  kind: string;
  action: string;
  changes: Record<string, FieldChange>;
}

/**
 * The fields of `startedFrom` this transaction's entries show were no longer what the form started from. A column's
 * change tells by its `from`; a link (an item added to or taken off a page or country) by whether the form's list
 * held it: a link this save took off that the form never showed, or made again that the form showed, was someone
 * else's doing (`page_id` links answer for the form's `page_ids`).
 */
export function conflictingFields(entries: Entry[], startedFrom: Record<string, unknown>): Map<string, string> {
  const conflicts = new Map<string, string>();
  for (const entry of entries) {
    for (const [column, change] of Object.entries(entry.changes)) {
      if (entry.action === 'changed' && column in startedFrom && !same(change.from, startedFrom[column])) {
        conflicts.set(column, entry.kind);
      }
      const list = startedFrom[`${column}s`];
      if ((entry.action === 'linked' || entry.action === 'unlinked') && Array.isArray(list)) {
        const shown = list.some((value) => same(value, change.to ?? change.from));
        if (shown === (entry.action === 'linked')) conflicts.set(`${column}s`, entry.kind);
      }
    }
  }
  return conflicts;
}

/** Who last changed a field of the item before this transaction (a link field: its links), as the message says it. */
async function lastChangedBy(db: Kysely<DB>, kind: string, edit: Edit, field: string): Promise<string> {
  const column = field.endsWith('_ids') ? field.slice(0, -1) : field;
  const row = await db
    .selectFrom('audit_log')
    .leftJoin('staff_users', 'staff_users.id', 'audit_log.staff_id')
    .select(['staff_users.id', 'staff_users.name'])
    .where('audit_log.kind', '=', kind)
    .where('audit_log.item_id', '=', edit.itemId)
    .where(sql<boolean>`audit_log.changes ? ${column}`)
    .where(sql<boolean>`audit_log.at < now()`)
    .orderBy('audit_log.id', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (row?.id === edit.staffId) return 'You changed this in another window';
  return `${row?.name ?? 'Someone else'} changed this`;
}

/** A short text's new value is worth showing beside the field; ids, lists and long texts are not. */
function shownValue(value: unknown, field: string): string {
  if (typeof value !== 'string' || value.length === 0 || value.length > 120 || /_ids?$/.test(field)) return '';
  return ` to “${value}”`;
}

/**
 * Runs an update (`run`, in its transaction `db`) and refuses it (CONFLICT, one message per field) when it replaced a
 * field someone else had changed since the form started from it; the refusal rolls it all back. The update's own
 * audit entries are those after the log's last entry before it (a range of the primary key, however long the log)
 * that carry its transaction's time, `now()`.
 */
export async function checkingEdit<Outcome extends { ok: boolean }>(
  db: Kysely<DB>,
  edit: Edit,
  run: () => Promise<Outcome>,
): Promise<Outcome> {
  const last = await db
    .selectFrom('audit_log')
    .select((eb) => eb.fn.max('id').as('id'))
    .executeTakeFirst();
  const outcome = await run();
  if (outcome.ok) await assertNoConflict(db, edit, last?.id ?? 0);
  return outcome;
}

async function assertNoConflict(db: Kysely<DB>, edit: Edit, after: number): Promise<void> {
  const entries = await db
    .selectFrom('audit_log')
    .select(['kind', 'action', 'changes'])
    .where('id', '>', after)
    .where('item_id', '=', edit.itemId)
    .where(sql<boolean>`at = now()`)
    .orderBy('id')
    .execute();
  const conflicts = conflictingFields(entries, edit.startedFrom);
  if (conflicts.size === 0 && edit.storedChanged.size === 0) return;
  const fields: Record<string, string> = {};
  // Rows of their own keep no "who" in the log's columns: the message says what happened, not by whom.
  for (const field of edit.storedChanged) {
    fields[field] = 'This was changed since you opened the form. Save again to keep yours.';
  }
  for (const [field, kind] of conflicts) {
    const who = await lastChangedBy(db, kind, edit, field);
    const now = entries.find((entry) => entry.action === 'changed' && field in entry.changes)?.changes[field]?.from;
    fields[field] = `${who}${shownValue(now, field)} since you opened the form. Save again to keep yours.`;
  }
  throw new AppError(
    'CONFLICT',
    'Someone else changed this while you were editing it: check the marked fields, then save again to keep yours.',
    fields,
  );
}
