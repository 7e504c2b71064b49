import { sql, type Kysely } from 'kysely';
import { NOT_YOUR_ITEM_MESSAGE } from '../../../shared/access.js';
import { assertCountryAccess } from '../auth/authenticate.js';
import type { Actor } from '../auth/staff-identity.js';
import type { LinkTable } from '../db/links.js';
import type { DB } from '../db/schema.js';
import { AppError } from '../errors.js';

/** The countries owning any of `itemIds` through the given country link tables (one query per table). */
export async function countriesOwning(
  db: Kysely<DB>,
  links: readonly LinkTable[],
  itemIds: readonly number[],
): Promise<number[]> {
  if (itemIds.length === 0) return [];
  const owners = new Set<number>();
  for (const link of links) {
    const { rows } = await sql<{ owner: number }>`select distinct ${sql.ref(link.owner)} as owner
      from ${sql.table(link.table)} where ${sql.ref(link.item)} in (${sql.join([...new Set(itemIds)])})`.execute(db);
    for (const row of rows) owners.add(row.owner);
  }
  return [...owners];
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

/**
 * Deleting library media (decision 024): an ADMIN, or an EDITOR when it was added for countries they hold and they
 * hold every country showing it. Media an ADMIN added, or added before this was recorded, belongs to no country:
 * only an ADMIN deletes it.
 */
export async function assertMayDeleteMedia(
  db: Kysely<DB>,
  actor: Actor | undefined,
  media: MediaOwnership,
  id: number,
): Promise<void> {
  if (!actor || actor.role === 'ADMIN') return;
  if ((await countriesOwning(db, [media.addedFor], [id])).length === 0) {
    throw new AppError('FORBIDDEN', 'An administrator added it, so only an administrator may delete it.');
  }
  await assertMayChangeItems(db, actor, [media.addedFor, ...media.shownBy], [id]);
}
