import { sql, type Kysely } from 'kysely';
import type { VideoCategory } from '../../../shared/enums.js';
import type { CursorArgs } from '../../../shared/pagination.schema.js';
import type { MediaOwnership } from '../content/item-access.js';
import { countryLink } from '../db/links.js';
import { connectionOf, type Connection } from '../db/pagination.js';
import { mediaListConditions, type MediaListFilter } from './media-list.js';
import type { DB } from '../db/schema.js';

/** A video as the API shows it (spec §3 "Video"): a link to a hosted video. */
export interface Video {
  id: number;
  video_url: string;
  video_name: string;
  category: VideoCategory;
  created_at: string;
  updated_at: string;
}

export const VIDEO_COLUMNS = ['id', 'video_url', 'video_name', 'category', 'created_at', 'updated_at'] as const;

export async function videosByIds(db: Kysely<DB>, ids: readonly (number | null)[]): Promise<Map<number, Video>> {
  const wanted = [...new Set(ids.filter((id): id is number => id !== null))];
  if (wanted.length === 0) return new Map();
  const rows = await db.selectFrom('videos').select(VIDEO_COLUMNS).where('id', 'in', wanted).execute();
  return new Map(rows.map((row) => [row.id, row]));
}

/** Country galleries of videos (spec §7 addVideosToGallery). */
export const GALLERY_VIDEOS = countryLink('country_gallery_videos', 'video_id');

/** The countries a video was added for (the adding EDITOR's). */
export const VIDEO_COUNTRIES = countryLink('video_countries', 'video_id');

/** A country's home about-us section showing a video. */
const ABOUT_US_VIDEOS = countryLink('home_about_us', 'video_id');

/** Who may change or delete a library video: the countries it was added for and every country showing it. */
export const VIDEO_OWNERSHIP: MediaOwnership = {
  addedFor: VIDEO_COUNTRIES,
  shownBy: [GALLERY_VIDEOS, ABOUT_US_VIDEOS],
};

const videoIsUsed = sql<boolean>`exists (select 1 from home_about_us where home_about_us.video_id = videos.id)`;

/** `Video.isDeletable` as a column: a plain deleteVideo would succeed (not the about-us video, in at most one gallery). */
const videoIsDeletable = sql<boolean>`not ${videoIsUsed}
  and (select count(*) from country_gallery_videos where country_gallery_videos.video_id = videos.id) <= 1`;

/** A video as lists show it: with `isDeletable`, computed in the list's own query. */
export type ListedVideo = Video & { isDeletable: boolean };

const LISTED_VIDEO_COLUMNS = VIDEO_COLUMNS.map((column) => `videos.${column}` as const);

export function selectListedVideos(db: Kysely<DB>) {
  return db.selectFrom('videos').select([...LISTED_VIDEO_COLUMNS, videoIsDeletable.as('isDeletable')]);
}

export interface VideoListFilter extends MediaListFilter {
  category?: VideoCategory;
}

/** A cursor page of videos, newest first, with `isDeletable`: one query. */
export function listVideos(
  db: Kysely<DB>,
  filter: VideoListFilter,
  cursor: CursorArgs,
): Promise<Connection<ListedVideo>> {
  let query = selectListedVideos(db);
  if (filter.category) query = query.where('videos.category', '=', filter.category);
  for (const condition of mediaListConditions(GALLERY_VIDEOS, { id: 'videos.id', name: 'videos.video_name' }, filter)) {
    query = query.where(condition);
  }
  return connectionOf(query, 'videos.id', cursor);
}

/** Listed videos by id, in the order asked. */
export async function listedVideosByIds(db: Kysely<DB>, ids: readonly number[]): Promise<ListedVideo[]> {
  if (ids.length === 0) return [];
  const rows = await selectListedVideos(db)
    .where('videos.id', 'in', [...ids])
    .execute();
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/** `isDeletable` of many videos in one query (for videos attached to other entities). */
export async function videoDeletability(db: Kysely<DB>, ids: readonly number[]): Promise<Map<number, boolean>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('videos')
    .select(['videos.id', videoIsDeletable.as('isDeletable')])
    .where('videos.id', 'in', [...ids])
    .execute();
  return new Map(rows.map((row) => [row.id, row.isDeletable]));
}

export function insertVideo(
  db: Kysely<DB>,
  values: { video_url: string; video_name: string; category: VideoCategory; added_by: number | null },
) {
  return db.insertInto('videos').values(values).returning('id').executeTakeFirstOrThrow();
}

export function updateVideo(db: Kysely<DB>, id: number, changes: { video_url?: string; video_name?: string }) {
  return db
    .updateTable('videos')
    .set({ ...changes, updated_at: sql`now()` })
    .where('id', '=', id)
    .returning('id')
    .executeTakeFirst();
}

/** The categories of the given videos (missing ids are absent). */
export function videoCategories(db: Kysely<DB>, ids: readonly number[]) {
  return db
    .selectFrom('videos')
    .select(['id', 'category'])
    .where('id', 'in', [...ids])
    .execute();
}

/** Locks a video for deletion, so "is it used?" stays true until the transaction ends. */
export function lockVideo(db: Kysely<DB>, id: number) {
  return db.selectFrom('videos').select('id').where('id', '=', id).forUpdate().executeTakeFirst();
}

/** Whether a country's home about-us section shows the video. */
export async function videoIsUsedByAboutUs(db: Kysely<DB>, id: number): Promise<boolean> {
  const row = await db.selectFrom('home_about_us').select('id').where('video_id', '=', id).limit(1).executeTakeFirst();
  return row !== undefined;
}

export async function deleteVideo(db: Kysely<DB>, id: number): Promise<boolean> {
  const deleted = await db.deleteFrom('videos').where('id', '=', id).returning('id').executeTakeFirst();
  return deleted !== undefined;
}
