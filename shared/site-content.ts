/**
 * What the public site reads: one shape per page, built on the server in one round of queries (server/src/site/)
 * and rendered by client/src/public/. Only what a visitor sees; nothing staff-only.
 */

import type { BranchClosure, OpeningHours } from './opening-hours.js';

/** An image as the public site shows it: the stored original, its size (for width/height and srcset) and its text. */
export interface SiteImage {
  /** `/media/<sha256>.<ext>` (shared/media.ts); resized variants are `?w=<width>` of it. */
  url: string;
  /** Pixel size of the original; null for images whose size is unknown (e.g. SVG flags). */
  width: number | null;
  height: number | null;
  /** Text alternative; empty for decorative images. */
  alt: string;
}

export interface SiteBanner {
  id: number;
  title: string;
  description: string;
  button_name: string | null;
  button_url: string | null;
  image: SiteImage;
}

/** The editable text of a public page (seeded for every page; staff edit it later). */
export interface SitePageContent {
  /** The page's main heading (h1). */
  heading: string;
  /** One or two sentences: the intro under the heading and the meta description. */
  summary: string;
  /**
   * The body as plain text: paragraphs separated by a blank line; a line starting with "## " is a subheading and
   * lines starting with "- " form a list. Shown as text, never as HTML.
   */
  body: string;
}

/** Any public page: the page row, whether it is enabled for the country, its banners and its text. */
/** A question of a page's FAQ and its answer, plain text (blank lines separate the answer's paragraphs). */
export interface SiteFaq {
  question: string;
  answer: string;
}

export interface SitePage {
  page: { id: number; name: string };
  banners: SiteBanner[];
  content: SitePageContent;
  faqs: SiteFaq[];
  /** What search engines are told (null: the heading and the summary), and whether they should leave the page out. */
  search: { title: string | null; description: string | null; noindex: boolean };
  /**
   * Only through a preview link: whether it shows the page text's draft or, having none, its published text; or, for
   * a banner's link, the banner's draft or the banner as it is.
   */
  preview?: 'DRAFT' | 'PUBLISHED' | 'BANNER_DRAFT' | 'BANNER_PUBLISHED';
}

export interface SiteVideo {
  id: number;
  name: string;
  /** The stored URL (YouTube/Vimeo embed or watch URL). */
  url: string;
}

export interface SiteService {
  id: number;
  title: string;
  description: string;
  image: SiteImage;
  /** The public page the card leads to, or null. */
  link: string | null;
}

export interface SiteTestimonial {
  id: number;
  name: string;
  relation: string;
  /** 1 to 5. */
  rating: number;
  testimonial: string;
  image: SiteImage;
}

/** What a team member's card shows, on the public team page and in the staff list alike. */
export interface TeamMemberCard {
  id: number;
  name: string;
  position: string;
  description: string;
  email: string | null;
  whatsapp: string | null;
}

export interface SiteTeamMember extends TeamMemberCard {
  image: SiteImage;
  /** Registrations held for this country (e.g. MARN 0000001). */
  certifications: { certificate_name: string; certificate_code: string }[];
}

export interface SitePopup {
  id: number;
  image: SiteImage;
  link: string | null;
}

/** The home page (spec §2 "/"): everything below the banners, for one country. */
export interface SiteHome extends SitePage {
  aboutUs: { description: string; video: SiteVideo | null } | null;
  services: SiteService[];
  testimonials: SiteTestimonial[];
  team: SiteTeamMember[];
  /** The first few gallery pictures, linking to /gallery. */
  galleryTeaser: (SiteImage & { id: number })[];
  /** The country's enabled popup, if any (shown once per visit). */
  popup: SitePopup | null;
  /** The names of the country's branches (the trust figures: where visitors can meet a counsellor). */
  offices: string[];
}

export interface SiteBranch {
  id: number;
  name: string;
  email: string;
  phone_number: string;
  address: string;
  google_map_link: string | null;
  /** International, as staff wrote it (+61 491 570 156); Contact Us links it to a WhatsApp chat. */
  whatsapp_number: string | null;
  /** On the branch's clock; null: not given. */
  opening_hours: OpeningHours | null;
  /** Its clock (an IANA time zone: its own, else its country's), by which its door says "Open now"; null: not given. */
  time_zone: string | null;
  /** Days it is closed besides its week, not over yet, soonest first (decision 052). */
  closures: BranchClosure[];
  /** Its country's name where the site lists other countries' branches (Global); null on the country's own site. */
  country: string | null;
}

/** A gallery picture: an image with its id (the key of lists and of the lightbox). */
export type SiteGalleryImage = SiteImage & { id: number };

/**
 * A page of a public cursor list (the gallery's pictures and videos), newest first. `endCursor` is the `after` of
 * the next page; the cursors are those of the API's media.imagesFromGallery / media.videosFromGallery.
 */
export interface SiteList<T> {
  items: T[];
  endCursor: string | null;
  hasNextPage: boolean;
}
