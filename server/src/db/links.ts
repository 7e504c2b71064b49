import { sql, type Kysely } from 'kysely';
import { deleteResult, type DeleteResult, type DeleteResultCode } from '../../../shared/delete-result.js';
import { AppError } from '../errors.js';
import type { DB } from './schema.js';
import { inTransaction } from './transaction.js';

/** A link table between shared content and its owners (countries or pages). */
export interface LinkTable {
  table: keyof DB;
  /** Column naming the shared item (e.g. `testimonial_id`). */
  item: string;
  /** Column naming the owner (`country_id` or `page_id`). */
  owner: string;
}

/** The link table of an item shown in several countries: `(<item>, country_id)` rows. */
export function countryLink(table: keyof DB, item: string): LinkTable {
  return { table, item, owner: 'country_id' };
}

/** Inserts (item, owner) pairs in one statement; linking twice is not an error and makes no duplicate. */
async function insertLinks(db: Kysely<DB>, link: LinkTable, pairs: [itemId: number, ownerId: number][]): Promise<void> {
  if (pairs.length === 0) return;
  const rows = pairs.map(([itemId, ownerId]) => sql`(${itemId}, ${ownerId})`);
  await sql`insert into ${sql.table(link.table)} (${sql.ref(link.item)}, ${sql.ref(link.owner)})
    values ${sql.join(rows)} on conflict do nothing`.execute(db);
}

/** Links items to one owner (e.g. testimonials to a country). */
export function linkItems(db: Kysely<DB>, link: LinkTable, itemIds: readonly number[], ownerId: number): Promise<void> {
  return insertLinks(
    db,
    link,
    [...new Set(itemIds)].map((itemId) => [itemId, ownerId]),
  );
}

/** Links one item to owners (e.g. a new testimonial to its countries). */
export function linkItemToOwners(
  db: Kysely<DB>,
  link: LinkTable,
  itemId: number,
  ownerIds: readonly number[],
): Promise<void> {
  return insertLinks(
    db,
    link,
    [...new Set(ownerIds)].map((ownerId) => [itemId, ownerId]),
  );
}

/** Removes one item from one owner (the item itself stays). */
export async function unlinkItem(
  db: Kysely<DB>,
  link: LinkTable,
  itemId: number,
  ownerId: number,
  code: DeleteResultCode,
): Promise<DeleteResult> {
  const result = await sql`delete from ${sql.table(link.table)}
    where ${sql.ref(link.item)} = ${itemId} and ${sql.ref(link.owner)} = ${ownerId}`.execute(db);
  if (Number(result.numAffectedRows ?? 0) === 0) throw new AppError('NOT_FOUND', 'It is not linked there.');
  return deleteResult(code);
}

/**
 * A filter for lists of shared items: the item (`itemRef`, e.g. `popups.id`) is linked to at least one of
 * `ownerIds` (e.g. the countries an EDITOR holds); none means no rows.
 */
export function linkedToAny(link: LinkTable, itemRef: string, ownerIds: readonly number[]) {
  if (ownerIds.length === 0) return sql<boolean>`false`;
  return sql<boolean>`exists (select 1 from ${sql.table(link.table)}
    where ${sql.ref(`${link.table}.${link.item}`)} = ${sql.ref(itemRef)}
      and ${sql.ref(`${link.table}.${link.owner}`)} in (${sql.join(ownerIds)}))`;
}

/** A filter for the items of one owner (e.g. a country's testimonials): the item is linked to `ownerId`. */
export function linkedTo(link: LinkTable, itemRef: string, ownerId: number) {
  return linkedToAny(link, itemRef, [ownerId]);
}

/** The owners an item is linked to. */
export async function ownersOf(db: Kysely<DB>, link: LinkTable, itemId: number): Promise<number[]> {
  const { rows } = await sql<{ owner: number }>`select ${sql.ref(link.owner)} as owner from ${sql.table(link.table)}
    where ${sql.ref(link.item)} = ${itemId} order by 1`.execute(db);
  return rows.map((row) => row.owner);
}

/** "A", "A and B", "A, B and C". */
export function listOf(names: readonly string[]): string {
  return names.length <= 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
}

/** The names of owners (countries or pages), in id order, so a linked-elsewhere answer can say where. */
async function ownerNames(db: Kysely<DB>, link: LinkTable, ownerIds: readonly number[]): Promise<string[]> {
  const table = link.owner === 'page_id' ? 'pages' : 'countries';
  const rows = await db.selectFrom(table).select('name').where('id', 'in', ownerIds).orderBy('id').execute();
  return rows.map((row) => row.name);
}

function linkedAdvice(link: LinkTable): string {
  return link.owner === 'page_id'
    ? 'Remove it from one page, or confirm to delete it everywhere.'
    : 'Remove it from one country, or confirm to delete it everywhere.';
}

/**
 * The delete rule for shared content (spec §4): an item linked to more than one owner is deleted only with
 * `confirm`; otherwise nothing changes and the answer is `linkedCode`. `remove` deletes the item (its links go
 * with it); it runs in the same transaction as the check.
 */
export async function deleteSharedItem(
  db: Kysely<DB>,
  options: {
    link: LinkTable;
    itemId: number;
    confirm: boolean;
    linkedCode: DeleteResultCode;
    deletedCode: DeleteResultCode;
    remove: (trx: Kysely<DB>) => Promise<boolean>;
  },
): Promise<DeleteResult> {
  return inTransaction(db, async (trx) => {
    const owners = await ownersOf(trx, options.link, options.itemId);
    if (owners.length > 1 && !options.confirm) {
      const names = await ownerNames(trx, options.link, owners);
      const where = options.link.owner === 'page_id' ? 'on the pages' : 'in';
      return {
        ...deleteResult(options.linkedCode),
        message: `It is shown ${where} ${listOf(names)}. ${linkedAdvice(options.link)}`,
      };
    }
    if (!(await options.remove(trx))) throw new AppError('NOT_FOUND', 'It no longer exists.');
    return deleteResult(options.deletedCode);
  });
}
