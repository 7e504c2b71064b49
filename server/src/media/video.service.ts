import type { Kysely } from 'kysely';
import { deleteResult, type DeleteResult } from '../../../shared/delete-result.js';
import type {
  AddVideoInput,
  AddVideosToGalleryInput,
  AllVideosInput,
  DeleteVideoFromGalleryInput,
  DeleteVideoInput,
  GalleryInput,
  MediaRefusalsInput,
  UpdateVideoInput,
  VideosOfCategoryInput,
} from '../../../shared/media.schema.js';
import type { Actor } from '../auth/staff-identity.js';
import { assertCountryExists } from '../country/country.repository.js';
import {
  assertMayChangeItems,
  assertMayDeleteMedia,
  countriesAddedFor,
  mediaRefusals,
} from '../content/item-access.js';
import { deleteSharedItem, linkItemToOwners, unlinkItem } from '../db/links.js';
import type { Connection } from '../db/pagination.js';
import type { DB } from '../db/schema.js';
import { inTransaction } from '../db/transaction.js';
import { AppError } from '../errors.js';
import { addToGallery, type GalleryMedia } from './gallery.js';
import { batchedBy } from './image.service.js';
import * as repository from './video.repository.js';
import type { ListedVideo } from './video.repository.js';

type VideoList = Promise<Connection<ListedVideo>>;

async function listedVideo(db: Kysely<DB>, id: number): Promise<ListedVideo> {
  const [video] = await repository.listedVideosByIds(db, [id]);
  if (!video) throw new AppError('NOT_FOUND', 'Video not found.');
  return video;
}

/** Adds a video link to the library, recording who added it and for which countries (an EDITOR's own). */
export async function addVideo(db: Kysely<DB>, input: AddVideoInput, actor: Actor | undefined): Promise<ListedVideo> {
  const id = await inTransaction(db, async (trx) => {
    const row = await repository.insertVideo(trx, { ...input, added_by: actor?.staffId ?? null });
    await linkItemToOwners(trx, repository.VIDEO_COUNTRIES, row.id, countriesAddedFor(actor));
    return row.id;
  });
  return listedVideo(db, id);
}

/**
 * Changes a video's link or name. Every country showing it (galleries, home about-us) sees the change, so an
 * EDITOR must hold them all, and the countries it was added for.
 */
export async function updateVideo(
  db: Kysely<DB>,
  input: UpdateVideoInput,
  actor: Actor | undefined,
): Promise<ListedVideo> {
  return inTransaction(db, async (trx) => {
    if (!(await repository.lockVideo(trx, input.id))) throw new AppError('NOT_FOUND', 'Video not found.');
    const { addedFor, shownBy } = repository.VIDEO_OWNERSHIP;
    await assertMayChangeItems(trx, actor, [addedFor, ...shownBy], [input.id]);
    const changes = {
      ...(input.video_url != null && { video_url: input.video_url }),
      ...(input.video_name != null && { video_name: input.video_name }),
    };
    if (Object.keys(changes).length > 0) await repository.updateVideo(trx, input.id, changes);
    return listedVideo(trx, input.id);
  });
}

export function getAllVideos(db: Kysely<DB>, args: AllVideosInput): VideoList {
  return repository.listVideos(db, { nameContains: args.filter }, args);
}

/**
 * Videos of a category. With GALLERY_VIDEOS: `country_id` lists that country's gallery, whether or not the country
 * is enabled, and `not_in_gallery_of` the videos that country's gallery does not have yet.
 */
export async function getVideosOfCategory(db: Kysely<DB>, args: VideosOfCategoryInput): VideoList {
  const gallery = args.category === 'GALLERY_VIDEOS';
  const galleryOf = gallery && args.country_id ? args.country_id : undefined;
  const notInGalleryOf = gallery && args.not_in_gallery_of ? args.not_in_gallery_of : undefined;
  for (const country of [galleryOf, notInGalleryOf]) if (country !== undefined) await assertCountryExists(db, country);
  return repository.listVideos(
    db,
    { category: args.category, galleryOf, notInGalleryOf, nameContains: args.filter },
    args,
  );
}

/** The public video gallery of a country: empty for a disabled or unknown country. */
export function getVideosFromGallery(db: Kysely<DB>, args: GalleryInput): VideoList {
  return repository.listVideos(db, { category: 'GALLERY_VIDEOS', enabledGalleryOf: args.country_id }, args);
}

/** Videos in a country's gallery: GALLERY_VIDEOS videos. */
const GALLERY_VIDEOS: GalleryMedia = {
  one: 'Video',
  many: 'videos',
  field: 'video_ids',
  categories: repository.videoCategories,
  galleryCategory: 'GALLERY_VIDEOS',
  ownership: repository.VIDEO_OWNERSHIP,
  gallery: repository.GALLERY_VIDEOS,
};

/**
 * Adds gallery videos to a country's gallery (linking twice is harmless); answers the linked videos. An EDITOR must
 * hold every country the videos belong to already (added for, or shown in).
 */
export async function addVideosToGallery(
  db: Kysely<DB>,
  input: AddVideosToGalleryInput,
  actor: Actor | undefined,
): Promise<ListedVideo[]> {
  const ids = await addToGallery(db, actor, GALLERY_VIDEOS, input.video_ids, input.country_id);
  return repository.listedVideosByIds(db, ids);
}

/** What the signed-in staff member may not do to these videos, and why: the staff library marks it. */
export function getVideoRefusals(db: Kysely<DB>, input: MediaRefusalsInput, actor: Actor | undefined) {
  return mediaRefusals(db, actor, repository.VIDEO_OWNERSHIP, input.ids);
}

/** Removes a video from one country's gallery; the video itself stays. */
export function deleteVideoFromGallery(db: Kysely<DB>, input: DeleteVideoFromGalleryInput): Promise<DeleteResult> {
  return unlinkItem(
    db,
    repository.GALLERY_VIDEOS,
    input.video_id,
    input.country_id,
    'DELETED_VIDEO_FROM_COUNTRY_GALLERY',
  );
}

/**
 * Deletes a video: never the one a home about-us section shows (LINKED_WITH_OTHER_ENTITIES, even with confirm);
 * one in several galleries only with confirm (LINKED_WITH_OTHER_COUNTRIES). An EDITOR may delete only videos added
 * for their countries, and must hold every gallery it leaves.
 */
export function deleteVideo(db: Kysely<DB>, input: DeleteVideoInput, actor: Actor | undefined): Promise<DeleteResult> {
  return inTransaction(db, async (trx) => {
    if (!(await repository.lockVideo(trx, input.video_id))) throw new AppError('NOT_FOUND', 'Video not found.');
    if (await repository.videoIsUsedByAboutUs(trx, input.video_id)) {
      // The shared message speaks of images.
      return { ...deleteResult('LINKED_WITH_OTHER_ENTITIES'), message: 'This video is in use and cannot be deleted.' };
    }
    return deleteSharedItem(trx, {
      link: repository.GALLERY_VIDEOS,
      itemId: input.video_id,
      confirm: input.confirm,
      linkedCode: 'LINKED_WITH_OTHER_COUNTRIES',
      deletedCode: 'DELETED_VIDEO',
      remove: async (tx) => {
        await assertMayDeleteMedia(tx, actor, repository.VIDEO_OWNERSHIP, input.video_id);
        return repository.deleteVideo(tx, input.video_id);
      },
    });
  });
}

/** `Video.isDeletable` of videos other domains attach to their entities: one query per request. */
export const videoIsDeletable = batchedBy(repository.videoDeletability);
