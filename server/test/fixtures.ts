import type { FastifyInstance } from 'fastify';
import { sql, type Insertable, type SelectType } from 'kysely';
import sharp from 'sharp';
import type { ImageCategory } from '../../shared/enums.js';
import type { DB, TestimonialsTable } from '../src/db/schema.js';
import type { Image } from '../src/media/image.repository.js';
import { saveBlob } from '../src/media/media.repository.js';

/** A content item's image as the API answers `image { id image_url category }`. */
export type ImageAnswer = Pick<Image, 'id' | 'image_url' | 'category'>;

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

/** A stored testimonial with a portrait of its own, shown on the sites of `countryIds`; returns its id. */
export async function addTestimonial(
  app: FastifyInstance,
  testimonial: Omit<Insertable<TestimonialsTable>, 'image_id'>,
  countryIds: number[],
): Promise<number> {
  const image_id = await addImage(app, 'TESTIMONALS');
  const { id } = await app.db
    .insertInto('testimonials')
    .values({ ...testimonial, image_id })
    .returning('id')
    .executeTakeFirstOrThrow();
  await app.db
    .insertInto('testimonial_countries')
    .values(countryIds.map((country_id) => ({ testimonial_id: id, country_id })))
    .execute();
  return id;
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

/** The tables whose rows each belong to one country. */
type CountryOwnedTable = { [T in keyof DB]: DB[T] extends { country_id: number } ? T : never }[keyof DB];

/**
 * One column of the rows of `table` that belong to country `countryId`, ordered by `orderBy` (the id by default: the
 * order they were added in). Reads the table itself, so a test sees what was stored, not what the API answers.
 */
export async function columnOfCountry<T extends CountryOwnedTable, C extends keyof DB[T] & string>(
  app: FastifyInstance,
  table: T,
  column: C,
  countryId: number,
  orderBy?: keyof DB[T] & string,
): Promise<SelectType<DB[T][C]>[]> {
  const { rows } = await sql<{ value: SelectType<DB[T][C]> }>`
    SELECT ${sql.ref(column)} AS value FROM ${sql.table(table)}
    WHERE country_id = ${countryId} ORDER BY ${sql.ref(orderBy ?? 'id')}`.execute(app.db);
  return rows.map((row) => row.value);
}
