import { PRODUCT_NAME } from '../../../shared/brand.js';
import { countryPath } from '../../../shared/site-address.js';
import type { BranchClosure, OpeningHours } from '../../../shared/opening-hours.js';

/** What a public page tells search engines and link previews about itself. */
export interface PageMeta {
  title: string;
  description: string;
  /** Absolute or site-relative URL of the preview image, if the page has one. */
  image: string | null;
  /** The site-relative address of the country's blog feed, on blog pages (a `rel="alternate"` link). */
  feed?: string;
  /** A blog post: an `article` for link previews and a `BlogPosting` for search engines (JSON-LD). */
  article?: ArticleMeta;
  /** The branches a page lists (Contact Us): one local business each for search engines (JSON-LD). */
  places?: PlaceMeta[];
  /** The address the page's content really has (relative to the page's), when shown at another one (a post's preview). */
  canonical?: string;
  /** False for a page search engines must not list even when it answers 200 (a post's preview). */
  indexable?: boolean;
  /**
   * The country sites showing this page at the same path, for a page served at an address of its own (a post: the
   * countries it is published in); its versions there are named to search engines (hreflang).
   */
  sameOn?: number[];
  /** Where the page sits on its site, from its home to itself (a `BreadcrumbList` for search engines). */
  breadcrumb?: BreadcrumbMeta[];
}

/** One step of a page's breadcrumb: its name and its site-relative address on the page's country site. */
export interface BreadcrumbMeta {
  name: string;
  path: string;
}

export interface ArticleMeta {
  /** ISO-8601 times. */
  publishedTime: string;
  modifiedTime: string;
  author: string | null;
}

/** A branch as search engines' local results show it. */
export interface PlaceMeta {
  /** The branch's own name ("Sydney"); the business's is the product's. */
  name: string;
  address: string;
  /** The branch's country, where the page lists several countries' branches (Global); otherwise left out. */
  country: string | null;
  telephone: string;
  email: string;
  /** When it is open, on its clock; null: not given. */
  openingHours: OpeningHours | null;
  /** Days it is closed besides, not over yet. */
  closures: BranchClosure[];
}

/** The loader data of a public page route. */
export interface PageLoaderData {
  meta: PageMeta;
  /** Through a preview link: what the notice above the page says (the page shows what is not published yet). */
  previewNotice?: string;
}

export const NOT_FOUND_META: PageMeta = {
  title: 'Page not found',
  description: 'The page you are looking for does not exist on this site.',
  image: null,
};

export function documentTitle(meta: PageMeta): string {
  return meta.title === PRODUCT_NAME ? PRODUCT_NAME : `${meta.title} | ${PRODUCT_NAME}`;
}

