import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import type { ImageCategory } from '../../shared/enums.js';
import { saveBlob } from '../src/media/media.repository.js';

/**
 * A stored 2×2 PNG image of `category` (as an upload would leave it); returns its id. Its name is
 * `<category>.png` unless given; a `background` of its own gives it bytes (and a blob) of its own.
 */
export async function addImage(
  app: FastifyInstance,
  category: ImageCategory,
  { name = `${category.toLowerCase()}.png`, background = '#123456' }: { name?: string; background?: string } = {},
): Promise<number> {
  const bytes = await sharp({ create: { width: 2, height: 2, channels: 3, background } })
    .png()
    .toBuffer();
  const sha256 = await saveBlob(app.db, { bytes, contentType: 'image/png', width: 2, height: 2 });
  const row = await app.db
    .insertInto('images')
    .values({ image_name: name, blob_sha256: sha256, category })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** A country that is switched off (its site is not shown to visitors); returns its id (5 on a fresh database). */
export async function addDisabledCountry(app: FastifyInstance, name = 'Hidden Land'): Promise<number> {
  const row = await app.db
    .insertInto('countries')
    .values({ name, is_enabled: 'DISABLE' })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}
