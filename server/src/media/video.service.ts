import type { Kysely } from 'kysely';
import type { AddVideoInput, UpdateVideoInput } from '../../../shared/media.schema.js';
import type { Actor } from '../auth/staff-identity.js';
import { assertMayChangeItems, countriesAddedFor } from '../content/item-access.js';
import { linkItemToOwners } from '../db/links.js';
import type { DB } from '../db/schema.js';
import { inTransaction } from '../db/transaction.js';
import { AppError } from '../errors.js';
import { mediaLibrary } from './gallery.js';
import { batchedBy } from './image.service.js';
import * as repository from './video.repository.js';
import type { ListedVideo } from './video.repository.js';

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

/** Videos: the library's video links, and the country galleries of GALLERY_VIDEOS videos. */
const videos = mediaLibrary({
  one: 'Video',
  many: 'videos',
  idName: 'video_id',
  idsName: 'video_ids',
  galleryCategory: 'GALLERY_VIDEOS',
  categories: repository.videoCategories,
  ownership: repository.VIDEO_OWNERSHIP,
  gallery: repository.GALLERY_VIDEOS,
  list: repository.listVideos,
  listedByIds: repository.listedVideosByIds,
  lock: repository.lockVideo,
  // A home about-us section may show it.
  inUse: async (db, id) =>
    (await repository.videoIsUsedByAboutUs(db, id)) ? 'This video is in use and cannot be deleted.' : null,
  remove: repository.deleteVideo,
  deletedCode: 'DELETED_VIDEO',
  removedFromGalleryCode: 'DELETED_VIDEO_FROM_COUNTRY_GALLERY',
});

export const getAllVideos = videos.all;
export const getVideosOfCategory = videos.ofCategory;
export const getVideosFromGallery = videos.fromGallery;
export const addVideosToGallery = videos.addToGallery;
export const deleteVideoFromGallery = videos.removeFromGallery;
export const getVideoRefusals = videos.refusals;
export const deleteVideo = videos.delete;

/** `Video.isDeletable` of videos other domains attach to their entities: one query per request. */
export const videoIsDeletable = batchedBy(repository.videoDeletability);