function escapeHtml(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** A page's country site, as its head names it (decision 066). */
export interface PageSite {
  /** `en-NP`, or `en` for Global: `og:locale` (and `<html lang>`, which the server writes). */
  locale: string;
  /** The page on every country site that shows it (hreflang, with `x-default` for Global); empty: none named. */
  alternates: { hreflang: string; href: string }[];
}

/** One element of a page's head: written as HTML by the server, created as an element by the browser. */
export interface HeadTag {
  element: 'meta' | 'link' | 'script';
  attributes: Record<string, string>;
  /** A script's JSON, already safe inside `<script>` (no `<`). */
  text?: string;
}

/**
 * The head elements `applyPageMeta` replaces after a client-side navigation: every one `headTagsOf` may write.
 * (The robots tag stays as the server wrote it: a page the browser navigates to was never asked for by a crawler.)
 */
const REPLACED_HEAD_TAGS = [
  'meta[name="description"]',
  'link[rel="canonical"]',
  'meta[property^="og:"]',
  'meta[property^="article:"]',
  'link[rel="alternate"][type="application/atom+xml"]',
  'link[rel="alternate"][hreflang]',
  'script[type="application/ld+json"]',
].join(',');

/** A page's breadcrumb on a country site (`code`): its home, then the page (the menu's groups have no address). */
export function breadcrumbOf(code: string | null, name: string, path: string): BreadcrumbMeta[] {
  return [
    { name: 'Home', path: countryPath(code, '/') },
    { name, path: countryPath(code, path) },
  ];
}

/** A page's structured data blocks (structured-data.ts: the server render's alone, kept out of the browser's code). */
export type StructuredData = (meta: PageMeta, pageUrl: string, image: string | null) => HeadTag[];

/** A page's head elements (but its title), in the order the server writes them. */
function headTagsOf(meta: PageMeta, address: string, site: PageSite, structuredData?: StructuredData): HeadTag[] {
  const pageUrl = meta.canonical ? new URL(meta.canonical, address).href : address;
  const image = meta.image ? new URL(meta.image, pageUrl).href : null;
  const property = (name: string, content: string): HeadTag => ({
    element: 'meta',
    attributes: { property: name, content },
  });
  const tags: HeadTag[] = [
    { element: 'meta', attributes: { name: 'description', content: meta.description } },
    { element: 'link', attributes: { rel: 'canonical', href: pageUrl } },
    property('og:type', meta.article ? 'article' : 'website'),
    property('og:site_name', PRODUCT_NAME),
    property('og:title', meta.title),
    property('og:description', meta.description),
    property('og:url', pageUrl),
    property('og:locale', site.locale.replace('-', '_')),
  ];
  if (image) tags.push(property('og:image', image));
  for (const { hreflang, href } of site.alternates) {
    tags.push({ element: 'link', attributes: { rel: 'alternate', hreflang, href } });
  }
  if (meta.article) {
    tags.push(
      property('article:published_time', meta.article.publishedTime),
      property('article:modified_time', meta.article.modifiedTime),
    );
  }
  // What search engines read (JSON-LD): written by the server only, as crawlers never navigate in the browser.
  if (structuredData) tags.push(...structuredData(meta, pageUrl, image));
  if (meta.feed) {
    tags.push({
      element: 'link',
      attributes: {
        rel: 'alternate',
        type: 'application/atom+xml',
        title: `${PRODUCT_NAME} blog`,
        href: new URL(meta.feed, pageUrl).href,
      },
    });
  }
  return tags;
}

function tagHtml({ element, attributes, text }: HeadTag): string {
  const attributeHtml = Object.entries(attributes)
    .map(([name, value]) => ` ${name}="${escapeHtml(value)}"`)
    .join('');
  return element === 'script' ? `<script${attributeHtml}>${text ?? ''}</script>` : `<${element}${attributeHtml}>`;
}

/**
 * The <head> tags of a page for the server-side render, `pageUrl` being its country's address of it. The browser
 * keeps them current with `applyPageMeta`.
 */
export function pageMetaTags(
  meta: PageMeta,
  pageUrl: string,
  options: { indexable: boolean; site: PageSite; structuredData: StructuredData },
): string {
  const tags = [
    `<title>${escapeHtml(documentTitle(meta))}</title>`,
    ...headTagsOf(meta, pageUrl, options.site, options.structuredData).map(tagHtml),
  ];
  if (!options.indexable) tags.push('<meta name="robots" content="noindex">');
  return tags.join('');
}

/**
 * Replaces the tags written by `pageMetaTags` after a client-side navigation. The page's versions on the other sites
 * are left out: only the server knows them, and only a crawler, which never navigates here, reads them.
 */
export function applyPageMeta(meta: PageMeta, pageUrl: string, locale: string): void {
  document.title = documentTitle(meta);
  for (const element of document.head.querySelectorAll(REPLACED_HEAD_TAGS)) element.remove();
  document.head.append(
    ...headTagsOf(meta, pageUrl, { locale, alternates: [] }).map(({ element, attributes, text }) => {
      const created = document.createElement(element);
      for (const [name, value] of Object.entries(attributes)) created.setAttribute(name, value);
      if (text !== undefined) created.textContent = text;
      return created;
    }),
  );
}
