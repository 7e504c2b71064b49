import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import type { ImageCategory } from '../../shared/enums.js';
import { saveBlob } from '../src/media/media.repository.js';

/** A stored 2×2 PNG image of `category` (as an upload would leave it); returns its id. */
export async function addImage(app: FastifyInstance, category: ImageCategory): Promise<number> {
  const bytes = await sharp({ create: { width: 2, height: 2, channels: 3, background: '#123456' } })
    .png()
    .toBuffer();
  const sha256 = await saveBlob(app.db, { bytes, contentType: 'image/png', width: 2, height: 2 });
  const row = await app.db
    .insertInto('images')
    .values({ image_name: `${category.toLowerCase()}.png`, blob_sha256: sha256, category })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}
