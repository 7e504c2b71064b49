import type { FileUpload } from 'graphql-upload-minimal';
import type { Kysely } from 'kysely';
import { deleteResult, type DeleteResult } from '../../../shared/delete-result.js';
import type { ImageCategory } from '../../../shared/enums.js';
import {
  imageNameOf,
  type AddImagesToGalleryInput,
  type AllImagesInput,
  type DeleteImageFromGalleryInput,
  type DeleteImageInput,
  type GalleryInput,
  type ImagesOfCategoryInput,
  type MediaRefusalsInput,
  type UnassignedImageKind,
  type UnassignedImagesArgs,
} from '../../../shared/media.schema.js';
import { MEDIA_EXTENSIONS } from '../../../shared/media.js';
import type { Actor } from '../auth/staff-identity.js';
import { assertCountryExists } from '../country/country.repository.js';
import { assertMayDeleteMedia, countriesAddedFor, mediaRefusals } from '../content/item-access.js';
import { deleteSharedItem, linkItemToOwners, listOf, unlinkItem } from '../db/links.js';
import type { Connection } from '../db/pagination.js';
import type { DB } from '../db/schema.js';
import { inTransaction } from '../db/transaction.js';
import { AppError } from '../errors.js';
import * as repository from './image.repository.js';
import type { ListedImage } from './image.repository.js';
import { saveBlob, type NewBlob } from './media.repository.js';
import { acceptImageUpload } from './upload.js';
import { addToGallery, type GalleryMedia } from './gallery.js';

type ImageList = Promise<Connection<ListedImage>>;

/**
 * Stores uploaded images of one category, all or nothing: every file is read, judged by its content and
 * re-encoded first (acceptImage), and one refused file stores none. Each is named after its file and records who
 * uploaded it and for which countries (an EDITOR's own), which decides who may delete it.
 */
export async function uploadImages(
  db: Kysely<DB>,
  uploads: Promise<FileUpload>[],
  category: ImageCategory,
  actor: Actor | undefined,
): Promise<ListedImage[]> {
  const blobs: { blob: NewBlob; image_name: string }[] = [];
  // In order: a multipart request streams its files one after another.
  for (const [index, upload] of uploads.entries()) {
    const { filename, blob } = await acceptImageUpload(upload, { field: `images.${index}` });
    blobs.push({
      blob,
      image_name: imageNameOf(filename, `image-${index + 1}.${MEDIA_EXTENSIONS[blob.contentType]}`),
    });
  }
  const ids = await inTransaction(db, async (trx) => {
    const stored: number[] = [];
    for (const { blob, image_name } of blobs) {
      const blob_sha256 = await saveBlob(trx, blob);
      const { id } = await repository.insertImage(trx, {
        image_name,
        category,
        blob_sha256,
        uploaded_by: actor?.staffId ?? null,
      });
      await linkItemToOwners(trx, repository.IMAGE_COUNTRIES, id, countriesAddedFor(actor));
      stored.push(id);
    }
    return stored;
  });
  return repository.listedImagesByIds(db, ids);
}

export function getAllImages(db: Kysely<DB>, args: AllImagesInput): ImageList {
  return repository.listImages(db, { nameContains: args.filter }, args);
}

/**
 * Images of a category. With GALLERY_IMAGES (other categories have no galleries): `country_id` lists that country's
 * gallery, whether or not the country is enabled (staff prepare a gallery before the site goes live), and
 * `not_in_gallery_of` the images that country's gallery does not have yet.
 */
export async function getImagesOfCategory(db: Kysely<DB>, args: ImagesOfCategoryInput): ImageList {
  const gallery = args.category === 'GALLERY_IMAGES';
  const galleryOf = gallery && args.country_id ? args.country_id : undefined;
  const notInGalleryOf = gallery && args.not_in_gallery_of ? args.not_in_gallery_of : undefined;
  for (const country of [galleryOf, notInGalleryOf]) if (country !== undefined) await assertCountryExists(db, country);
  return repository.listImages(
    db,
    { category: args.category, galleryOf, notInGalleryOf, nameContains: args.filter },
    args,
  );
}

/** The public gallery of a country: empty for a disabled or unknown country. */
export function getImagesFromGallery(db: Kysely<DB>, args: GalleryInput): ImageList {
  return repository.listImages(db, { category: 'GALLERY_IMAGES', enabledGalleryOf: args.country_id }, args);
}

/** Each kind of entity picks its image from its own category, among images no entity of its kind uses yet. */
const UNASSIGNED: Record<UnassignedImageKind, { category: ImageCategory; unusedBy: repository.ImageUser }> = {
  testimonial: { category: 'TESTIMONALS', unusedBy: 'testimonials' },
  team: { category: 'TEAM', unusedBy: 'team_members' },
  footerSocialMedia: { category: 'SOCIAL_MEDIA', unusedBy: 'footer_social_media' },
  popup: { category: 'POPUP', unusedBy: 'popups' },
  banner: { category: 'BANNER', unusedBy: 'banners' },
};

