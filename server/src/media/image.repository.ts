import { sql, type Kysely } from 'kysely';
import type { ImageCategory } from '../../../shared/enums.js';
import { mediaUrl } from '../../../shared/media.js';
import type { CursorArgs } from '../../../shared/pagination.schema.js';
import type { MediaOwnership } from '../content/item-access.js';
import { countryLink, listOf } from '../db/links.js';
import { connectionOf, type Connection } from '../db/pagination.js';
import { mediaListConditions, type MediaListFilter } from './media-list.js';
import type { DB } from '../db/schema.js';
import { deleteBlobIfUnused } from './media.repository.js';

/** An image as the API shows it (spec §3 "Image"). */
export interface Image {
  id: number;
  image_name: string;
  image_url: string;
  category: ImageCategory;
  created_at: string;
  updated_at: string;
  /** What the public site says of it; not reviewed: still the starting value from its file name. */
  alt_text: string;
  alt_text_reviewed: boolean;
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
      'images.alt_text',
      'images.alt_text_reviewed',
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

/** Country galleries of images (spec §7 addImagesToGallery). */
export const GALLERY_IMAGES = countryLink('country_gallery_images', 'image_id');

/** The countries an image was uploaded for (the uploading EDITOR's). */
export const IMAGE_COUNTRIES = countryLink('image_countries', 'image_id');

/** Who may change or delete a library image: the countries it was uploaded for and the galleries showing it. */
export const IMAGE_OWNERSHIP: MediaOwnership = { addedFor: IMAGE_COUNTRIES, shownBy: [GALLERY_IMAGES] };

/** The tables whose rows use an image; an image any of them uses is never deleted (LINKED_WITH_OTHER_ENTITIES). */
export const IMAGE_USERS = [
  'banners',
  'home_services',
  'testimonials',
  'team_members',
  'popups',
  'footer_social_media',
] as const;
export type ImageUser = (typeof IMAGE_USERS)[number];

function usedBy(table: ImageUser) {
  return sql<boolean>`exists (select 1 from ${sql.table(table)} where ${sql.ref(`${table}.image_id`)} = images.id)`;
}

/** `Image.isDeletable` as a column: a plain deleteImage would succeed (unused, in at most one gallery). */
const imageIsDeletable = sql<boolean>`not (${sql.join(IMAGE_USERS.map(usedBy), sql` or `)})
  and (select count(*) from country_gallery_images where country_gallery_images.image_id = images.id) <= 1`;

/** An image as lists show it: with `isDeletable`, computed in the list's own query. */
export type ListedImage = Image & { isDeletable: boolean };

export function selectListedImages(db: Kysely<DB>) {
  return selectImages(db).select(imageIsDeletable.as('isDeletable'));
}

type ListedImageRow = Awaited<ReturnType<ReturnType<typeof selectListedImages>['execute']>>[number];

export function toListedImage({ isDeletable, ...row }: ListedImageRow): ListedImage {
  return { ...toImage(row), isDeletable };
}

export interface ImageListFilter extends MediaListFilter {
  category?: ImageCategory;
  /** Only images no row of this table uses. */
  unusedBy?: ImageUser;
}

/** A cursor page of images, newest first, with `isDeletable`: one query. */
export async function listImages(
  db: Kysely<DB>,
  filter: ImageListFilter,
  cursor: CursorArgs,
): Promise<Connection<ListedImage>> {
  let query = selectListedImages(db);
  if (filter.category) query = query.where('images.category', '=', filter.category);
  for (const condition of mediaListConditions(GALLERY_IMAGES, { id: 'images.id', name: 'images.image_name' }, filter)) {
    query = query.where(condition);
  }
  if (filter.unusedBy) query = query.where(sql<boolean>`not ${usedBy(filter.unusedBy)}`);
  const page = await connectionOf(query, 'images.id', cursor);
  return { ...page, edges: page.edges.map(({ cursor, node }) => ({ cursor, node: toListedImage(node) })) };
}

/** Listed images by id, in the order asked. */
export async function listedImagesByIds(db: Kysely<DB>, ids: readonly number[]): Promise<ListedImage[]> {
  if (ids.length === 0) return [];
  const rows = await selectListedImages(db)
    .where('images.id', 'in', [...ids])
    .execute();
  const byId = new Map(rows.map((row) => [row.id, toListedImage(row)]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/** `isDeletable` of many images in one query (for images attached to other entities). */
export async function imageDeletability(db: Kysely<DB>, ids: readonly number[]): Promise<Map<number, boolean>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('images')
    .select(['images.id', imageIsDeletable.as('isDeletable')])
    .where('images.id', 'in', [...ids])
    .execute();
  return new Map(rows.map((row) => [row.id, row.isDeletable]));
}

export function insertImage(
  db: Kysely<DB>,
  values: {
    image_name: string;
    category: ImageCategory;
    blob_sha256: string;
    uploaded_by: number | null;
    alt_text: string;
    alt_text_reviewed: boolean;
  },
) {
  return db.insertInto('images').values(values).returning('id').executeTakeFirstOrThrow();
}

/** Sets an image's alternative text as staff wrote or confirmed it. */
export async function updateAltText(db: Kysely<DB>, id: number, alt_text: string): Promise<void> {
  await db
    .updateTable('images')
    .set({ alt_text, alt_text_reviewed: true, updated_at: sql`now()` })
    .where('id', '=', id)
    .execute();
}

/** How many images still have alternative text no staff member has written or confirmed. */
export async function countUnreviewedAltTexts(db: Kysely<DB>): Promise<number> {
  const row = await db
    .selectFrom('images')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .where('alt_text_reviewed', '=', false)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** The categories of the given images (missing ids are absent). */
export function imageCategories(db: Kysely<DB>, ids: readonly number[]) {
  return db
    .selectFrom('images')
    .select(['id', 'category'])
    .where('id', 'in', [...ids])
    .execute();
}

/**
 * Locks an image for deletion: a row that would start using it waits until the delete is decided, so the
 * "is it used?" answer stays true until the transaction ends.
 */
export function lockImage(db: Kysely<DB>, id: number) {
  return db.selectFrom('images').select(['id', 'blob_sha256']).where('id', '=', id).forUpdate().executeTakeFirst();
}

/** How each user of an image is named to staff, so a refused delete can say what uses it. */
const IMAGE_USER_LABELS: Record<ImageUser, { kind: string; kinds: string; name: string }> = {
  banners: { kind: 'the banner', kinds: 'the banners', name: 'title' },
  home_services: { kind: 'the service', kinds: 'the services', name: 'title' },
  testimonials: { kind: 'the testimonial of', kinds: 'the testimonials of', name: 'name' },
  team_members: { kind: 'the team member', kinds: 'the team members', name: 'name' },
  popups: { kind: 'the popup linking to', kinds: 'the popups linking to', name: 'link' },
  footer_social_media: { kind: 'the social media link', kinds: 'the social media links', name: 'social_media_link' },
};

/**
 * What uses an image, one entry per kind of item, each name once (a service on four country sites is one service):
 * e.g. `the banner "Study in Australia"`, `the services "Study Abroad" and "Visas"`; empty when nothing uses it.
 */
export async function imageUsers(db: Kysely<DB>, id: number): Promise<string[]> {
  const queries = IMAGE_USERS.map(
    (table) =>
      sql<{ kind: string; name: string }>`select ${IMAGE_USER_LABELS[table].kind} as kind,
        ${sql.ref(`${table}.${IMAGE_USER_LABELS[table].name}`)}::text as name
        from ${sql.table(table)} where ${sql.ref(`${table}.image_id`)} = ${id}`,
  );
  const { rows } = await sql<{ kind: string; name: string }>`${sql.join(queries, sql` union all `)}`.execute(db);
  return IMAGE_USERS.flatMap((table) => {
    const { kind, kinds } = IMAGE_USER_LABELS[table];
    const names = [...new Set(rows.filter((row) => row.kind === kind).map((row) => `"${row.name}"`))];
    if (names.length === 0) return [];
    return [`${names.length === 1 ? kind : kinds} ${listOf(names)}`];
  });
}

/** Deletes an image (its gallery links go with it), then its bytes when nothing else uses them. */
export async function deleteImageAndUnusedBlob(db: Kysely<DB>, id: number): Promise<boolean> {
  const deleted = await db.deleteFrom('images').where('id', '=', id).returning('blob_sha256').executeTakeFirst();
  if (!deleted) return false;
  await deleteBlobIfUnused(db, deleted.blob_sha256);
  return true;
}
