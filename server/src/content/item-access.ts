import { sql, type Kysely } from 'kysely';
import { NOT_YOUR_ITEM_MESSAGE } from '../../../shared/access.js';
import { assertCountryAccess } from '../auth/authenticate.js';
import type { Actor } from '../auth/staff-identity.js';
import type { LinkTable } from '../db/links.js';
import type { DB } from '../db/schema.js';
import { AppError } from '../errors.js';

/** The countries owning each of `itemIds` through the given country link tables (one query per table). */
async function ownersByItem(
  db: Kysely<DB>,
  links: readonly LinkTable[],
  itemIds: readonly number[],
): Promise<Map<number, Set<number>>> {
  const owners = new Map<number, Set<number>>();
  if (itemIds.length === 0) return owners;
  for (const link of links) {
    const { rows } = await sql<{ item: number; owner: number }>`select distinct ${sql.ref(link.item)} as item,
      ${sql.ref(link.owner)} as owner from ${sql.table(link.table)}
      where ${sql.ref(link.item)} in (${sql.join([...new Set(itemIds)])})`.execute(db);
    for (const row of rows) owners.set(row.item, (owners.get(row.item) ?? new Set()).add(row.owner));
  }
  return owners;
}

/** The countries owning any of `itemIds` through the given country link tables (one query per table). */
export async function countriesOwning(
  db: Kysely<DB>,
  links: readonly LinkTable[],
  itemIds: readonly number[],
): Promise<number[]> {
  const owners = await ownersByItem(db, links, itemIds);
  return [...new Set([...owners.values()].flatMap((countries) => [...countries]))];
}

/**
 * The right to change shared items (decision 024): an ADMIN, or an EDITOR holding every country the items belong
 * to now, plus `alsoCountries` (where the change takes them). Linking an item to one more country is a change too:
 * it alters how its owners' delete behaves. No actor means a trusted internal caller.
 */
export async function assertMayChangeItems(
  db: Kysely<DB>,
  actor: Actor | undefined,
  links: readonly LinkTable[],
  itemIds: readonly number[],
  alsoCountries: readonly number[] = [],
): Promise<void> {
  if (!actor || actor.role === 'ADMIN') return;
  const owners = await countriesOwning(db, links, itemIds);
  assertCountryAccess(actor, [...owners, ...alsoCountries], NOT_YOUR_ITEM_MESSAGE);
}

/** Library media (images, videos): the countries it was added for, and the links that show it in countries. */
export interface MediaOwnership {
  addedFor: LinkTable;
  shownBy: readonly LinkTable[];
}

/** The countries library media is recorded for when a staff member adds it: an EDITOR's own, none for an ADMIN. */
export function countriesAddedFor(actor: Actor | undefined): number[] {
  return actor?.role === 'EDITOR' ? actor.countryIds : [];
}

/** Why an EDITOR may not delete media no country was recorded for. */
const ADMIN_MEDIA_MESSAGE = 'An administrator added it, so only an administrator may delete it.';

/** What a staff member may not do to one library item, and why: change it (edit, add to a gallery), delete it. */
export interface MediaRefusal {
  id: number;
  change: string | null;
  delete: string | null;
}

/**
 * The rules of library media (decision 024) for a page of items at once, so the staff area marks what the API would
 * refuse: an ADMIN may do anything; an EDITOR may change an item when they hold every country it was added for or
 * is shown in, and delete it when, besides, it was added for a country at all (media an ADMIN added, or added before
 * this was recorded, is left to administrators). Answers the refused items only (one query per link table).
 */
export async function mediaRefusals(
  db: Kysely<DB>,
  actor: Actor | undefined,
  media: MediaOwnership,
  ids: readonly number[],
): Promise<MediaRefusal[]> {
  if (!actor || actor.role === 'ADMIN') return [];
  const addedFor = await ownersByItem(db, [media.addedFor], ids);
  const shownIn = await ownersByItem(db, media.shownBy, ids);
  const refusals = [...new Set(ids)].map((id): MediaRefusal => {
    const owners = [...(addedFor.get(id) ?? []), ...(shownIn.get(id) ?? [])];
    const change = owners.every((country) => actor.countryIds.includes(country)) ? null : NOT_YOUR_ITEM_MESSAGE;
    return { id, change, delete: addedFor.has(id) ? change : ADMIN_MEDIA_MESSAGE };
  });
  return refusals.filter((refusal) => refusal.change || refusal.delete);
}

/** Deleting library media: refused as `mediaRefusals` says. */
export async function assertMayDeleteMedia(
  db: Kysely<DB>,
  actor: Actor | undefined,
  media: MediaOwnership,
  id: number,
): Promise<void> {
  const [refusal] = await mediaRefusals(db, actor, media, [id]);
  if (refusal?.delete) throw new AppError('FORBIDDEN', refusal.delete);
}
