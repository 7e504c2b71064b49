import type { Kysely } from 'kysely';
import { deleteResult } from '../../../shared/delete-result.js';
import type {
  AddFooterSocialMediaInput,
  UpdateFooterSocialMediaInput,
} from '../../../shared/footer-social-media.schema.js';
import { assertCountryAccess } from '../auth/authenticate.js';
import type { Actor } from '../auth/staff-identity.js';
import { assertCountryExists } from '../country/country.repository.js';
import { isCountryVisible } from '../country/country.service.js';
import type { DB } from '../db/schema.js';
import { AppError } from '../errors.js';
import { imagesByIds } from '../media/image.repository.js';
import * as repository from './footer-social-media.repository.js';

type FooterSocialMediaRow = NonNullable<Awaited<ReturnType<typeof repository.findById>>>;

/** Rows with their image (spec §3: `image`), in one more query. */
async function withImages(db: Kysely<DB>, rows: FooterSocialMediaRow[]) {
  const images = await imagesByIds(
    db,
    rows.map((row) => row.image_id),
  );
  return rows.map((row) => ({ ...row, image: images.get(row.image_id)! }));
}

async function withImage(db: Kysely<DB>, row: FooterSocialMediaRow) {
  const [item] = await withImages(db, [row]);
  return item!;
}

/** Footer icons come from the SOCIAL_MEDIA images only. */
async function assertSocialMediaImage(db: Kysely<DB>, imageId: number): Promise<void> {
  const image = (await imagesByIds(db, [imageId])).get(imageId);
  if (!image) throw new AppError('NOT_FOUND', 'Image not found.', { image_id: 'Image not found' });
  if (image.category !== 'SOCIAL_MEDIA') {
    throw new AppError('BAD_USER_INPUT', 'Choose an image of the SOCIAL_MEDIA category.', {
      image_id: 'Choose a social media image',
    });
  }
}

const notFound = () => new AppError('NOT_FOUND', 'Footer social media not found.');

/** A country's footer icons; none for an unknown country, or a disabled one (except to staff). */
export async function getFooterSocialMedia(db: Kysely<DB>, countryId: number, viewer: Actor | undefined) {
  if (!(await isCountryVisible(db, countryId, viewer))) return [];
  return withImages(db, await repository.listByCountry(db, countryId));
}

export async function addFooterSocialMedia(db: Kysely<DB>, input: AddFooterSocialMediaInput) {
  await assertCountryExists(db, input.country_id);
  await assertSocialMediaImage(db, input.image_id);
  return withImage(db, await repository.insert(db, input));
}

export async function updateFooterSocialMedia(
  db: Kysely<DB>,
  input: UpdateFooterSocialMediaInput,
  actor: Actor | undefined,
) {
  const existing = await repository.findById(db, input.id);
  if (!existing) throw notFound();
  if (actor) assertCountryAccess(actor, [existing.country_id]);
  const { id, ...changes } = input;
  if (changes.image_id !== undefined) await assertSocialMediaImage(db, changes.image_id);
  return withImage(db, await repository.update(db, id, changes));
}

/** Removes an icon from the footer; the image stays in the library. */
export async function deleteFooterSocialMedia(db: Kysely<DB>, { id }: { id: number }, actor: Actor | undefined) {
  const existing = await repository.findById(db, id);
  if (!existing) throw notFound();
  if (actor) assertCountryAccess(actor, [existing.country_id]);
  if (!(await repository.remove(db, id))) throw notFound();
  return deleteResult('DELETED_FOOTER_SOCIAL_MEDIA');
}
