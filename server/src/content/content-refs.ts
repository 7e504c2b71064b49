import type { Kysely } from 'kysely';
import type { ImageCategory, VideoCategory } from '../../../shared/enums.js';
import type { DB } from '../db/schema.js';
import { AppError } from '../errors.js';
import { imagesByIds, type Image } from '../media/image.repository.js';
import { videosByIds, type Video } from '../media/video.repository.js';
import { countriesByItem, type Country } from '../country/country.repository.js';
import type { LinkTable } from '../db/links.js';

/**
 * Checks of what home content, banners, testimonials and popups refer to. An image or video is chosen from the
 * library by category, so one of another category (e.g. a gallery picture as a banner) is refused.
 */
export async function requireImage(
  db: Kysely<DB>,
  imageId: number,
  category: ImageCategory,
  field = 'image_id',
): Promise<Image> {
  const image = (await imagesByIds(db, [imageId])).get(imageId);
  if (!image) throw new AppError('NOT_FOUND', 'Image not found.', { [field]: 'Image not found' });
  if (image.category !== category) {
    throw new AppError('BAD_USER_INPUT', `Choose an image of the ${category} category.`, {
      [field]: `Choose an image of the ${category} category`,
    });
  }
  return image;
}

export async function requireVideo(
  db: Kysely<DB>,
  videoId: number,
  category: VideoCategory,
  field = 'video_id',
): Promise<Video> {
  const video = (await videosByIds(db, [videoId])).get(videoId);
  if (!video) throw new AppError('NOT_FOUND', 'Video not found.', { [field]: 'Video not found' });
  if (video.category !== category) {
    throw new AppError('BAD_USER_INPUT', `Choose a video of the ${category} category.`, {
      [field]: `Choose a video of the ${category} category`,
    });
  }
  return video;
}

/** Refuses unknown country ids with NOT_FOUND, in one query. */
export async function assertCountriesExist(db: Kysely<DB>, countryIds: readonly number[], field: string) {
  const wanted = [...new Set(countryIds)];
  if (wanted.length === 0) return;
  const found = await db.selectFrom('countries').select('id').where('id', 'in', wanted).execute();
  if (found.length !== wanted.length)
    throw new AppError('NOT_FOUND', 'Country not found.', { [field]: 'Country not found' });
}

/** Whether a public read may show a country's content: it exists and is enabled. */
export async function isEnabledCountry(db: Kysely<DB>, countryId: number): Promise<boolean> {
  const row = await db
    .selectFrom('countries')
    .select('id')
    .where('id', '=', countryId)
    .where('is_enabled', '=', 'ENABLE')
    .executeTakeFirst();
  return row !== undefined;
}

/** The entity's image, which the foreign key guarantees exists. */
export function imageOf(images: Map<number, Image>, imageId: number): Image {
  const image = images.get(imageId);
  if (!image) throw new Error(`Image ${imageId} is missing`);
  return image;
}

/** What shared items linked to countries (testimonials, popups) show besides their own columns. */
export interface CountryLinkedDetails {
  image: Image;
  countries: Country[];
  /** A plain delete succeeds only while the item is linked to at most one country. */
  isDeletable: boolean;
}

/**
 * Attaches image and countries to a list of country-linked items (one query each for the whole list). Visitors see
 * only enabled countries in `countries`; `isDeletable` always counts every link.
 */
export async function withImageAndCountries<Row extends { id: number; image_id: number }>(
  db: Kysely<DB>,
  link: LinkTable,
  rows: Row[],
  visitor = false,
): Promise<(Row & CountryLinkedDetails)[]> {
  const [images, countries] = await Promise.all([
    imagesByIds(
      db,
      rows.map((row) => row.image_id),
    ),
    countriesByItem(
      db,
      link,
      rows.map((row) => row.id),
    ),
  ]);
  return rows.map((row) => {
    const linked = countries.get(row.id) ?? [];
    return {
      ...row,
      image: imageOf(images, row.image_id),
      countries: visitor ? linked.filter((country) => country.is_enabled === 'ENABLE') : linked,
      isDeletable: linked.length <= 1,
    };
  });
}

/** Items by id in the order asked for; an unknown id is refused with NOT_FOUND (`notFound` is its message). */
export async function inOrderOf<Item extends { id: number }>(
  ids: readonly number[],
  load: (uniqueIds: number[]) => Promise<Item[]>,
  notFound: string,
): Promise<Item[]> {
  const unique = [...new Set(ids)];
  const items = await load(unique);
  if (items.length !== unique.length) throw new AppError('NOT_FOUND', notFound);
  const byId = new Map(items.map((item) => [item.id, item]));
  return unique.map((id) => byId.get(id)!);
}
