import type { Kysely } from 'kysely';
import { deleteResult, type DeleteResult, type DeleteResultCode } from '../../../shared/delete-result.js';
import type { MediaRefusalsInput } from '../../../shared/media.schema.js';
import type { CursorArgs } from '../../../shared/pagination.schema.js';
import type { Actor } from '../auth/staff-identity.js';
import {
  assertMayChangeItems,
  assertMayDeleteMedia,
  mediaRefusals,
  type MediaOwnership,
} from '../content/item-access.js';
import { assertCountryExists } from '../country/country.repository.js';
import { deleteSharedItem, linkItems, unlinkItem, type LinkTable } from '../db/links.js';
import type { Connection } from '../db/pagination.js';
import type { DB } from '../db/schema.js';
import { inTransaction } from '../db/transaction.js';
import { AppError } from '../errors.js';
import type { MediaListFilter } from './media-list.js';

/**
 * What the library's and the country galleries' operations need to know of a media kind: pictures or videos. The
 * argument names are the spec's (`image_id`, `image_ids`), so both APIs hand their arguments over unchanged.
 */
export interface MediaKind<Category extends string, Listed, IdName extends string, IdsName extends string> {
  /** "Image"; "images". */
  one: string;
  many: string;
  idName: IdName;
  idsName: IdsName;
  /** The one category a gallery takes. */
  galleryCategory: NoInfer<Category>;
  /** The category of each of `ids` that exists. */
  categories: (db: Kysely<DB>, ids: readonly number[]) => Promise<{ id: number; category: string }[]>;
  ownership: MediaOwnership;
  gallery: LinkTable;
  /** A cursor page of the kind, newest first. */
  list: (
    db: Kysely<DB>,
    filter: MediaListFilter & { category?: Category },
    cursor: CursorArgs,
  ) => Promise<Connection<Listed>>;
  /** Listed items by id, in the order asked. */
  listedByIds: (db: Kysely<DB>, ids: readonly number[]) => Promise<Listed[]>;
  /** Locks an item for deletion, so "is it used?" stays true until the transaction ends; undefined when unknown. */
  lock: (db: Kysely<DB>, id: number) => Promise<object | undefined>;
  /** Why an entity's use forbids deleting the item even with confirm; null when none uses it. */
  inUse: (db: Kysely<DB>, id: number) => Promise<string | null>;
  /** Deletes the item (its bytes too, where nothing else shares them); false when it no longer exists. */
  remove: (db: Kysely<DB>, id: number) => Promise<boolean>;
  deletedCode: DeleteResultCode;
  removedFromGalleryCode: DeleteResultCode;
}

/** One category's items; with the gallery category, narrowed to a country's gallery or to what it does not have. */
interface OfCategoryArgs<Category> extends CursorArgs {
  category: Category;
  country_id?: number | null;
  not_in_gallery_of?: number | null;
  filter?: string | null;
}

/**
 * The library and gallery operations of a media kind (decision 038's mechanism for shared items, applied to the
 * library): one definition for pictures and videos, each configured by its `MediaKind`.
 */
