import { sql, type Kysely, type SelectQueryBuilder } from 'kysely';
import type { CursorArgs } from '../../../shared/pagination.schema.js';
import { bannerShownIn } from '../banner/banner.repository.js';
import { connectionOf } from '../db/pagination.js';
import type { DB } from '../db/schema.js';
import { MEMBER_CARD_COLUMNS } from '../team/team.repository.js';

/*
 * The public site's reads: only what a visitor sees, each list in one query (joined with the image bytes' size and
 * type), never a query per row. Callers check first that the country is enabled.
 */

/** The stored bytes behind an image, for its URL and size (`siteImage` turns them into a SiteImage). */
export const BLOB_COLUMNS = [
  'media_blobs.sha256 as blob_sha256',
  'media_blobs.content_type as blob_content_type',
  'media_blobs.width as blob_width',
  'media_blobs.height as blob_height',
] as const;

/** What a library picture says of itself: its alternative text, once staff wrote or checked it, else its name. */
export const PICTURE_TEXT_COLUMNS = ['images.image_name', 'images.alt_text', 'images.alt_text_reviewed'] as const;

export interface BlobColumns {
  blob_sha256: string;
  blob_content_type: string;
  blob_width: number | null;
  blob_height: number | null;
}

/** The content kinds that show a picture from the library. */
type Pictured = 'banners' | 'home_services' | 'testimonials' | 'team_members' | 'popups';

const picturedItems = (db: Kysely<DB>, kind: Pictured) =>
  db
    .selectFrom(kind)
    .innerJoin('images', 'images.id', `${kind}.image_id`)
    .innerJoin('media_blobs', 'media_blobs.sha256', 'images.blob_sha256');

/** Items of a kind that shows a picture, joined with the picture's stored bytes (to select BLOB_COLUMNS from). */
function withPicture<Kind extends Pictured>(db: Kysely<DB>, kind: Kind) {
  // Built over every picture-showing kind (one join for all), then narrowed back to the one asked for.
  return picturedItems(db, kind) as unknown as SelectQueryBuilder<DB, Kind | 'images' | 'media_blobs', object>;
}

/**
 * A page of a country site with its shared text (null columns when it has none yet) and the country's own (`own_`
 * columns, null when it has none), only when the page is enabled for the
 * country and the country is enabled.
 */
export function findEnabledPageWithContent(db: Kysely<DB>, countryId: number, pageName: string) {
  return (
    db
      .selectFrom('pages')
      .innerJoin('country_pages', 'country_pages.page_id', 'pages.id')
      .innerJoin('countries', 'countries.id', 'country_pages.country_id')
      .leftJoin('page_contents', 'page_contents.page_id', 'pages.id')
      // The country's own text of the page, when it has one (decision 067).
      .leftJoin('country_page_texts as own', (join) =>
        join.onRef('own.page_id', '=', 'pages.id').on('own.country_id', '=', countryId),
      )
      .select([
        'pages.id',
        'pages.name',
        'page_contents.heading',
        'page_contents.summary',
        'page_contents.body',
        'page_contents.search_title',
        'page_contents.search_description',
        'page_contents.noindex',
        'own.id as own_id',
        'own.heading as own_heading',
        'own.summary as own_summary',
        'own.body as own_body',
        'own.faqs as own_faqs',
        'own.search_title as own_search_title',
        'own.search_description as own_search_description',
        'own.noindex as own_noindex',
      ])
      .where('country_pages.country_id', '=', countryId)
      .where('countries.is_enabled', '=', 'ENABLE')
      .where(sql<boolean>`lower(pages.name) = lower(${pageName})`)
      .executeTakeFirst()
  );
}

/** Banners as the site shows them, with their pictures' bytes. */
function siteBanners(db: Kysely<DB>) {
  return withPicture(db, 'banners').select([
    'banners.id',
    'banners.title',
    'banners.description',
    'banners.button_name',
    'banners.button_url',
    ...BLOB_COLUMNS,
  ]);
}

/** The banners a country's site shows on a page (those kept to other countries left out), in the order they were added. */
export function bannersOfPage(db: Kysely<DB>, pageId: number, countryId: number) {
  return siteBanners(db)
    .innerJoin('banner_pages', 'banner_pages.banner_id', 'banners.id')
    .where('banner_pages.page_id', '=', pageId)
    .where(bannerShownIn('banners.id', countryId))
    .orderBy('banners.id')
    .execute();
}

/** One banner wherever it is shown (a preview link's). */
export function bannerById(db: Kysely<DB>, id: number) {
  return siteBanners(db).where('banners.id', '=', id).executeTakeFirst();
}

/** A library picture's bytes (a banner draft's new picture). */
export function imageBlob(db: Kysely<DB>, imageId: number) {
  return db
    .selectFrom('images')
    .innerJoin('media_blobs', 'media_blobs.sha256', 'images.blob_sha256')
    .select(BLOB_COLUMNS)
    .where('images.id', '=', imageId)
    .executeTakeFirst();
}

/** A country's about-us text with its video (at most one per country). */
export function aboutUsOfCountry(db: Kysely<DB>, countryId: number) {
  return db
    .selectFrom('home_about_us')
    .innerJoin('videos', 'videos.id', 'home_about_us.video_id')
    .select(['home_about_us.description', 'videos.id as video_id', 'videos.video_name', 'videos.video_url'])
    .where('home_about_us.country_id', '=', countryId)
    .executeTakeFirst();
}

