import type { Kysely } from 'kysely';
import { mediaUrl } from '../../../shared/media.js';
import { PREVIEW_EXPIRED } from '../../../shared/post-address.js';
import type { CursorArgs } from '../../../shared/pagination.schema.js';
import type {
  SiteBranch,
  SiteGalleryImage,
  SiteHome,
  SiteImage,
  SiteList,
  SitePage,
  SiteTeamMember,
  SiteVideo,
} from '../../../shared/site-content.js';
import { isSitePath, sitePageOf } from '../../../shared/site-pages.js';
import { isEnabledCountry } from '../content/content-refs.js';
import type { DB } from '../db/schema.js';
import { AppError } from '../errors.js';
import { faqsOfPage } from '../page/page-content.repository.js';
import { pageTextDraftOf } from '../page/page-content.service.js';
import { findDraft } from '../drafts/drafts.js';
import type { UpdateBannerInput } from '../../../shared/banner.schema.js';
import type { PreviewLinks } from '../post/post-preview.js';
import { listByCountry as closuresOfCountry } from '../branch-closure/branch-closure.repository.js';
import * as repository from './site-content.repository.js';

/** How many gallery pictures the home page shows before linking to /gallery. */
export const GALLERY_TEASER_SIZE = 6;

/** An image as the public site shows it, from the `BLOB_COLUMNS` of a query. */
export function siteImage(row: repository.BlobColumns, alt: string): SiteImage {
  return {
    url: mediaUrl(row.blob_sha256, row.blob_content_type),
    width: row.blob_width,
    height: row.blob_height,
    alt,
  };
}

/**
 * A text alternative from an uploaded file's name ("graduation-day.jpg" → "graduation day"), or none (decorative)
 * when the name says nothing, like a camera's "IMG_1234.jpg" or a seeded "gallery-3.webp".
 */
