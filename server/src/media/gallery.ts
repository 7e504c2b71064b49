import type { Kysely } from 'kysely';
import type { Actor } from '../auth/staff-identity.js';
import { assertMayChangeItems, type MediaOwnership } from '../content/item-access.js';
import { assertCountryExists } from '../country/country.repository.js';
import { linkItems, type LinkTable } from '../db/links.js';
import type { DB } from '../db/schema.js';
import { inTransaction } from '../db/transaction.js';
import { AppError } from '../errors.js';

/** What putting library media in a country's gallery needs to know of its kind: pictures or videos. */
export interface GalleryMedia {
  /** "Image"; "images". */
  one: string;
  many: string;
  /** The input field holding the ids, where a refusal's message goes. */
  field: string;
  /** The category of each of `ids` that exists. */
  categories: (db: Kysely<DB>, ids: readonly number[]) => Promise<{ id: number; category: string }[]>;
  /** The one category a gallery takes. */
  galleryCategory: string;
  ownership: MediaOwnership;
  gallery: LinkTable;
}

/**
 * Adds library media to a country's gallery (linking twice is harmless), all or nothing; answers the ids. Each must
 * exist and be of the gallery's category, and an EDITOR must hold every country they belong to already (added for,
 * or shown in).
 */
export async function addToGallery(
  db: Kysely<DB>,
  actor: Actor | undefined,
  media: GalleryMedia,
  itemIds: readonly number[],
  countryId: number,
): Promise<number[]> {
  const ids = [...new Set(itemIds)];
  await inTransaction(db, async (trx) => {
    await assertCountryExists(trx, countryId);
    const found = new Map((await media.categories(trx, ids)).map((row) => [row.id, row.category]));
    const missing = ids.filter((id) => !found.has(id));
    if (missing.length > 0) {
      const message = `${media.one} not found`;
      throw new AppError('NOT_FOUND', `${message}: ${missing.join(', ')}.`, { [media.field]: message });
    }
    if (ids.some((id) => found.get(id) !== media.galleryCategory)) {
      const message = `Only gallery ${media.many} can be added to a gallery`;
      throw new AppError('BAD_USER_INPUT', `${message}.`, { [media.field]: message });
    }
    const { addedFor, shownBy } = media.ownership;
    await assertMayChangeItems(trx, actor, [addedFor, ...shownBy], ids);
    await linkItems(trx, media.gallery, ids, countryId);
  });
  return ids;
}
