import type { Kysely } from 'kysely';
import type { PaginateInput } from '../../../shared/pagination.schema.js';
import {
  updatePostInput,
  type AddPostInput,
  type AddPostToOtherCountryArgs,
  type UpdatePostInput,
} from '../../../shared/post.schema.js';
import { POST_PATH_PREFIX, PREVIEW_EXPIRED } from '../../../shared/post-address.js';
import { sitePageOf } from '../../../shared/site-pages.js';
import { listRevisions, revisionOf, textOf } from '../audit/audit.service.js';
import type { Actor } from '../auth/staff-identity.js';
import { imageOf, isEnabledCountry } from '../content/content-refs.js';
import { countryLinks } from '../content/country-links.js';
import { assertMayChangeItems } from '../content/item-access.js';
import { findCountry } from '../country/country.repository.js';
import { pageOf, type PageResult } from '../db/pagination.js';
import { ownersOf } from '../db/links.js';
import type { DB } from '../db/schema.js';
import { AppError } from '../errors.js';
import { imagesByIds } from '../media/image.repository.js';
import { pageNamesOfCountry } from '../page/page.repository.js';
import { discardDraft, draftedItems, findDraft, saveDraft } from '../drafts/drafts.js';
import { requireImage } from '../content/content-refs.js';
import { sanitizePostHtml } from './post-html.js';
import type { PreviewLinks } from './post-preview.js';
import * as repository from './post.repository.js';

const links = countryLinks({
  idName: 'post_id',
  idsName: 'post_ids',
  link: repository.POST_COUNTRIES,
  imageCategory: 'BLOG',
  notFound: 'Post not found.',
  deletedCode: 'DELETED_POST',
  removedFromCountryCode: 'DELETED_POST_FROM_COUNTRY',
  repository,
});

/** Where a post stands for visitors: not yet dated, dated in the future, or shown. */
export type PostStatus = 'DRAFT' | 'SCHEDULED' | 'PUBLISHED';

export function statusOf(publishedAt: string | null, now = Date.now()): PostStatus {
  if (publishedAt === null) return 'DRAFT';
  return Date.parse(publishedAt) > now ? 'SCHEDULED' : 'PUBLISHED';
}

/** A post as staff see it: its columns, cover, author, tags, status and countries. */
function forStaff({ author_id, author_name, ...post }: Awaited<ReturnType<typeof links.add>>) {
  return {
    ...post,
    author: author_id === null ? null : { id: author_id, name: author_name ?? '' },
    status: statusOf(post.published_at),
  };
}
export type Post = ReturnType<typeof forStaff>;

/** Every post, newest first, or only those shown in `countryIds` (enabled or not): the staff list. */
export async function getAllPosts(
  db: Kysely<DB>,
  paginate: PaginateInput,
  countryIds: readonly number[] | null = null,
): Promise<PageResult<Post & { has_draft: boolean }>> {
  const result = await pageOf(repository.selectAll(db, countryIds), paginate);
  const posts = (await links.withDetails(db, result.data)).map(forStaff);
  const drafted = await draftedItems(
    db,
    'post',
    posts.map((post) => post.id),
  );
  return {
    data: posts.map((post) => ({ ...post, has_draft: drafted.has(post.id) })),
    pagination: result.pagination,
  };
}

/** Keeps of a body only what decision 039 allows, before it is stored. */
function sanitized<Input extends { body_html?: string | undefined }>(input: Input): Input {
  return input.body_html === undefined ? input : { ...input, body_html: sanitizePostHtml(input.body_html) };
}

/** Adds a post to its countries (an EDITOR must hold them all: checked by the caller's declaration). */
export async function addPost(db: Kysely<DB>, input: AddPostInput): Promise<Post> {
  return forStaff(await links.add(db, sanitized(input)));
}

/**
 * Changes the given fields; an EDITOR must hold every country the post is shown in. The post's draft, if it had one,
 * is gone: the edit form shows the draft, so saving it is publishing it (in the call's transaction).
 */