export function altFromFileName(fileName: string): string {
  const words = fileName
    .replace(/\.[a-z0-9]{2,5}$/i, '')
    .replace(/[_\-.+]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  const meaningless =
    /^(img|image|dsc|dscn|dcim|pxl|photo|picture|pic|screenshot|gallery|untitled|whatsapp image)?[\s\d]*$/i;
  return meaningless.test(words) ? '' : words;
}

/**
 * What the site says of a picture whose meaning is its own (a gallery picture, a popup): the alternative text staff
 * wrote or checked; until then, as before it existed, its file name's words, or nothing for a name that says nothing.
 */
export function pictureAlt(picture: { image_name: string; alt_text: string; alt_text_reviewed: boolean }): string {
  return picture.alt_text_reviewed ? picture.alt_text : altFromFileName(picture.image_name);
}

async function requireEnabledCountry(db: Kysely<DB>, countryId: number): Promise<void> {
  if (!(await isEnabledCountry(db, countryId))) throw new AppError('NOT_FOUND', 'Country site not found.');
}

/**
 * A public page of a country site: its banners and text. NOT_FOUND for a path that is no public page, a page not
 * enabled for the country, or a country that is not enabled (one query decides all three).
 */
export async function getSitePage(
  db: Kysely<DB>,
  countryId: number,
  path: string,
  preview?: PagePreview,
): Promise<SitePage> {
  if (!isSitePath(path)) throw new AppError('NOT_FOUND', 'Page not found.');
  const page = await repository.findEnabledPageWithContent(db, countryId, sitePageOf(path).name);
  if (!page) throw new AppError('NOT_FOUND', 'Page not found.');
  const shown = preview ? preview.previews.onPageOf(preview.token) : null;
  // A link for another page's text (or another country's) is no link for this one.
  if (shown?.of === 'page' && shown.id !== page.id) throw new AppError('NOT_FOUND', PREVIEW_EXPIRED);
  if (shown?.of === 'country page' && shown.id !== page.own_id) throw new AppError('NOT_FOUND', PREVIEW_EXPIRED);
  const showsOwn = page.own_id !== null && shown?.of !== 'page';
  const [listed, sharedFaqs, draft, banner] = await Promise.all([
    repository.bannersOfPage(db, page.id, countryId),
    showsOwn ? [] : faqsOfPage(db, page.id),
    shown?.of === 'page' ? pageTextDraftOf(db, { pageId: page.id }) : null,
    shown?.of === 'country page' ? pageTextDraftOf(db, { countryTextId: shown.id }) : null,
    shown?.of === 'banner' ? previewedBanner(db, shown.id) : null,
  ]).then(([banners, faqs, shared, own, banner]) => [banners, faqs, shared ?? own, banner] as const);
  // A banner's preview shows it first on the page, as its draft makes it, in whichever country.
  const banners = banner ? [banner.row, ...listed.filter((row) => row.id !== banner.row.id)] : listed;
  // The country's own text, else the shared one: a shared text's preview shows the shared draft on any site.
  const published = showsOwn
    ? {
        heading: page.own_heading!,
        summary: page.own_summary!,
        body: page.own_body!,
        faqs: page.own_faqs!,
        search_title: page.own_search_title,
        search_description: page.own_search_description,
        noindex: page.own_noindex ?? false,
      }
    : {
        heading: page.heading ?? page.name,
        summary: page.summary ?? '',
        body: page.body ?? '',
        faqs: sharedFaqs,
        search_title: page.search_title,
        search_description: page.search_description,
        noindex: page.noindex ?? false,
      };
  const shownText = { ...published, ...draft };
  const previewState = banner ? (banner.drafted ? 'BANNER_DRAFT' : 'BANNER_PUBLISHED') : draft ? 'DRAFT' : 'PUBLISHED';
  return {
    page: { id: page.id, name: page.name },
    banners: banners.map((banner) => ({
      id: banner.id,
      title: banner.title,
      description: banner.description,
      button_name: banner.button_name,
      button_url: banner.button_url,
      image: siteImage(banner, banner.title),
    })),
    // A page staff have not written yet still has a heading.
    content: { heading: shownText.heading, summary: shownText.summary, body: shownText.body },
    faqs: shownText.faqs,
    search: {
      title: shownText.search_title ?? null,
      description: shownText.search_description ?? null,
      noindex: shownText.noindex ?? false,
    },
    ...(preview ? { preview: previewState } : {}),
  };
}

/** The banner a preview link names, as its draft (if any) makes it; NOT_FOUND once it is deleted. */
async function previewedBanner(db: Kysely<DB>, id: number) {
  const [row, draft] = await Promise.all([
    repository.bannerById(db, id),
    findDraft<Omit<UpdateBannerInput, 'id'>>(db, 'banner', id),
  ]);
  if (!row) throw new AppError('NOT_FOUND', PREVIEW_EXPIRED);
  if (!draft) return { row, drafted: false };
  // Where it shows (pages, countries) is the link's to decide; the draft's words and picture are what it shows.
  const { image_id, page_ids: _pages, only_country_ids: _countries, ...words } = draft.values;
  const picture = image_id === undefined ? undefined : await repository.imageBlob(db, image_id);
  return { row: { ...row, ...words, ...picture }, drafted: true };
}

/** A page text's preview link's token (`?preview=`), to check and show the draft it names. */
export interface PagePreview {
  token: string;
  previews: PreviewLinks;
}

async function teamOfCountry(db: Kysely<DB>, countryId: number): Promise<SiteTeamMember[]> {
  const members = await repository.teamOfCountry(db, countryId);
  const certifications = await repository.certificationsInCountry(
    db,
    members.map((member) => member.id),
    countryId,
  );
  const byMember = new Map<number, SiteTeamMember['certifications']>();
  for (const { team_member_id, certificate_name, certificate_code } of certifications) {
    byMember.set(team_member_id, [...(byMember.get(team_member_id) ?? []), { certificate_name, certificate_code }]);
  }
  return members.map((member) => ({
    id: member.id,
    name: member.name,
    position: member.position,
    description: member.description,
    email: member.email,
    whatsapp: member.whatsapp,
    image: siteImage(member, member.name),
    certifications: byMember.get(member.id) ?? [],
  }));
}

async function galleryImages(
  db: Kysely<DB>,
  countryId: number,
  cursor: CursorArgs,
): Promise<SiteList<SiteGalleryImage>> {
  const page = await repository.galleryImagesOfCountry(db, countryId, cursor);
  return {
    items: page.edges.map(({ node }) => ({ id: node.id, ...siteImage(node, pictureAlt(node)) })),
    ...page.pageInfo,
  };
}

/** The home page of a country site: the '/' page and everything below its banners, for that country only. */
export async function getSiteHome(db: Kysely<DB>, countryId: number, preview?: PagePreview): Promise<SiteHome> {
  const [page, aboutUs, services, testimonials, team, gallery, popup, branches] = await Promise.all([
    getSitePage(db, countryId, '/', preview),
    repository.aboutUsOfCountry(db, countryId),
    repository.servicesOfCountry(db, countryId),
    repository.testimonialsOfCountry(db, countryId),
    teamOfCountry(db, countryId),
    galleryImages(db, countryId, { first: GALLERY_TEASER_SIZE }),
    repository.enabledPopupOfCountry(db, countryId),
    repository.branchesOfCountry(db, countryId),
  ]);
  return {
    ...page,
    aboutUs: aboutUs
      ? {
          description: aboutUs.description,
          video: { id: aboutUs.video_id, name: aboutUs.video_name, url: aboutUs.video_url },
        }
      : null,
    services: services.map((service) => ({
      id: service.id,
      title: service.title,
      description: service.description,
      image: siteImage(service, service.title),
      link: service.link,
    })),
    testimonials: testimonials.map((testimonial) => ({
      id: testimonial.id,
      name: testimonial.name,
      relation: testimonial.relation,
      rating: testimonial.rating,
      testimonial: testimonial.testimonial,
      image: siteImage(testimonial, testimonial.name),
    })),
    team,
    galleryTeaser: gallery.items,
    // The popup's picture is its message (an offer, an event): the link around it is named by it.
    popup: popup ? { id: popup.id, link: popup.link, image: siteImage(popup, pictureAlt(popup)) } : null,
    offices: branches.map((branch) => branch.name),
  };
}

/** The team of a country site (the About Us page), with each member's registrations for that country. */
export async function getSiteTeam(db: Kysely<DB>, countryId: number): Promise<SiteTeamMember[]> {
  await requireEnabledCountry(db, countryId);
  return teamOfCountry(db, countryId);
}

/** The most closures a branch of a site tells (the soonest): a year of public holidays. */
const SITE_CLOSURES_MAX = 16;

/**
 * The branches of a country site (Contact Us, the booking and enquiry forms), by name, each with its closures not
 * over yet. A site without branches of its own (Global) offers every enabled country's, each named with its country
 * and with that country's closures, so its visitors can still reach one.
 */
export async function getSiteBranches(db: Kysely<DB>, countryId: number): Promise<SiteBranch[]> {
  await requireEnabledCountry(db, countryId);
  const [own, ownClosures] = await Promise.all([
    repository.branchesOfCountry(db, countryId),
    closuresOfCountry(db, countryId, { upcoming: true }),
  ]);
  if (own.length > 0) return own.map((branch) => siteBranch(branch, ownClosures, false));
  const every = await repository.branchesOfEnabledCountries(db);
  const countryIds = [...new Set(every.map((branch) => branch.country_id))];
  const closures = await Promise.all(countryIds.map((id) => closuresOfCountry(db, id, { upcoming: true })));
  return every.map((branch) => siteBranch(branch, closures.flat(), true));
}

/** A branch as a site lists it, with the closures of its country that close it (its own, or every branch's). */
function siteBranch(
  { country_id, country_name, ...branch }: Awaited<ReturnType<typeof repository.branchesOfCountry>>[number],
  closures: Awaited<ReturnType<typeof closuresOfCountry>>,
  named: boolean,
): SiteBranch {
  return {
    ...branch,
    country: named ? country_name : null,
    closures: closures
      .filter((closure) => closure.country_id === country_id && (closure.branch_id ?? branch.id) === branch.id)
      .slice(0, SITE_CLOSURES_MAX)
      .map(({ name, first_day, last_day }) => ({ name, first_day, last_day })),
  };
}

/** A page of a country's gallery pictures, newest first; cursors are those of media.imagesFromGallery. */
export async function getSiteGalleryImages(
  db: Kysely<DB>,
  args: { countryId: number } & CursorArgs,
): Promise<SiteList<SiteGalleryImage>> {
  await requireEnabledCountry(db, args.countryId);
  return galleryImages(db, args.countryId, args);
}

/** A page of a country's gallery videos, newest first; cursors are those of media.videosFromGallery. */
export async function getSiteGalleryVideos(
  db: Kysely<DB>,
  args: { countryId: number } & CursorArgs,
): Promise<SiteList<SiteVideo>> {
  await requireEnabledCountry(db, args.countryId);
  const page = await repository.galleryVideosOfCountry(db, args.countryId, args);
  return {
    items: page.edges.map(({ node }) => ({ id: node.id, name: node.video_name, url: node.video_url })),
    ...page.pageInfo,
  };
}
