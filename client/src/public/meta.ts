import { PRODUCT_NAME } from '../../../shared/brand.js';

/** What a public page tells search engines and link previews about itself. */
export interface PageMeta {
  title: string;
  description: string;
  /** Absolute or site-relative URL of the preview image, if the page has one. */
  image: string | null;
}

/** The loader data of a public page route. */
export interface PageLoaderData {
  meta: PageMeta;
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

/** The <head> tags of a page for the server-side render. The browser keeps them current with `applyPageMeta`. */
export function pageMetaTags(meta: PageMeta, pageUrl: string, options: { indexable: boolean }): string {
  const origin = new URL(pageUrl).origin;
  const tags = [
    `<title>${escapeHtml(documentTitle(meta))}</title>`,
    `<meta name="description" content="${escapeHtml(meta.description)}">`,
    `<link rel="canonical" href="${escapeHtml(pageUrl)}">`,
    `<meta property="og:type" content="website">`,
    `<meta property="og:site_name" content="${escapeHtml(PRODUCT_NAME)}">`,
    `<meta property="og:title" content="${escapeHtml(meta.title)}">`,
    `<meta property="og:description" content="${escapeHtml(meta.description)}">`,
    `<meta property="og:url" content="${escapeHtml(pageUrl)}">`,
  ];
  if (meta.image) tags.push(`<meta property="og:image" content="${escapeHtml(new URL(meta.image, origin).href)}">`);
  if (!options.indexable) tags.push('<meta name="robots" content="noindex">');
  return tags.join('');
}

function setContent(selector: string, attribute: 'content' | 'href', value: string): void {
  document.head.querySelector(selector)?.setAttribute(attribute, value);
}

/** Updates the tags written by `pageMetaTags` after a client-side navigation. */
export function applyPageMeta(meta: PageMeta, pageUrl: string): void {
  document.title = documentTitle(meta);
  setContent('meta[name="description"]', 'content', meta.description);
  setContent('link[rel="canonical"]', 'href', pageUrl);
  setContent('meta[property="og:title"]', 'content', meta.title);
  setContent('meta[property="og:description"]', 'content', meta.description);
  setContent('meta[property="og:url"]', 'content', pageUrl);
}