export async function updatePost(db: Kysely<DB>, input: UpdatePostInput, actor: Actor | undefined): Promise<Post> {
  const post = forStaff(await links.update(db, sanitized(input), actor));
  await discardDraft(db, 'post', input.id);
  return post;
}

/** A draft's change: the update's fields less the post's id. */
type PostDraftValues = Omit<UpdatePostInput, 'id'>;

/** The post as its draft would make it, for the edit form (the draft's author named, its cover's details). */
async function drafted(db: Kysely<DB>, id: number, { tags: draftTags, ...columns }: PostDraftValues): Promise<Post> {
  const [row] = await repository.findByIds(db, [id]);
  if (!row) throw new AppError('NOT_FOUND', 'Post not found.');
  const author =
    columns.author_id === undefined || columns.author_id === null
      ? undefined
      : await db.selectFrom('staff_users').select('name').where('id', '=', columns.author_id).executeTakeFirst();
  const merged = { ...row, ...columns, tags: draftTags ?? row.tags, author_name: author?.name ?? row.author_name };
  return forStaff((await links.withDetails(db, [merged]))[0]!);
}

/**
 * A post's unpublished changes (decision 041): saved aside while the post stays as visitors see it, checked as an
 * edit is (its cover, a slug no other post has); an EDITOR must hold one of the post's countries like for an edit.
 */
export async function savePostDraft(db: Kysely<DB>, input: UpdatePostInput, actor: Actor) {
  const { id, ...values } = sanitized(input);
  await assertMayChangeItems(db, actor, [repository.POST_COUNTRIES], [id]);
  if (values.image_id !== undefined) await requireImage(db, values.image_id, 'BLOG');
  if (values.slug !== undefined) await repository.assertSlugFree(db, id, values.slug);
  await drafted(db, id, values);
  await saveDraft(db, 'post', id, values);
  return postDraftOf(db, actor, id);
}

/** A post's draft with the post as it would make it; null when the post has none. */
export async function postDraftOf(db: Kysely<DB>, actor: Actor, id: number) {
  await assertMayChangeItems(db, actor, [repository.POST_COUNTRIES], [id]);
  const draft = await findDraft<PostDraftValues>(db, 'post', id);
  if (!draft) return null;
  return { saved_at: draft.saved_at, saved_by: draft.saved_by, post: await drafted(db, id, draft.values) };
}

/** Throws a post's draft away; the post stays as it is. */
export async function discardPostDraft(db: Kysely<DB>, actor: Actor, id: number): Promise<{ discarded: boolean }> {
  await assertMayChangeItems(db, actor, [repository.POST_COUNTRIES], [id]);
  return { discarded: await discardDraft(db, 'post', id) };
}

/** Deletes a post; one still linked to several countries only with `confirm`. */
export const deletePost = links.delete;

/** Shows existing posts in another country too (idempotent); answers the posts as now linked. */
export async function addPostToOtherCountry(
  db: Kysely<DB>,
  args: AddPostToOtherCountryArgs,
  actor: Actor | undefined,
): Promise<Post[]> {
  return (await links.addToCountry(db, args, actor)).map(forStaff);
}

/** Takes a post off one country's blog; the post itself stays. */
export const deletePostFromCountry = links.removeFromCountry;

/** Staff who may be named as an author. */
export const listAuthors = repository.selectAuthors;

type VisibleRow = Awaited<ReturnType<typeof repository.findPublishedBySlug>> & {};

/** Posts as visitors see them: no author id; their cover, address, and body when it was read. */
async function forVisitors(db: Kysely<DB>, rows: VisibleRow[]) {
  const images = await imagesByIds(
    db,
    rows.map((row) => row.image_id),
  );
  return rows.map(({ author_id: _author, image_id, published_at, body_html, ...post }) => ({
    ...post,
    image: imageOf(images, image_id),
    // Only published posts are read here.
    published_at: published_at!,
    url: `${POST_PATH_PREFIX}${post.slug}`,
    ...(body_html === undefined ? {} : { body_html }),
  }));
}
export type PublishedPost = Awaited<ReturnType<typeof forVisitors>>[number];