export function getUnassignedImages(db: Kysely<DB>, kind: UnassignedImageKind, args: UnassignedImagesArgs): ImageList {
  return repository.listImages(db, { ...UNASSIGNED[kind], nameContains: args.filter }, args);
}

/** Pictures in a country's gallery: GALLERY_IMAGES pictures. */
const GALLERY_PICTURES: GalleryMedia = {
  one: 'Image',
  many: 'images',
  field: 'image_ids',
  categories: repository.imageCategories,
  galleryCategory: 'GALLERY_IMAGES',
  ownership: repository.IMAGE_OWNERSHIP,
  gallery: repository.GALLERY_IMAGES,
};

/**
 * Adds gallery images to a country's gallery (linking twice is harmless); answers the linked images. An EDITOR must
 * hold every country the images belong to already (uploaded for, or in the gallery of).
 */
export async function addImagesToGallery(
  db: Kysely<DB>,
  input: AddImagesToGalleryInput,
  actor: Actor | undefined,
): Promise<ListedImage[]> {
  const ids = await addToGallery(db, actor, GALLERY_PICTURES, input.image_ids, input.country_id);
  return repository.listedImagesByIds(db, ids);
}

/** What the signed-in staff member may not do to these images, and why: the staff library marks it. */
export function getImageRefusals(db: Kysely<DB>, input: MediaRefusalsInput, actor: Actor | undefined) {
  return mediaRefusals(db, actor, repository.IMAGE_OWNERSHIP, input.ids);
}

/** Removes an image from one country's gallery; the image itself stays. */
export function deleteImageFromGallery(db: Kysely<DB>, input: DeleteImageFromGalleryInput): Promise<DeleteResult> {
  return unlinkItem(
    db,
    repository.GALLERY_IMAGES,
    input.image_id,
    input.country_id,
    'DELETED_IMAGE_FROM_COUNTRY_GALLERY',
  );
}

/**
 * Deletes an image (spec §4): never one an entity uses (LINKED_WITH_OTHER_ENTITIES, even with confirm); one in
 * several galleries only with confirm (LINKED_WITH_OTHER_COUNTRIES). Its gallery links go with it, and its bytes
 * too when no other image or flag shares them. An EDITOR may delete only images uploaded for their countries, and
 * must hold every gallery it leaves.
 */
export function deleteImage(db: Kysely<DB>, input: DeleteImageInput, actor: Actor | undefined): Promise<DeleteResult> {
  return inTransaction(db, async (trx) => {
    if (!(await repository.lockImage(trx, input.image_id))) throw new AppError('NOT_FOUND', 'Image not found.');
    const users = await repository.imageUsers(trx, input.image_id);
    if (users.length > 0) {
      return {
        ...deleteResult('LINKED_WITH_OTHER_ENTITIES'),
        message: `This image is in use and cannot be deleted. It is used by ${listOf(users)}.`,
      };
    }
    return deleteSharedItem(trx, {
      link: repository.GALLERY_IMAGES,
      itemId: input.image_id,
      confirm: input.confirm,
      linkedCode: 'LINKED_WITH_OTHER_COUNTRIES',
      deletedCode: 'DELETED_IMAGE',
      remove: async (tx) => {
        await assertMayDeleteMedia(tx, actor, repository.IMAGE_OWNERSHIP, input.image_id);
        return repository.deleteImageAndUnusedBlob(tx, input.image_id);
      },
    });
  });
}

/**
 * Batches the lookups of one request (keyed by its context object) into one query: the ids asked for while a
 * response is being built are collected until the current round of resolvers is done, then loaded together.
 */
export function batchedBy<V>(load: (db: Kysely<DB>, ids: readonly number[]) => Promise<Map<number, V>>) {
  const batches = new WeakMap<object, { ids: Set<number>; result: Promise<Map<number, V>> }>();
  return (db: Kysely<DB>, request: object, id: number): Promise<V | undefined> => {
    let batch = batches.get(request);
    if (!batch) {
      const ids = new Set<number>();
      const result = new Promise<void>((resolve) => setImmediate(resolve)).then(() => {
        batches.delete(request);
        return load(db, [...ids]);
      });
      batch = { ids, result };
      batches.set(request, batch);
    }
    batch.ids.add(id);
    return batch.result.then((values) => values.get(id));
  };
}

/**
 * `Image.isDeletable` of images other domains attach to their entities (image lists compute it in their own
 * query): one query per request, not per image.
 */
export const imageIsDeletable = batchedBy(repository.imageDeletability);
