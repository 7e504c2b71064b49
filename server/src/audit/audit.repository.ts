import { sql, type Kysely } from 'kysely';
import type { ActivityListInput } from '../../../shared/audit.schema.js';
import type { DB, FieldChange } from '../db/schema.js';
import { imagesByIds } from '../media/image.repository.js';

const COLUMNS = [
  'audit_log.id',
  'audit_log.at',
  'audit_log.staff_id',
  'staff_users.name as staff_name',
  'audit_log.kind',
  'audit_log.item_id',
  'audit_log.item_name',
  'audit_log.action',
  'audit_log.changes',
] as const;

/**
 * The log, newest first, filtered as asked; `countryIds` (an EDITOR's) keeps entries of one of them. The seed's
 * entries (the site's starting content) are left out: they are items' first versions, not anyone's activity.
 */
export function selectEntries(db: Kysely<DB>, filters: ActivityListInput, countryIds: readonly number[] | null) {
  let query = db
    .selectFrom('audit_log')
    .leftJoin('staff_users', 'staff_users.id', 'audit_log.staff_id')
    .select(COLUMNS)
    .where('audit_log.starting_content', '=', false);
  const inCountries = (ids: readonly number[]) =>
    query.where((eb) =>
      eb.exists(
        eb
          .selectFrom('audit_log_countries')
          .select(sql.lit(1).as('one'))
          .whereRef('audit_log_countries.audit_id', '=', 'audit_log.id')
          .where('audit_log_countries.country_id', 'in', [...ids]),
      ),
    );
  if (countryIds !== null) query = countryIds.length > 0 ? inCountries(countryIds) : query.where(sql.lit(false));
  if (filters.country_id != null) query = inCountries([filters.country_id]);
  if (filters.staff_id != null) query = query.where('audit_log.staff_id', '=', filters.staff_id);
  if (filters.kind) query = query.where('audit_log.kind', '=', filters.kind);
  if (filters.from) query = query.where('audit_log.at', '>=', `${filters.from}T00:00:00Z`);
  if (filters.to) query = query.where('audit_log.at', '<', sql<string>`${filters.to}::date + 1`);
  return query;
}

/** The countries of entries, by entry id. */
export async function countriesOf(db: Kysely<DB>, auditIds: readonly number[]) {
  if (auditIds.length === 0) return new Map<number, { id: number; name: string }[]>();
  const rows = await db
    .selectFrom('audit_log_countries')
    .innerJoin('countries', 'countries.id', 'audit_log_countries.country_id')
    .select(['audit_log_countries.audit_id', 'countries.id', 'countries.name'])
    .where('audit_log_countries.audit_id', 'in', [...auditIds])
    .orderBy('countries.name')
    .execute();
  const byEntry = new Map<number, { id: number; name: string }[]>();
  for (const row of rows)
    byEntry.set(row.audit_id, [...(byEntry.get(row.audit_id) ?? []), { id: row.id, name: row.name }]);
  return byEntry;
}

/** A row an entry's field points at, by its name (and a picture's address), for the entry's dialog. */
export interface Reference {
  id: number;
  name: string;
  url?: string;
}

const staffNames = (db: Kysely<DB>, ids: number[]) =>
  db.selectFrom('staff_users').select(['id', 'name']).where('id', 'in', ids).execute();

/** The fields that hold another row's id, and how to name those rows. */
const REFERENCES: Record<string, (db: Kysely<DB>, ids: number[]) => Promise<Reference[]>> = {
  country_id: (db, ids) => db.selectFrom('countries').select(['id', 'name']).where('id', 'in', ids).execute(),
  page_id: (db, ids) => db.selectFrom('pages').select(['id', 'name']).where('id', 'in', ids).execute(),
  author_id: staffNames,
  uploaded_by: staffNames,
  added_by: staffNames,
  updated_by: staffNames,
  video_id: (db, ids) => db.selectFrom('videos').select(['id', 'video_name as name']).where('id', 'in', ids).execute(),
  image_id: async (db, ids) =>
    [...(await imagesByIds(db, ids)).values()].map((image) => ({
      id: image.id,
      name: image.image_name,
      url: image.image_url,
    })),
};