export function mediaLibrary<Category extends string, Listed, IdName extends string, IdsName extends string>(
  kind: MediaKind<Category, Listed, IdName, IdsName>,
) {
  type One = Record<IdName, number>;
  type InCountry = { country_id: number };

  return {
    /** Every item, newest first; `filter`: part of the name. */
    all: (db: Kysely<DB>, args: CursorArgs & { filter?: string | null }): Promise<Connection<Listed>> =>
      kind.list(db, { nameContains: args.filter }, args),

    /**
     * Items of a category. With the gallery category (others have no galleries): `country_id` lists that country's
     * gallery, whether or not the country is enabled (staff prepare a gallery before the site goes live), and
     * `not_in_gallery_of` what that country's gallery does not have yet.
     */
    ofCategory: async (db: Kysely<DB>, args: OfCategoryArgs<Category>): Promise<Connection<Listed>> => {
      const gallery = args.category === kind.galleryCategory;
      const galleryOf = gallery && args.country_id ? args.country_id : undefined;
      const notInGalleryOf = gallery && args.not_in_gallery_of ? args.not_in_gallery_of : undefined;
      for (const country of [galleryOf, notInGalleryOf]) {
        if (country !== undefined) await assertCountryExists(db, country);
      }
      const filter = { category: args.category, galleryOf, notInGalleryOf, nameContains: args.filter };
      return kind.list(db, filter, args);
    },

    /** A country's public gallery: empty for a disabled or unknown country. */
    fromGallery: (db: Kysely<DB>, args: CursorArgs & InCountry): Promise<Connection<Listed>> =>
      kind.list(db, { category: kind.galleryCategory, enabledGalleryOf: args.country_id }, args),

    /**
     * Adds library items to a country's gallery (linking twice is harmless), all or nothing; answers them. Each must
     * exist and be of the gallery's category, and an EDITOR must hold every country they belong to already (added
     * for, or shown in).
     */
    addToGallery: async (
      db: Kysely<DB>,
      args: Record<IdsName, number[]> & InCountry,
      actor: Actor | undefined,
    ): Promise<Listed[]> => {
      const ids = [...new Set(args[kind.idsName])];
      await inTransaction(db, async (trx) => {
        await assertCountryExists(trx, args.country_id);
        const found = new Map((await kind.categories(trx, ids)).map((row) => [row.id, row.category]));
        const missing = ids.filter((id) => !found.has(id));
        if (missing.length > 0) {
          const message = `${kind.one} not found`;
          throw new AppError('NOT_FOUND', `${message}: ${missing.join(', ')}.`, { [kind.idsName]: message });
        }
        if (ids.some((id) => found.get(id) !== kind.galleryCategory)) {
          const message = `Only gallery ${kind.many} can be added to a gallery`;
          throw new AppError('BAD_USER_INPUT', `${message}.`, { [kind.idsName]: message });
        }
        const { addedFor, shownBy } = kind.ownership;
        await assertMayChangeItems(trx, actor, [addedFor, ...shownBy], ids);
        await linkItems(trx, kind.gallery, ids, args.country_id);
      });
      return kind.listedByIds(db, ids);
    },

    /** Takes an item out of one country's gallery; the item itself stays in the library. */
    removeFromGallery: (db: Kysely<DB>, args: One & InCountry): Promise<DeleteResult> =>
      unlinkItem(db, kind.gallery, args[kind.idName], args.country_id, kind.removedFromGalleryCode),

    /** What the signed-in staff member may not do to these items, and why: the staff library marks it. */
    refusals: (db: Kysely<DB>, input: MediaRefusalsInput, actor: Actor | undefined) =>
      mediaRefusals(db, actor, kind.ownership, input.ids),

    /**
     * Deletes an item (spec §4): never one an entity uses (LINKED_WITH_OTHER_ENTITIES, even with confirm); one in
     * several galleries only with confirm (LINKED_WITH_OTHER_COUNTRIES); its gallery links go with it. An EDITOR may
     * delete only items added for their countries, and must hold every gallery it leaves.
     */
    delete: (db: Kysely<DB>, args: One & { confirm: boolean }, actor: Actor | undefined): Promise<DeleteResult> => {
      const id = args[kind.idName];
      return inTransaction(db, async (trx) => {
        if (!(await kind.lock(trx, id))) throw new AppError('NOT_FOUND', `${kind.one} not found.`);
        const inUse = await kind.inUse(trx, id);
        if (inUse !== null) return { ...deleteResult('LINKED_WITH_OTHER_ENTITIES'), message: inUse };
        return deleteSharedItem(trx, {
          link: kind.gallery,
          itemId: id,
          confirm: args.confirm,
          linkedCode: 'LINKED_WITH_OTHER_COUNTRIES',
          deletedCode: kind.deletedCode,
          remove: async (tx) => {
            await assertMayDeleteMedia(tx, actor, kind.ownership, id);
            return kind.remove(tx, id);
          },
        });
      });
    },
  };
}