/**
 * A country's published posts, newest first, optionally of one tag; a disabled or unknown country has none. Their
 * bodies only `withBody` (GraphQL's `getPosts`; the blog's list shows excerpts).
 */
export async function listPublishedPosts(
  db: Kysely<DB>,
  countryId: number,
  { tag = null, ...paginate }: PaginateInput & { tag?: string | null | undefined },
  withBody = false,
): Promise<PageResult<PublishedPost>> {
  if (!(await isEnabledCountry(db, countryId))) {
    return { data: [], pagination: { ...paginate, pageCount: 0, total: 0 } };
  }
  const result = await pageOf(repository.selectPublished(db, countryId, { tag, withBody }), paginate);
  return { data: await forVisitors(db, result.data), pagination: result.pagination };
}

/** The post visitors of the country see at `slug`, one of its addresses now or before. */
async function visiblePost(db: Kysely<DB>, countryId: number, slug: string) {
  if (!(await isEnabledCountry(db, countryId))) return undefined;
  return repository.findPublishedBySlug(db, countryId, slug);
}

/** How many other posts a post's page suggests. */
const RELATED_POSTS = 3;

/**
 * A published post of a country by its address (`/blog/<slug>`): `{ post }` with its body and up to three related
 * posts, `{ redirectTo }` when `slug` is one of its old addresses, undefined when visitors of the country do not see
 * it.
 */
export async function findPublishedPost(db: Kysely<DB>, countryId: number, slug: string) {
  const row = await visiblePost(db, countryId, slug);
  if (!row) return undefined;
  if (row.slug !== slug) return { redirectTo: row.slug };
  const [[post], related, shownIn] = await Promise.all([
    forVisitors(db, [row]),
    repository.selectRelated(db, countryId, row.id, RELATED_POSTS).then((rows) => forVisitors(db, rows)),
    ownersOf(db, repository.POST_COUNTRIES, row.id),
  ]);
  // The countries it is published in: its versions on their sites (hreflang).
  return { post: { ...post!, body_html: row.body_html, related, country_ids: shownIn } };
}

/** A published post of a country by any of its addresses (GraphQL's `getPost`: callers follow no redirect). */
export async function getPublishedPost(db: Kysely<DB>, countryId: number, slug: string) {
  const row = await visiblePost(db, countryId, slug);
  return row ? (await forVisitors(db, [row]))[0]! : null;
}

/** The tags of a country's published posts with their counts (the blog's tag filter). */
export async function listPostTags(db: Kysely<DB>, countryId: number) {
  if (!(await isEnabledCountry(db, countryId))) return [];
  return repository.selectPublishedTags(db, countryId);
}

/** How many posts a blog's feed carries. */
const FEED_SIZE = 20;

/** A country's blog feed: the country and its newest published posts with their bodies; undefined when not shown. */
export async function getPostFeed(db: Kysely<DB>, countryId: number) {
  const country = await findCountry(db, countryId);
  // No feed for a site that is off or does not show its blog, as its /blog answers 404.
  if (country?.is_enabled !== 'ENABLE' || !(await showsBlog(db, countryId))) return undefined;
  const { data } = await listPublishedPosts(db, countryId, { page: 1, perPage: FEED_SIZE }, true);
  return { country, posts: data };
}

/** Whether the country's site shows its blog (its Blog page is on). */
async function showsBlog(db: Kysely<DB>, countryId: number): Promise<boolean> {
  const blog = sitePageOf('/blog').name.toLowerCase();
  return (await pageNamesOfCountry(db, countryId)).some((name) => name.toLowerCase() === blog);
}

