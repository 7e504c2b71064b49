import { sql, type Kysely } from 'kysely';
import { sitePageOf } from '../../../shared/site-pages.js';
import type { DB } from '../db/schema.js';

/*
 * What the staff overview of a country's home page needs beyond the public site's reads (site-content.repository):
 * the country whatever its status, whether its Home page is switched on, and how many items each list holds.
 */

export function findCountry(db: Kysely<DB>, countryId: number) {
  return db.selectFrom('countries').select(['id', 'name', 'is_enabled']).where('id', '=', countryId).executeTakeFirst();
}

/** The Home page row and whether it is enabled for the country (its site answers "/" only then). */
export async function homePageOf(db: Kysely<DB>, countryId: number) {
  const { name } = sitePageOf('/');
  return db
    .selectFrom('pages')
    .leftJoin('country_pages', (join) =>
      join.onRef('country_pages.page_id', '=', 'pages.id').on('country_pages.country_id', '=', countryId),
    )
    .select(['pages.id', sql<boolean>`country_pages.page_id is not null`.as('enabled')])
    .where(sql<boolean>`lower(pages.name) = lower(${name})`)
    .executeTakeFirst();
}

/** How many gallery pictures, gallery videos and popups the country has, in one round trip. */
export async function countsOf(db: Kysely<DB>, countryId: number) {
  const { rows } = await sql<{ pictures: number; videos: number; popups: number }>`select
    (select count(*)::int from country_gallery_images
       join images on images.id = country_gallery_images.image_id
      where country_gallery_images.country_id = ${countryId} and images.category = 'GALLERY_IMAGES') as pictures,
    (select count(*)::int from country_gallery_videos
       join videos on videos.id = country_gallery_videos.video_id
      where country_gallery_videos.country_id = ${countryId} and videos.category = 'GALLERY_VIDEOS') as videos,
    (select count(*)::int from popup_countries where popup_countries.country_id = ${countryId}) as popups`.execute(db);
  return rows[0]!;
}
