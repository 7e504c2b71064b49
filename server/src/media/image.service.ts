import type { FileUpload } from 'graphql-upload-minimal';
import type { Kysely } from 'kysely';
import type { ImageCategory } from '../../../shared/enums.js';
import {
  altTextOfFileName,
  imageNameOf,
  type UnassignedImageKind,
  type UnassignedImagesArgs,
  type UpdateImageAltTextInput,
} from '../../../shared/media.schema.js';
import { MEDIA_EXTENSIONS } from '../../../shared/media.js';
import type { Actor } from '../auth/staff-identity.js';
import { assertMayChangeItems, countriesAddedFor } from '../content/item-access.js';
import { linkItemToOwners, listOf } from '../db/links.js';
import type { Connection } from '../db/pagination.js';
import type { DB } from '../db/schema.js';
import { inTransaction } from '../db/transaction.js';
import { AppError } from '../errors.js';
import * as repository from './image.repository.js';
import type { ListedImage } from './image.repository.js';
import { saveBlob, type NewBlob } from './media.repository.js';
import { acceptImageUpload } from './upload.js';
import { mediaLibrary } from './gallery.js';

type ImageList = Promise<Connection<ListedImage>>;

/**
 * Stores uploaded images of one category, all or nothing: every file is read, judged by its content and
 * re-encoded first (acceptImage), and one refused file stores none. Each is named after its file and records who
 * uploaded it and for which countries (an EDITOR's own), which decides who may delete it.
 *
 * `altTexts` (one per image, in order, already checked by the caller's schema) is what staff wrote. Without them (the
 * spec's uploadImages) each image starts from its file name's words, not reviewed, for staff to look at later.
 */
export async function uploadImages(
  db: Kysely<DB>,
  uploads: Promise<FileUpload>[],
  category: ImageCategory,
  actor: Actor | undefined,
  altTexts?: readonly string[] | null,
): Promise<ListedImage[]> {
  if (altTexts && altTexts.length !== uploads.length) {
    const message = 'Give alternative text for each image';
    throw new AppError('BAD_USER_INPUT', `${message}.`, { alt_texts: message });
  }
  const blobs: { blob: NewBlob; image_name: string; alt_text: string }[] = [];
  // In order: a multipart request streams its files one after another.
  for (const [index, upload] of uploads.entries()) {
    const { filename, blob } = await acceptImageUpload(upload, { field: `images.${index}` });
    const image_name = imageNameOf(filename, `image-${index + 1}.${MEDIA_EXTENSIONS[blob.contentType]}`);
    blobs.push({ blob, image_name, alt_text: altTexts?.[index] ?? altTextOfFileName(image_name) });
  }
  const ids = await inTransaction(db, async (trx) => {
    const stored: number[] = [];
    for (const { blob, image_name, alt_text } of blobs) {
      const blob_sha256 = await saveBlob(trx, blob);
      const { id } = await repository.insertImage(trx, {
        image_name,
        category,
        blob_sha256,
        uploaded_by: actor?.staffId ?? null,
        alt_text,
        alt_text_reviewed: altTexts != null,
      });
      await linkItemToOwners(trx, repository.IMAGE_COUNTRIES, id, countriesAddedFor(actor));
      stored.push(id);
    }
    return stored;
  });
  return repository.listedImagesByIds(db, ids);
}

/**
 * Changes a picture's alternative text, which marks it reviewed. Every country showing the picture sees it, so an
 * EDITOR must hold them all, and the countries it was uploaded for (as for adding it to a gallery).
 */
export async function updateImageAltText(
  db: Kysely<DB>,
  input: UpdateImageAltTextInput,
  actor: Actor | undefined,
): Promise<ListedImage> {
  return inTransaction(db, async (trx) => {
    if (!(await repository.lockImage(trx, input.id))) throw new AppError('NOT_FOUND', 'Image not found.');
    const { addedFor, shownBy } = repository.IMAGE_OWNERSHIP;
    await assertMayChangeItems(trx, actor, [addedFor, ...shownBy], [input.id]);
    await repository.updateAltText(trx, input.id, input.alt_text);
    const [image] = await repository.listedImagesByIds(trx, [input.id]);
    return image!;
  });
}

/** Pictures: the library's images, and the country galleries of GALLERY_IMAGES images. */
const pictures = mediaLibrary({
  one: 'Image',
  many: 'images',
  idName: 'image_id',
  idsName: 'image_ids',
  galleryCategory: 'GALLERY_IMAGES',
  categories: repository.imageCategories,
  ownership: repository.IMAGE_OWNERSHIP,
  gallery: repository.GALLERY_IMAGES,
  list: repository.listImages,
  listedByIds: repository.listedImagesByIds,
  lock: repository.lockImage,
  inUse: async (db, id) => {
    const users = await repository.imageUsers(db, id);
    return users.length > 0 ? `This image is in use and cannot be deleted. It is used by ${listOf(users)}.` : null;
  },
  // Its bytes go too when no other image or flag shares them.
  remove: repository.deleteImageAndUnusedBlob,
  deletedCode: 'DELETED_IMAGE',
  removedFromGalleryCode: 'DELETED_IMAGE_FROM_COUNTRY_GALLERY',
});

export const getAllImages = pictures.all;
export const getImagesOfCategory = pictures.ofCategory;
export const getImagesFromGallery = pictures.fromGallery;
export const addImagesToGallery = pictures.addToGallery;
export const deleteImageFromGallery = pictures.removeFromGallery;
export const getImageRefusals = pictures.refusals;
export const deleteImage = pictures.delete;

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