/** The addresses of a country's published posts and when each last changed (the sitemap). */
export async function listPublishedPostAddresses(db: Kysely<DB>, countryId: number) {
  if (!(await isEnabledCountry(db, countryId))) return [];
  return repository.selectPublishedAddresses(db, countryId);
}

/**
 * A preview link of a post for a staff member who may see it (an EDITOR: one of its countries is theirs): it shows
 * the post as it is now, published or not, to anyone holding it until it expires.
 */
export async function previewLinkOf(db: Kysely<DB>, actor: Actor, id: number, previews: PreviewLinks) {
  const countries = await ownersOf(db, repository.POST_COUNTRIES, id);
  const found = await db.selectFrom('posts').select('id').where('id', '=', id).executeTakeFirst();
  if (!found) throw new AppError('NOT_FOUND', 'Post not found.');
  if (actor.role !== 'ADMIN' && !countries.some((country) => actor.countryIds.includes(country))) {
    throw new AppError('FORBIDDEN', 'You may not see this post.');
  }
  return previews.linkFor(id);
}

/**
 * The post a preview link names, as its page shows it (no related posts), with its draft's changes when it has one:
 * what publishing would show. NOT_FOUND once the link expired.
 */
export async function previewPost(db: Kysely<DB>, token: string, previews: PreviewLinks) {
  const id = previews.postIdOf(token);
  const live = await repository.findForPreview(db, id);
  if (!live) throw new AppError('NOT_FOUND', PREVIEW_EXPIRED);
  const draft = await findDraft<PostDraftValues>(db, 'post', id);
  const row = draft ? { ...live, ...(await previewedDraft(db, id, draft.values)) } : live;
  const [post] = await forVisitors(db, [{ ...row, published_at: row.published_at ?? new Date().toISOString() }]);
  // A preview names no other versions: it is never listed.
  const shown = { ...post!, body_html: row.body_html, related: [], country_ids: [] as number[] };
  return { post: shown, status: statusOf(row.published_at) };
}

/** The fields a preview shows of a draft, with its author's name and its own reading time. */
async function previewedDraft(db: Kysely<DB>, id: number, values: PostDraftValues) {
  const post = await drafted(db, id, values);
  const words = post.body_html.replace(/<[^>]*>/g, ' ').match(/\S+/g)?.length ?? 0;
  return {
    title: post.title,
    slug: post.slug,
    excerpt: post.excerpt,
    image_id: post.image_id,
    body_html: post.body_html,
    published_at: post.published_at,
    author_name: post.author?.name ?? null,
    tags: post.tags,
    // As the repository counts: 200 words a minute, at least one.
    reading_minutes: Math.max(1, Math.ceil(words / 200)),
  };
}

/** What staff may bring back of a post's revision: its own fields (its countries and tags stay as they are). */
const RESTORABLE = ['title', 'slug', 'excerpt', 'image_id', 'body_html', 'author_id', 'published_at'] as const;

/** A post's revisions (the versions its recorded changes left), newest first. */
export async function listPostRevisions(db: Kysely<DB>, actor: Actor, id: number, first: number) {
  await assertMayChangeItems(db, actor, [repository.POST_COUNTRIES], [id]);
  return (await listRevisions(db, 'post', id, first)).map(({ snapshot, ...revision }) => ({
    ...revision,
    title: textOf(snapshot, 'title'),
    slug: textOf(snapshot, 'slug'),
  }));
}

/** Brings a post back to one of its revisions, through the same update as an edit (so it is a revision itself). */
export async function restorePostRevision(db: Kysely<DB>, actor: Actor, id: number, revisionId: number) {
  const snapshot = await revisionOf(db, 'post', id, revisionId);
  const fields = Object.fromEntries(RESTORABLE.map((field) => [field, snapshot[field]]));
  return updatePost(db, updatePostInput.parse({ ...fields, id }), actor);
}
