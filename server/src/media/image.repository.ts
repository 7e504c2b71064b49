import type { Kysely } from 'kysely';
import type { ImageCategory } from '../../../shared/enums.js';
import { mediaUrl } from '../../../shared/media.js';
import type { DB } from '../db/schema.js';

/** An image as the API shows it (spec §3 "Image"). */
export interface Image {
  id: number;
  image_name: string;
  image_url: string;
  category: ImageCategory;
  created_at: string;
  updated_at: string;
}

/** The base query of every image list: images with their stored bytes' type (for the URL). */
export function selectImages(db: Kysely<DB>) {
  return db
    .selectFrom('images')
    .innerJoin('media_blobs', 'media_blobs.sha256', 'images.blob_sha256')
    .select([
      'images.id',
      'images.image_name',
      'images.category',
      'images.created_at',
      'images.updated_at',
      'images.blob_sha256',
      'media_blobs.content_type',
    ]);
}

type ImageRow = Awaited<ReturnType<ReturnType<typeof selectImages>['execute']>>[number];

export function toImage({ blob_sha256, content_type, ...image }: ImageRow): Image {
  return { ...image, image_url: mediaUrl(blob_sha256, content_type) };
}

/** Images by id, for attaching to entities that reference them (one query for a whole list). */
export async function imagesByIds(db: Kysely<DB>, ids: readonly (number | null)[]): Promise<Map<number, Image>> {
  const wanted = [...new Set(ids.filter((id): id is number => id !== null))];
  if (wanted.length === 0) return new Map();
  const rows = await selectImages(db).where('images.id', 'in', wanted).execute();
  return new Map(rows.map((row) => [row.id, toImage(row)]));
}