/** A country's home services, in the order they were added. */
export function servicesOfCountry(db: Kysely<DB>, countryId: number) {
  return withPicture(db, 'home_services')
    .select([
      'home_services.id',
      'home_services.title',
      'home_services.description',
      'home_services.link',
      ...BLOB_COLUMNS,
    ])
    .where('home_services.country_id', '=', countryId)
    .orderBy('home_services.id')
    .execute();
}

/** The testimonials linked to a country, in the order they were added (as testimonial.ofCountry). */
export function testimonialsOfCountry(db: Kysely<DB>, countryId: number) {
  return withPicture(db, 'testimonials')
    .innerJoin('testimonial_countries', 'testimonial_countries.testimonial_id', 'testimonials.id')
    .select([
      'testimonials.id',
      'testimonials.name',
      'testimonials.relation',
      'testimonials.rating',
      'testimonials.testimonial',
      ...BLOB_COLUMNS,
    ])
    .where('testimonial_countries.country_id', '=', countryId)
    .orderBy('testimonials.id')
    .execute();
}

/** The team members linked to a country, newest first (as team.getOfCountry). */
export function teamOfCountry(db: Kysely<DB>, countryId: number) {
  return withPicture(db, 'team_members')
    .innerJoin('team_member_countries', 'team_member_countries.team_member_id', 'team_members.id')
    .select([...MEMBER_CARD_COLUMNS, ...BLOB_COLUMNS])
    .where('team_member_countries.country_id', '=', countryId)
    .orderBy('team_members.id', 'desc')
    .execute();
}

/** The certifications the given members hold for one country's certificates (one query for the whole team). */
export function certificationsInCountry(db: Kysely<DB>, memberIds: readonly number[], countryId: number) {
  if (memberIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('team_certifications')
    .innerJoin('country_certificates', 'country_certificates.id', 'team_certifications.country_certificate_id')
    .select([
      'team_certifications.team_member_id',
      'team_certifications.certificate_code',
      'country_certificates.certificate_name',
    ])
    .where('team_certifications.team_member_id', 'in', [...memberIds])
    .where('country_certificates.country_id', '=', countryId)
    .orderBy('country_certificates.certificate_name')
    .orderBy('team_certifications.id')
    .execute();
}

/**
 * A cursor page of a country's gallery pictures: the same rows, order (newest first) and cursors as the API's
 * media.imagesFromGallery, with the picture's size.
 */
export function galleryImagesOfCountry(db: Kysely<DB>, countryId: number, cursor: CursorArgs) {
  const query = db
    .selectFrom('images')
    .innerJoin('country_gallery_images', 'country_gallery_images.image_id', 'images.id')
    .innerJoin('media_blobs', 'media_blobs.sha256', 'images.blob_sha256')
    .select(['images.id', ...PICTURE_TEXT_COLUMNS, ...BLOB_COLUMNS])
    .where('country_gallery_images.country_id', '=', countryId)
    .where('images.category', '=', 'GALLERY_IMAGES');
  return connectionOf(query, 'images.id', cursor);
}

/** A cursor page of a country's gallery videos, as the API's media.videosFromGallery. */
export function galleryVideosOfCountry(db: Kysely<DB>, countryId: number, cursor: CursorArgs) {
  const query = db
    .selectFrom('videos')
    .innerJoin('country_gallery_videos', 'country_gallery_videos.video_id', 'videos.id')
    .select(['videos.id', 'videos.video_name', 'videos.video_url'])
    .where('country_gallery_videos.country_id', '=', countryId)
    .where('videos.category', '=', 'GALLERY_VIDEOS');
  return connectionOf(query, 'videos.id', cursor);
}

/** The country's newest switched-on popup, if any. */
export function enabledPopupOfCountry(db: Kysely<DB>, countryId: number) {
  return withPicture(db, 'popups')
    .innerJoin('popup_countries', 'popup_countries.popup_id', 'popups.id')
    .select(['popups.id', 'popups.link', ...PICTURE_TEXT_COLUMNS, ...BLOB_COLUMNS])
    .where('popup_countries.country_id', '=', countryId)
    .where('popups.option', '=', 'ENABLE')
    .orderBy('popups.id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/** A country's branches by name, each with its clock (its own, else its country's; none: not given). */
export function branchesOfCountry(db: Kysely<DB>, countryId: number) {
  return siteBranches(db)
    .where('branches.country_id', '=', countryId)
    .orderBy(sql`lower(branches.name)`)
    .orderBy('branches.id')
    .execute();
}

/** Every branch of the enabled countries, in the order they were added (the Global site's). */
export function branchesOfEnabledCountries(db: Kysely<DB>) {
  return siteBranches(db).where('countries.is_enabled', '=', 'ENABLE').orderBy('branches.id').execute();
}

function siteBranches(db: Kysely<DB>) {
  return db
    .selectFrom('branches')
    .innerJoin('countries', 'countries.id', 'branches.country_id')
    .select(['branches.id', 'branches.name', 'email', 'phone_number', 'address', 'google_map_link'])
    .select(['whatsapp_number', 'opening_hours', 'branches.country_id', 'countries.name as country_name'])
    .select(sql<string | null>`coalesce(branches.time_zone, countries.time_zone)`.as('time_zone'));
}
