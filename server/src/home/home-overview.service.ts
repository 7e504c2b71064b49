import type { Kysely } from 'kysely';
import type { SiteImage } from '../../../shared/site-content.js';
import { listableCountries } from '../auth/authenticate.js';
import type { Actor } from '../auth/staff-identity.js';
import type { DB } from '../db/schema.js';
import { AppError } from '../errors.js';
import * as site from '../site/site-content.repository.js';
import { pictureAlt, siteImage } from '../site/site-content.service.js';
import * as repository from './home-overview.repository.js';

/** How many testimonials and gallery pictures the overview shows (the counts say how many there are). */
export const OVERVIEW_PICTURES = 6;
/** How many gallery videos the overview shows. */
export const OVERVIEW_VIDEOS = 4;

interface Listed<T> {
  /** How many there are in all; `items` may show fewer. */
  count: number;
  items: T[];
}

/** A country's home page at a glance, as staff see it (whether or not the country is live). */
export interface HomeOverview {
  country: { id: number; name: string; is_live: boolean };
  /** Whether the Home page is switched on for the country (Pages screen): without it, its site has no home page. */
  homePageEnabled: boolean;
  aboutUs: { description: string; video: { id: number; video_name: string; video_url: string } } | null;
  services: Listed<{ id: number; title: string; image: SiteImage }>;
  testimonials: Listed<{ id: number; name: string; relation: string; rating: number; image: SiteImage }>;
  pictures: Listed<{ id: number; image: SiteImage }>;
  videos: Listed<{ id: number; video_name: string; video_url: string }>;
  /** The banners of the Home page (shared by every country showing it). */
  banners: Listed<{ id: number; title: string; image: SiteImage }>;
  /** The popups linked to the country; `shown` is the one visitors get (its newest switched on). */
  popups: { count: number; shown: { id: number; link: string | null; image: SiteImage } | null };
}

/**
 * Everything a country's home page shows, for the staff overview: one call instead of one per section. An ADMIN
 * sees every country, an EDITOR only theirs (the same rule as the staff lists).
 */
export async function getHomeOverview(db: Kysely<DB>, countryId: number, actor: Actor): Promise<HomeOverview> {
  listableCountries(actor, countryId);
  const country = await repository.findCountry(db, countryId);
  if (!country) throw new AppError('NOT_FOUND', 'Country not found.');
  const homePage = await repository.homePageOf(db, countryId);
  const [aboutUs, services, testimonials, pictures, videos, banners, popup, counts] = await Promise.all([
    site.aboutUsOfCountry(db, countryId),
    site.servicesOfCountry(db, countryId),
    site.testimonialsOfCountry(db, countryId),
    site.galleryImagesOfCountry(db, countryId, { first: OVERVIEW_PICTURES }),
    site.galleryVideosOfCountry(db, countryId, { first: OVERVIEW_VIDEOS }),
    homePage ? site.bannersOfPage(db, homePage.id, countryId) : Promise.resolve([]),
    site.enabledPopupOfCountry(db, countryId),
    repository.countsOf(db, countryId),
  ]);
  return {
    country: { id: country.id, name: country.name, is_live: country.is_enabled === 'ENABLE' },
    homePageEnabled: homePage?.enabled === true,
    aboutUs: aboutUs
      ? {
          description: aboutUs.description,
          video: { id: aboutUs.video_id, video_name: aboutUs.video_name, video_url: aboutUs.video_url },
        }
      : null,
    services: {
      count: services.length,
      items: services.map((row) => ({ id: row.id, title: row.title, image: siteImage(row, '') })),
    },
    testimonials: {
      count: testimonials.length,
      items: testimonials.slice(0, OVERVIEW_PICTURES).map((row) => ({
        id: row.id,
        name: row.name,
        relation: row.relation,
        rating: row.rating,
        image: siteImage(row, ''),
      })),
    },
    pictures: {
      count: counts.pictures,
      items: pictures.edges.map(({ node }) => ({
        id: node.id,
        image: siteImage(node, pictureAlt(node)),
      })),
    },
    videos: {
      count: counts.videos,
      items: videos.edges.map(({ node }) => ({ id: node.id, video_name: node.video_name, video_url: node.video_url })),
    },
    banners: {
      count: banners.length,
      items: banners.map((row) => ({ id: row.id, title: row.title, image: siteImage(row, '') })),
    },
    popups: {
      count: counts.popups,
      shown: popup ? { id: popup.id, link: popup.link, image: siteImage(popup, pictureAlt(popup)) } : null,
    },
  };
}
