import type { Kysely } from 'kysely';
import type { VideoCategory } from '../../../shared/enums.js';
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
