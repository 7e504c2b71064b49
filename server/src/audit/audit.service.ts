import type { Kysely } from 'kysely';
import type { ActivityListInput } from '../../../shared/audit.schema.js';
import { listableCountries } from '../auth/authenticate.js';
import type { Actor } from '../auth/staff-identity.js';
import { connectionOf, type Connection } from '../db/pagination.js';
import type { DB, FieldChange } from '../db/schema.js';
import { AppError } from '../errors.js';
import * as repository from './audit.repository.js';
import type { Reference } from './audit.repository.js';

/** Further reads a page of Activity may make to fill its lines once one save's entries read as one. */
const FILL_READS = 3;

/**
 * The Activity screen: what staff (and the site itself) changed, newest first. An ADMIN sees everything; an EDITOR
 * sees the entries of their countries (changes that belong to no country, like settings, are not theirs to see).
 * A page has `first` lines where the log has them: entries that merge into one line leave room, which the next
 * entries fill (a few reads at most).
 */
export async function listActivity(db: Kysely<DB>, actor: Actor, filters: ActivityListInput) {
  const query = repository.selectEntries(db, filters, listableCountries(actor, filters.country_id));
  const read: Awaited<ReturnType<typeof namedEdges>> = [];
  let lines: typeof read = [];
  let pageInfo = { endCursor: filters.after ?? null, hasNextPage: true };
  for (let reads = 0; reads <= FILL_READS && pageInfo.hasNextPage && lines.length < filters.first; reads++) {
    const page = await connectionOf(query, 'audit_log.id', {
      first: filters.first - lines.length,
      after: pageInfo.endCursor,
    });
    read.push(...(await namedEdges(db, page.edges)));
    lines = togetherAsOne(read);
    pageInfo = page.pageInfo;
  }
  return { edges: lines, pageInfo: { ...pageInfo, endCursor: lines.at(-1)?.cursor ?? pageInfo.endCursor } };
}

type EntryRow = Awaited<ReturnType<ReturnType<typeof repository.selectEntries>['execute']>>[number];

/** Entries with their countries and the rows their changes point at. */
async function namedEdges(db: Kysely<DB>, edges: Connection<EntryRow>['edges']) {
  const nodes = edges.map((edge) => edge.node);
  const [countries, references] = await Promise.all([
    repository.countriesOf(
      db,
      nodes.map((node) => node.id),
    ),
    repository.referencesOf(
      db,
      nodes.map((node) => node.changes),
    ),
  ]);
  return edges.map((edge) => ({
    ...edge,
    node: {
      ...edge.node,
      countries: countries.get(edge.node.id) ?? [],
      references: referencedBy(edge.node, references),
    },
  }));
}

/** The rows one entry's changes point at (of those a page's entries point at), by field. */
function referencedBy(entry: { changes: Record<string, FieldChange> }, references: Record<string, Reference[]>) {
  return Object.fromEntries(
    Object.entries(entry.changes).flatMap(([field, change]) => {
      const named = references[field]?.filter((row) => row.id === change.from || row.id === change.to);
      return named?.length ? [[field, named]] : [];
    }),
  );
}

interface ListedEntry {
  at: Date | string;
  staff_id: number | null;
  kind: string;
  item_id: number | null;
  action: string;
  changes: unknown;
  countries: { id: number; name: string }[];
}

/** Entries of one item made by one save (one transaction: the same `at`) by the same person. */
const sameSave = (a: ListedEntry, b: ListedEntry) =>
  a.kind === b.kind &&
  a.item_id === b.item_id &&
  a.staff_id === b.staff_id &&
  new Date(a.at).getTime() === new Date(b.at).getTime();

/** The fields two links' changes share (the item), leaving out the one they differ in (the country). */
function sharedChanges(a: unknown, b: unknown): Record<string, unknown> {
  const other = b as Record<string, unknown>;
  return Object.fromEntries(
    Object.entries(a as Record<string, unknown>).filter(
      ([field, value]) => JSON.stringify(value) === JSON.stringify(other[field]),
    ),
  );
}

const union = (a: ListedEntry['countries'], b: ListedEntry['countries']) => [
  ...a,
  ...b.filter((country) => !a.some((known) => known.id === country.id)),
];

/**
 * One save reads as one entry: an item added to four countries is "added post “…”" in those four, not five entries;
 * links made (or taken off) together are one "added to Nepal, Canada". Only neighbours merge (the list is newest
 * first), so a page's cursors still hold: a merged entry keeps the cursor of the oldest entry in it.
 */
export function togetherAsOne<Edge extends { cursor: string; node: ListedEntry }>(edges: Edge[]): Edge[] {
  const merged: Edge[] = [];
  for (const edge of edges) {
    const newer = merged.at(-1);
    const links = newer && sameSave(newer.node, edge.node) && newer.node.action.endsWith('linked');
    if (links && edge.node.action === newer.node.action) {
      const node = { ...newer.node, countries: union(edge.node.countries, newer.node.countries) };
      merged[merged.length - 1] = {
        ...newer,
        cursor: edge.cursor,
        node: { ...node, changes: sharedChanges(newer.node.changes, edge.node.changes) },
      };
    } else if (links && newer.node.action === 'linked' && edge.node.action === 'added') {
      merged[merged.length - 1] = {
        ...edge,
        node: { ...edge.node, countries: union(edge.node.countries, newer.node.countries) },
      };
    } else {
      merged.push(edge);
    }
  }
  return merged;
}

/**
 * The `activity-retention` job: forgets what was changed more than `months` ago, keeping each item's current
 * version (what restoring and the version list start from). Answers how many entries went.
 */
export async function forgetOldActivity(db: Kysely<DB>, months: number, now = new Date()): Promise<number> {
  const cutoff = new Date(now);
  cutoff.setUTCMonth(cutoff.getUTCMonth() - months);
  return repository.forgetEntriesBefore(db, cutoff);
}

export const listActivityKinds = repository.selectKinds;
export const listActivityStaff = repository.selectStaff;

/** An item's revisions (the versions its recorded changes left), newest first. */
export async function listRevisions(db: Kysely<DB>, kind: string, itemId: number, first: number) {
  return repository.selectRevisions(db, kind, itemId, first);
}

/** The row as one of its revisions left it; NOT_FOUND when that is no revision of this item. */
export async function revisionOf(db: Kysely<DB>, kind: string, itemId: number, revisionId: number) {
  const revision = await repository.findRevision(db, kind, itemId, revisionId);
  if (!revision?.snapshot) throw new AppError('NOT_FOUND', 'That version no longer exists.');
  return revision.snapshot;
}

/** A text field of a revision's row ('' when it has none). */
export function textOf(snapshot: Record<string, unknown> | null, field: string): string {
  const value = snapshot?.[field];
  return typeof value === 'string' ? value : '';
}
