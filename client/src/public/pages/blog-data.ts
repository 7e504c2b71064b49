import { POST_PATH_PREFIX, RESERVED_SLUGS, SLUG_PATTERN } from '../../../../shared/post-address.js';
import type { SiteImage } from '../../../../shared/site-content.js';
import type { ApiOutputs, Trpc } from '../../trpc.js';

/** A post as its page shows it: `site.post`'s, or a preview link's (the same shape, without related posts). */
export type PostOnPage = Extract<NonNullable<ApiOutputs['site']['post']>, { post: unknown }>['post'];

/** The blog's own path: its first page (spec §2). */
export const BLOG_PATH = '/blog';

/** Which list of posts a blog address shows: every post or one tag's, and which page of it (from 1). */
export interface BlogList {
  tag: string | null;
  page: number;
}

/**
 * The blog's list addresses as route paths, after `/blog` itself. Paths rather than a query string: public pages
 * are cached by path (decision 025), so every list a visitor may see has an address of its own.
 */
export const BLOG_LIST_ROUTES = ['blog/page/:page', 'blog/tag/:tag', 'blog/tag/:tag/page/:page'] as const;

/** The list a route's parameters name; null for an address that is no list (`/blog/page/0`, `/blog/page/x`). */
export function blogListOf(params: { tag?: string; page?: string }): BlogList | null {
  const page = params.page === undefined ? 1 : /^[1-9][0-9]{0,5}$/.test(params.page) ? Number(params.page) : null;
  if (page === null) return null;
  const tag = params.tag?.trim();
  if (tag === '') return null;
  return { tag: tag ?? null, page };
}

/** The address of a list: `/blog`, `/blog/page/2`, `/blog/tag/visas`, `/blog/tag/visas/page/2`. */
export function blogListPath({ tag, page }: BlogList): string {
  const base = tag === null ? BLOG_PATH : `${BLOG_PATH}/tag/${encodeURIComponent(tag)}`;
  return page === 1 ? base : `${base}/page/${page}`;
}

/** A post's address. */
export function postPath(slug: string): string {
  return `${POST_PATH_PREFIX}${slug}`;
}

/** Whether a `/blog/<slug>` address can be a post's at all (anything else is answered 404 without asking). */
export function isPostSlug(slug: string | undefined): slug is string {
  return slug !== undefined && SLUG_PATTERN.test(slug) && !RESERVED_SLUGS.includes(slug);
}

/** The country's Atom feed (served by the server): at its site's address, or the root's naming the country. */
export function blogFeedPath({ countryId, countryCode }: { countryId: number; countryCode: string | null }): string {
  return countryCode ? `/${countryCode}${BLOG_PATH}/feed.xml` : `${BLOG_PATH}/feed.xml?country=${countryId}`;
}

/** One page of a country's published posts: the route loads it, the blog page reads it. */
export function postsQuery(trpc: Trpc, countryId: number, list: BlogList) {
  return trpc.site.posts.queryOptions({ countryId, page: list.page, ...(list.tag === null ? {} : { tag: list.tag }) });
}

export function postTagsQuery(trpc: Trpc, countryId: number) {
  return trpc.site.postTags.queryOptions({ countryId });
}

export function postQuery(trpc: Trpc, countryId: number, slug: string) {
  return trpc.site.post.queryOptions({ countryId, slug });
}

/** A post as a staff member's preview link shows it (`/blog/preview/<token>`), published or not. */
export function postPreviewQuery(trpc: Trpc, token: string) {
  return trpc.site.postPreview.queryOptions({ token });
}

/**
 * A post's cover as the site shows images. The server's post reads answer the library's image (its URL only) where
 * the other site reads answer a SiteImage; either is taken.
 */
export function coverOf(image: SiteImage | { image_url: string }): SiteImage {
  return 'url' in image ? image : { url: image.image_url, width: null, height: null, alt: '' };
}
