/** A post's addresses (no zod here: the public entry chunk reads these; decision 027 keeps zod out of it). */

/** A post's address on every country site: `/blog/<slug>`. */
export const POST_PATH_PREFIX = '/blog/';

/** Where staff's preview links point (`/blog/preview/<token>`; a reserved slug: no post can have this address). */
export const PREVIEW_PATH = '/blog/preview/';

/** The query parameter of a page text's preview link (`/visa/student?preview=<token>`): the page with its draft. */
export const PAGE_PREVIEW_PARAM = 'preview';

/** What a preview link that is forged, altered or too old answers (the API's NOT_FOUND and the page alike). */
export const PREVIEW_EXPIRED = 'This preview link has expired or is not valid. Ask for a new one.';

/** Our media library's addresses: the only pictures a post's body may show (decision 039). */
export const OWN_MEDIA = /^\/media\/[^/]/;
/** A YouTube player (the privacy-enhanced host or the embed address): the only frames a post's body may hold. */
export const YOUTUBE_EMBED = /^https:\/\/(www\.)?(youtube-nocookie\.com|youtube\.com)\/embed\/[\w-]+(\?[^\s"'<>]*)?$/;

/** Lower-case words joined by single hyphens: what a post's address may be. */
export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/**
 * Addresses under /blog that are not posts: the tag and page lists (`/blog/tag/<tag>`, `/blog/page/<n>`), staff's
 * preview links (`/blog/preview/<token>`); the feed (`/blog/feed.xml`) cannot clash, as a slug has no dot.
 */
export const RESERVED_SLUGS: readonly string[] = ['tag', 'page', 'preview'];

/** A slug made from a title ("Study in Canada: 2027 intakes" → "study-in-canada-2027-intakes"). */
export function slugOf(title: string): string {
  return title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 120)
    .replace(/-+$/, '');
}
