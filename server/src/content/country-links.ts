import type { Kysely } from 'kysely';
import type { DeleteResult, DeleteResultCode } from '../../../shared/delete-result.js';
import type { ImageCategory } from '../../../shared/enums.js';
import { assertCountryAccess } from '../auth/authenticate.js';
import type { Actor } from '../auth/staff-identity.js';
import { deleteSharedItem, linkItems, linkItemToOwners, ownersOf, unlinkItem, type LinkTable } from '../db/links.js';
import type { DB } from '../db/schema.js';
import { inTransaction } from '../db/transaction.js';
import { AppError } from '../errors.js';
import {
  assertCountriesExist,
  inOrderOf,
  requireImage,
  withImageAndCountries,
  type CountryLinkedDetails,
} from './content-refs.js';
import { assertMayChangeItems } from './item-access.js';

/** What the mechanism needs of a kind's repository (its rows carry their own columns and `image_id`). */
interface SharedItemRepository<Row, Values, Changes> {
  findByIds: (db: Kysely<DB>, ids: readonly number[]) => Promise<Row[]>;
  insert: (trx: Kysely<DB>, values: Values) => Promise<{ id: number }>;
  /** Changes the given columns; undefined when the item no longer exists. */
  update: (db: Kysely<DB>, id: number, changes: Changes) => Promise<object | undefined>;
  /** Deletes the item (its links go with it); false when it no longer exists. */
  remove: (trx: Kysely<DB>, id: number) => Promise<boolean>;
}

/**
 * The staff operations of one kind of content shared between countries, with a picture of its own image category
 * (popups, testimonials, posts), with the spec's result codes: add to countries, change, delete (an item still in
 * several countries only with `confirm`), show in another country, take off one country. One mechanism, configured
 * per kind (decision 038). The last three take the spec's arguments as they are (`popup_id`, `popup_ids`,
 * `country_id`), so both APIs hand them over unchanged.
 */
export function countryLinks<
  Row extends { id: number; image_id: number },
  Values extends { image_id: number },
  Changes extends { image_id?: number },
  IdName extends string,
  IdsName extends string,
>(config: {
  link: LinkTable;
  /** The spec's names of the arguments holding one item's id and several items' ids, e.g. `popup_id`, `popup_ids`. */
  idName: IdName;
  idsName: IdsName;
  /** The category the kind's image is chosen from. */
  imageCategory: ImageCategory;
  /** The answer when an item is unknown or gone, e.g. "Popup not found." */
  notFound: string;
  deletedCode: DeleteResultCode;
  removedFromCountryCode: DeleteResultCode;
  repository: SharedItemRepository<Row, Values, Changes>;
}) {
  const { link, repository } = config;
  type Item = Row & CountryLinkedDetails;
  type One = Record<IdName, number>;
  type Several = Record<IdsName, number[]>;
  type InCountry = { country_id: number };

  /** Rows with their image and countries; visitors see only enabled countries. */
  const withDetails = (db: Kysely<DB>, rows: Row[], visitor = false): Promise<Item[]> =>
    withImageAndCountries(db, link, rows, visitor);

  /** The items in the given order; unknown ids are refused with NOT_FOUND. */
  const itemsByIds = (db: Kysely<DB>, ids: readonly number[]): Promise<Item[]> =>
    inOrderOf(ids, async (unique) => withDetails(db, await repository.findByIds(db, unique)), config.notFound);

  const itemById = async (db: Kysely<DB>, id: number): Promise<Item> => (await itemsByIds(db, [id]))[0]!;

  return {
    withDetails,

    /** Adds an item to its countries (an EDITOR must hold them all: checked by the operation's declaration). */
    add: async (db: Kysely<DB>, input: Values & { country_ids: number[] }): Promise<Item> => {
      await requireImage(db, input.image_id, config.imageCategory);
      await assertCountriesExist(db, input.country_ids, 'country_ids');
      const { country_ids, ...values } = input;
      const id = await inTransaction(db, async (trx) => {
        // The input less its countries: the kind's own columns (TypeScript cannot narrow a generic's rest).
        const row = await repository.insert(trx, values as unknown as Values);
        await linkItemToOwners(trx, link, row.id, country_ids);
        return row.id;
      });
      return itemById(db, id);
    },

    /** Changes the given fields; an EDITOR must hold every country the item is shown in. */
    update: async (db: Kysely<DB>, input: Changes & { id: number }, actor: Actor | undefined): Promise<Item> => {
      const { id, ...changes } = input;
      await itemsByIds(db, [id]);
      if (actor) assertCountryAccess(actor, await ownersOf(db, link, id));
      if (changes.image_id !== undefined) await requireImage(db, changes.image_id, config.imageCategory);
      const row = await repository.update(db, id, changes as unknown as Changes);
      if (!row) throw new AppError('NOT_FOUND', config.notFound);
      return itemById(db, id);
    },

    /** Deletes an item; one still linked to several countries only with `confirm`. Deleting needs every one of them. */
    delete: (db: Kysely<DB>, args: One & { confirm: boolean }, actor: Actor | undefined): Promise<DeleteResult> => {
      const id = args[config.idName];
      return deleteSharedItem(db, {
        link,
        itemId: id,
        confirm: args.confirm,
        linkedCode: 'LINKED_WITH_OTHER_COUNTRIES',
        deletedCode: config.deletedCode,
        remove: async (trx) => {
          if (actor) assertCountryAccess(actor, await ownersOf(trx, link, id));
          return repository.remove(trx, id);
        },
      });
    },

    /**
     * Shows existing items in another country too (idempotent); answers them as now linked. An EDITOR must hold
     * every country the items are in already (and the new one: checked by the operation's declaration).
     */
    addToCountry: async (db: Kysely<DB>, args: Several & InCountry, actor: Actor | undefined): Promise<Item[]> => {
      const ids = args[config.idsName];
      await assertCountriesExist(db, [args.country_id], 'country_id');
      await itemsByIds(db, ids);
      await assertMayChangeItems(db, actor, [link], ids);
      await linkItems(db, link, ids, args.country_id);
      return itemsByIds(db, ids);
    },

    /** Takes an item off one country's site; the item itself stays. */
    removeFromCountry: (db: Kysely<DB>, args: One & InCountry): Promise<DeleteResult> =>
      unlinkItem(db, link, args[config.idName], args.country_id, config.removedFromCountryCode),
  };
}
