import { createHash } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { MediaContentType } from '../../../shared/media.js';
import type { DB } from '../db/schema.js';

export interface NewBlob {
  bytes: Uint8Array;
  contentType: MediaContentType;
  width?: number | null;
  height?: number | null;
}

/**
 * Stores bytes once, keyed by their SHA-256, and returns the key.
 * Storing the same bytes twice is a no-op, so uploads of an identical file share one row.
 */
export async function saveBlob(db: Kysely<DB>, blob: NewBlob): Promise<string> {
  const sha256 = createHash('sha256').update(blob.bytes).digest('hex');
  await db
    .insertInto('media_blobs')
    .values({
      sha256,
      content_type: blob.contentType,
      byte_size: blob.bytes.byteLength,
      width: blob.width ?? null,
      height: blob.height ?? null,
      data: blob.bytes,
    })
    .onConflict((oc) => oc.column('sha256').doNothing())
    .execute();
  return sha256;
}

export async function findBlob(db: Kysely<DB>, sha256: string) {
  return db
    .selectFrom('media_blobs')
    .select(['sha256', 'content_type', 'byte_size', 'data'])
    .where('sha256', '=', sha256)
    .executeTakeFirst();
}

/**
 * Deletes stored bytes nothing refers to any more: no library image, country flag or staff picture. Called where a
 * reference goes away; bytes still in use stay.
 */
export async function deleteBlobIfUnused(db: Kysely<DB>, sha256: string): Promise<void> {
  await sql`delete from media_blobs where sha256 = ${sha256}
    and not exists (select 1 from images where images.blob_sha256 = ${sha256})
    and not exists (select 1 from countries where countries.flag_sha256 = ${sha256})
    and not exists (select 1 from staff_users where staff_users.picture_sha256 = ${sha256})`.execute(db);
}
