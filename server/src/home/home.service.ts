import type { Kysely } from 'kysely';
import { deleteResult, type DeleteResult } from '../../../shared/delete-result.js';
import type {
  AddHomeAboutUsInput,
  AddHomeServiceInput,
  UpdateHomeAboutUsInput,
  UpdateHomeServiceInput,
} from '../../../shared/home.schema.js';
import { assertCountryAccess } from '../auth/authenticate.js';
import type { Actor } from '../auth/staff-identity.js';
import { assertCountryExists } from '../country/country.repository.js';
import { isCountryVisible } from '../country/country.service.js';
import type { DB } from '../db/schema.js';
import { AppError } from '../errors.js';
import { imagesByIds, type Image } from '../media/image.repository.js';
import { videosByIds, type Video } from '../media/video.repository.js';
import { imageOf, requireImage, requireVideo } from '../content/content-refs.js';
import * as repository from './home.repository.js';

type AboutUsRow = NonNullable<Awaited<ReturnType<typeof repository.findAboutUsById>>>;
type ServiceRow = NonNullable<Awaited<ReturnType<typeof repository.findServiceById>>>;

export interface HomeAboutUs extends AboutUsRow {
  video: Video;
}

export interface HomeService extends ServiceRow {
  image: Image;
}

async function withVideo(db: Kysely<DB>, row: AboutUsRow): Promise<HomeAboutUs> {
  const video = (await videosByIds(db, [row.video_id])).get(row.video_id);
  if (!video) throw new Error(`Video ${row.video_id} is missing`);
  return { ...row, video };
}

/** Attaches images to services, in one query for the whole list. */
async function withImages(db: Kysely<DB>, rows: ServiceRow[]): Promise<HomeService[]> {
  const images = await imagesByIds(
    db,
    rows.map((row) => row.image_id),
  );
  return rows.map((row) => ({ ...row, image: imageOf(images, row.image_id) }));
}

/**
 * A country's about-us for its home page; null when it has none, or for visitors when the country is not enabled
 * (staff edit a disabled country's about-us before it goes live).
 */
export async function getHomeAboutUs(
  db: Kysely<DB>,
  countryId: number,
  viewer: Actor | undefined,
): Promise<HomeAboutUs | null> {
  if (!(await isCountryVisible(db, countryId, viewer))) return null;
  const row = await repository.findAboutUsByCountry(db, countryId);
  return row ? withVideo(db, row) : null;
}

/** Each country has one about-us: adding a second is refused (update it instead). */
export async function addHomeAboutUs(db: Kysely<DB>, input: AddHomeAboutUsInput): Promise<HomeAboutUs> {
  await assertCountryExists(db, input.country_id);
  await requireVideo(db, input.video_id, 'ABOUT_US');
  const row = await repository.insertAboutUs(db, input);
  if (!row) {
    throw new AppError('CONFLICT', 'This country already has an about-us; update it instead.', {
      country_id: 'Already has an about-us',
    });
  }
  return withVideo(db, row);
}

export async function updateHomeAboutUs(
  db: Kysely<DB>,
  input: UpdateHomeAboutUsInput,
  actor: Actor | undefined,
): Promise<HomeAboutUs> {
  const existing = await repository.findAboutUsById(db, input.id);
  if (!existing) throw new AppError('NOT_FOUND', 'Home about-us not found.');
  if (actor) assertCountryAccess(actor, [existing.country_id]);
  if (input.video_id !== undefined) await requireVideo(db, input.video_id, 'ABOUT_US');
  const { id, ...changes } = input;
  return withVideo(db, await repository.updateAboutUs(db, id, changes));
}

/**
 * A country's home services; for visitors none when the country is not enabled (staff edit a disabled country's
 * services before it goes live).
 */
export async function getHomeServices(
  db: Kysely<DB>,
  countryId: number,
  viewer: Actor | undefined,
): Promise<HomeService[]> {
  if (!(await isCountryVisible(db, countryId, viewer))) return [];
  return withImages(db, await repository.listServicesOfCountry(db, countryId));
}

export async function addHomeService(db: Kysely<DB>, input: AddHomeServiceInput): Promise<HomeService> {
  await assertCountryExists(db, input.country_id);
  await requireImage(db, input.image_id, 'SERVICES');
  const [service] = await withImages(db, [await repository.insertService(db, input)]);
  return service!;
}

async function findService(db: Kysely<DB>, id: number, actor: Actor | undefined): Promise<ServiceRow> {
  const existing = await repository.findServiceById(db, id);
  if (!existing) throw new AppError('NOT_FOUND', 'Home service not found.');
  if (actor) assertCountryAccess(actor, [existing.country_id]);
  return existing;
}

export async function updateHomeService(
  db: Kysely<DB>,
  input: UpdateHomeServiceInput,
  actor: Actor | undefined,
): Promise<HomeService> {
  await findService(db, input.id, actor);
  if (input.image_id !== undefined) await requireImage(db, input.image_id, 'SERVICES');
  const { id, ...changes } = input;
  const [service] = await withImages(db, [await repository.updateService(db, id, changes)]);
  return service!;
}

/** Services belong to one country, so a delete is always a full delete. */
export async function deleteHomeService(
  db: Kysely<DB>,
  { service_id }: { service_id: number },
  actor: Actor | undefined,
): Promise<DeleteResult> {
  await findService(db, service_id, actor);
  if (!(await repository.removeService(db, service_id))) throw new AppError('NOT_FOUND', 'Home service not found.');
  return deleteResult('DELETED_SERVICE');
}