/**
 * The rows the entries' changes point at, by field (`image_id` → the pictures), one query per field for a whole
 * page. A row deleted since is missing.
 */
export async function referencesOf(
  db: Kysely<DB>,
  changes: Record<string, FieldChange>[],
): Promise<Record<string, Reference[]>> {
  const ids = new Map<string, Set<number>>();
  for (const [field, change] of changes.flatMap((fields) => Object.entries(fields))) {
    if (!(field in REFERENCES)) continue;
    for (const id of [change.from, change.to])
      if (typeof id === 'number') ids.set(field, (ids.get(field) ?? new Set()).add(id));
  }
  const named = await Promise.all(
    [...ids].map(async ([field, wanted]) => [field, await REFERENCES[field]!(db, [...wanted])] as const),
  );
  return Object.fromEntries(named);
}

/** The kinds of what the log holds, for its filter. */
export async function selectKinds(db: Kysely<DB>): Promise<string[]> {
  const rows = await db
    .selectFrom('audit_log')
    .select('kind')
    .distinct()
    .where('starting_content', '=', false)
    .orderBy('kind')
    .execute();
  return rows.map((row) => row.kind);
}

/** The staff members the log names, for its filter (an EDITOR needs no staff list to filter by one). */
export function selectStaff(db: Kysely<DB>) {
  return db
    .selectFrom('staff_users')
    .select(['staff_users.id', 'staff_users.name'])
    .where((eb) =>
      eb.exists(
        eb.selectFrom('audit_log').select(sql.lit(1).as('one')).whereRef('audit_log.staff_id', '=', 'staff_users.id'),
      ),
    )
    .orderBy('staff_users.name')
    .execute();
}

/** One item's recorded changes that left a version of it (its revisions), newest first. */
export function selectRevisions(db: Kysely<DB>, kind: string, itemId: number, first: number) {
  return db
    .selectFrom('audit_log')
    .leftJoin('staff_users', 'staff_users.id', 'audit_log.staff_id')
    .select([...COLUMNS, 'audit_log.snapshot'])
    .where('audit_log.kind', '=', kind)
    .where('audit_log.item_id', '=', itemId)
    .where('audit_log.snapshot', 'is not', null)
    .orderBy('audit_log.id', 'desc')
    .limit(first)
    .execute();
}

/** One revision of an item: the row as a recorded change left it. */
export function findRevision(db: Kysely<DB>, kind: string, itemId: number, revisionId: number) {
  return db
    .selectFrom('audit_log')
    .select(['audit_log.id', 'audit_log.snapshot'])
    .where('audit_log.id', '=', revisionId)
    .where('audit_log.kind', '=', kind)
    .where('audit_log.item_id', '=', itemId)
    .where('audit_log.snapshot', 'is not', null)
    .executeTakeFirst();
}

/** Entries forgotten per statement, so a first run over years of activity holds no long lock. */
const FORGET_BATCH = 1000;

/**
 * Deletes the entries made before `cutoff` that history no longer needs: those of an item that has a newer entry of
 * the same sort (a version after a version, a link after a link), and every entry of an item deleted before
 * `cutoff`. Each live item keeps its latest version and its latest link. Answers how many went.
 */
export async function forgetEntriesBefore(db: Kysely<DB>, cutoff: Date): Promise<number> {
  const sameItem = sql`later.kind = entry.kind
    and (later.item_id = entry.item_id or (later.item_id is null and entry.item_id is null))`;
  let total = 0;
  for (;;) {
    const result = await sql<{ id: number }>`
      delete from audit_log where id in (
        select entry.id from audit_log entry
        where entry.at < ${cutoff}
          and (
            exists (select 1 from audit_log later where ${sameItem} and later.id > entry.id
              and (later.snapshot is null) = (entry.snapshot is null))
            or exists (select 1 from audit_log later where ${sameItem} and later.id >= entry.id
              and later.action = 'deleted' and later.at < ${cutoff})
          )
        order by entry.id
        limit ${FORGET_BATCH})
      returning id`.execute(db);
    const gone = result.rows.length;
    total += gone;
    if (gone < FORGET_BATCH) return total;
  }
}
