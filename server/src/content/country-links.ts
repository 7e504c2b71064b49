import type { Kysely } from 'kysely';
import type { DeleteResult, DeleteResultCode } from '../../../shared/delete-result.js';
import { assertCountryAccess } from '../auth/authenticate.js';
import type { Actor } from '../auth/staff-identity.js';
import { deleteSharedItem, linkItems, ownersOf, unlinkItem, type LinkTable } from '../db/links.js';
import type { DB } from '../db/schema.js';
import { assertCountriesExist } from './content-refs.js';
import { assertMayChangeItems } from './item-access.js';

/**
 * The link operations of one kind of content shared between countries (popups, testimonials), with the spec's
 * result codes: delete (an item still in several countries only with `confirm`), show in another country, take off
 * one country. One mechanism, configured per kind (decision 038).
 */
export function countryLinks<Item>(config: {
  link: LinkTable;
  deletedCode: DeleteResultCode;
  removedFromCountryCode: DeleteResultCode;
  /** The items in the given order; unknown ids are refused with NOT_FOUND. */
  itemsByIds: (db: Kysely<DB>, ids: readonly number[]) => Promise<Item[]>;
  /** Deletes the item (its links go with it); false when it no longer exists. */
  remove: (trx: Kysely<DB>, id: number) => Promise<boolean>;
}) {
  const { link } = config;
  return {
    /** Deletes an item; one still linked to several countries only with `confirm`. Deleting needs every one of them. */
    delete: (db: Kysely<DB>, id: number, confirm: boolean, actor: Actor | undefined): Promise<DeleteResult> =>
      deleteSharedItem(db, {
        link,
        itemId: id,
        confirm,
        linkedCode: 'LINKED_WITH_OTHER_COUNTRIES',
        deletedCode: config.deletedCode,
        remove: async (trx) => {
          if (actor) assertCountryAccess(actor, await ownersOf(trx, link, id));
          return config.remove(trx, id);
        },
      }),

    /**
     * Shows existing items in another country too (idempotent); answers them as now linked. An EDITOR must hold
     * every country the items are in already (and the new one: checked by the operation's declaration).
     */
    addToCountry: async (
      db: Kysely<DB>,
      ids: number[],
      countryId: number,
      actor: Actor | undefined,
    ): Promise<Item[]> => {
      await assertCountriesExist(db, [countryId], 'country_id');
      await config.itemsByIds(db, ids);
      await assertMayChangeItems(db, actor, [link], ids);
      await linkItems(db, link, ids, countryId);
      return config.itemsByIds(db, ids);
    },

    /** Takes an item off one country's site; the item itself stays. */
    removeFromCountry: (db: Kysely<DB>, id: number, countryId: number): Promise<DeleteResult> =>
      unlinkItem(db, link, id, countryId, config.removedFromCountryCode),
  };
}
