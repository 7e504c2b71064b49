import { sql, type Kysely } from 'kysely';
import { isUniqueViolation } from '../country/country.repository.js';
import { countryLink, linkedTo, linkedToAny } from '../db/links.js';
import type { DB, EditableColumns, PostsTable } from '../db/schema.js';
import { inTransaction } from '../db/transaction.js';
import { AppError } from '../errors.js';

export const POST_COUNTRIES = countryLink('post_countries', 'post_id');

export const SLUG_TAKEN_MESSAGE = 'This slug is already used by another post';

/** What staff write of a post (its countries go to post_countries, its tags to post_tags). */
// `went_live_at` is the publishing job's (post-publishing.ts).
export type PostValues = Omit<EditableColumns<PostsTable>, 'went_live_at'> & { tags: string[] };

const COLUMNS = [
  'posts.id',
  'posts.title',
  'posts.slug',
  'posts.excerpt',
  'posts.image_id',
  'posts.author_id',
  'posts.published_at',
  'posts.created_at',
  'posts.updated_at',
] as const;

/** The post's tags, alphabetically. */
const tags = sql<string[]>`coalesce(array(select post_tags.tag from post_tags
  where post_tags.post_id = posts.id order by post_tags.tag), '{}')`.as('tags');

/** Minutes to read the body at 200 words a minute (its text: the markup less its tags), at least one. */
const readingMinutes = sql<number>`greatest(1, ceil((select count(*) from
  regexp_matches(regexp_replace(posts.body_html, '<[^>]*>', ' ', 'g'), '\\S+', 'g')) / 200.0))::int`.as(
  'reading_minutes',
);

function selectPosts(db: Kysely<DB>) {
  return db
    .selectFrom('posts')
    .leftJoin('staff_users', 'staff_users.id', 'posts.author_id')
    .select([...COLUMNS, 'staff_users.name as author_name', tags]);
}

/** Every post (`countryIds` null), or those linked to one of `countryIds`, newest first (the staff list). */
export function selectAll(db: Kysely<DB>, countryIds: readonly number[] | null = null) {
  const query = selectPosts(db).select('posts.body_html').orderBy('posts.id', 'desc');
  return countryIds === null ? query : query.where(linkedToAny(POST_COUNTRIES, 'posts.id', countryIds));
}

export function findByIds(db: Kysely<DB>, ids: readonly number[]) {
  return selectPosts(db)
    .select('posts.body_html')
    .where('posts.id', 'in', [...ids])
    .execute();
}

/**
 * The posts visitors of a country see (published by now, linked to it; the caller checks the country is enabled),
 * newest first, with their bodies only when asked (a list shows none).
 */
export function selectPublished(
  db: Kysely<DB>,
  countryId: number,
  { tag = null, withBody = false }: { tag?: string | null; withBody?: boolean } = {},
) {
  return selectPosts(db)
    .select(readingMinutes)
    .$if(withBody, (query) => query.select('posts.body_html'))
    .where('posts.published_at', '<=', sql<string>`now()`)
    .where(linkedTo(POST_COUNTRIES, 'posts.id', countryId))
    .$if(tag !== null, (query) =>
      query.where((eb) =>
        eb.exists(
          eb
            .selectFrom('post_tags')
            .select(sql.lit(1).as('one'))
            .whereRef('post_tags.post_id', '=', 'posts.id')
            .where('post_tags.tag', '=', tag!),
        ),
      ),
    )
    .orderBy('posts.published_at', 'desc')
    .orderBy('posts.id', 'desc');
}

/** The post that has or had `slug` as its address, with its body, if visitors of the country see it. */
export function findPublishedBySlug(db: Kysely<DB>, countryId: number, slug: string) {
  return selectPublished(db, countryId, { withBody: true })
    .where('posts.id', 'in', (eb) => eb.selectFrom('post_slugs').select('post_slugs.post_id').where('slug', '=', slug))
    .executeTakeFirst();
}

/** A post as a preview link shows it: whatever its state, with its body. */
export function findForPreview(db: Kysely<DB>, id: number) {
  return selectPosts(db).select([readingMinutes, 'posts.body_html']).where('posts.id', '=', id).executeTakeFirst();
}

/** The addresses of the posts visitors of a country see and when each last changed. */
export function selectPublishedAddresses(db: Kysely<DB>, countryId: number) {
  return selectPublished(db, countryId).clearSelect().select(['posts.slug', 'posts.updated_at']).execute();
}

/** Up to `limit` other posts visitors of the country see: those sharing a tag with `postId` first, then the newest. */
export function selectRelated(db: Kysely<DB>, countryId: number, postId: number, limit: number) {
  return selectPublished(db, countryId)
    .where('posts.id', '<>', postId)
    .clearOrderBy()
    .orderBy(
      sql`exists (select 1 from post_tags mine join post_tags theirs on theirs.tag = mine.tag
        where mine.post_id = ${postId} and theirs.post_id = posts.id)`,
      'desc',
    )
    .orderBy('posts.published_at', 'desc')
    .orderBy('posts.id', 'desc')
    .limit(limit)
    .execute();
}

/** The tags of the posts visitors of the country see, with how many posts carry each, most used first. */
export function selectPublishedTags(db: Kysely<DB>, countryId: number) {
  return db
    .selectFrom('post_tags')
    .innerJoin('posts', 'posts.id', 'post_tags.post_id')
    .select(['post_tags.tag', sql<number>`count(*)::int`.as('count')])
    .where('posts.published_at', '<=', sql<string>`now()`)
    .where(linkedTo(POST_COUNTRIES, 'posts.id', countryId))
    .groupBy('post_tags.tag')
    .orderBy('count', 'desc')
    .orderBy('post_tags.tag')
    .execute();
}

/** Staff who may be named as a post's author: the active ones. */
export function selectAuthors(db: Kysely<DB>) {
  return db
    .selectFrom('staff_users')
    .select(['id', 'name'])
    .where('is_active', '=', true)
    .orderBy('name')
    .orderBy('id')
    .execute();
}

/**
 * A post saved with a publish time that has come is live from that write (whose trigger re-renders its countries'
 * pages), so the publishing job has nothing left to mark; a later time leaves it to the job.
 */
function wentLive(publishedAt: string | null | undefined) {
  return publishedAt === undefined
    ? {}
    : {
        went_live_at: sql<
          string | null
        >`case when ${publishedAt}::timestamptz <= now() then ${publishedAt}::timestamptz end`,
      };
}

const slugTaken = () => new AppError('BAD_USER_INPUT', `${SLUG_TAKEN_MESSAGE}.`, { slug: SLUG_TAKEN_MESSAGE });

/**
 * Records `slug` as an address of the post; a slug another post has or had is refused (the primary key keeps it
 * unique), one the post had before is its own again. No savepoint: the conflict is skipped, not caught.
 */
async function claimSlug(trx: Kysely<DB>, postId: number, slug: string): Promise<void> {
  await trx
    .insertInto('post_slugs')
    .values({ slug, post_id: postId })
    .onConflict((oc) => oc.column('slug').doNothing())
    .execute();
  const owner = await trx.selectFrom('post_slugs').select('post_id').where('slug', '=', slug).executeTakeFirst();
  if (owner?.post_id !== postId) throw slugTaken();
}

async function replaceTags(trx: Kysely<DB>, postId: number, postTags: readonly string[]): Promise<void> {
  await trx.deleteFrom('post_tags').where('post_id', '=', postId).execute();
  const unique = [...new Set(postTags)];
  if (unique.length > 0)
    await trx
      .insertInto('post_tags')
      .values(unique.map((tag) => ({ post_id: postId, tag })))
      .execute();
}

/** Refuses a slug another post has or had (a draft's, checked before it is kept). */
export async function assertSlugFree(db: Kysely<DB>, postId: number, slug: string): Promise<void> {
  const owner = await db.selectFrom('post_slugs').select('post_id').where('slug', '=', slug).executeTakeFirst();
  if (owner && owner.post_id !== postId) throw slugTaken();
}

/** A slug's unique violation (a concurrent writer took it first) is the same refusal as the check's. */
async function slugChecked<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    throw isUniqueViolation(error) ? slugTaken() : error;
  }
}

/** Inserts a post with its address and tags, in the caller's transaction (or one of its own). */
export function insert(db: Kysely<DB>, values: PostValues): Promise<{ id: number }> {
  const { tags: postTags, ...columns } = values;
  return slugChecked(() =>
    inTransaction(db, async (trx) => {
      const taken = await trx
        .selectFrom('post_slugs')
        .select('post_id')
        .where('slug', '=', values.slug)
        .executeTakeFirst();
      if (taken) throw slugTaken();
      const row = await trx
        .insertInto('posts')
        .values({ ...columns, ...wentLive(columns.published_at) })
        .returning('id')
        .executeTakeFirstOrThrow();
      await claimSlug(trx, row.id, values.slug);
      await replaceTags(trx, row.id, postTags);
      return row;
    }),
  );
}

/** Changes the given columns, records a new slug and replaces the tags when given; undefined when the post is gone. */
export function update(db: Kysely<DB>, id: number, changes: Partial<PostValues>) {
  const { tags: postTags, ...columns } = changes;
  return slugChecked(() =>
    inTransaction(db, async (trx) => {
      if (columns.slug !== undefined) await claimSlug(trx, id, columns.slug);
      const row = await trx
        .updateTable('posts')
        .set({ ...columns, ...wentLive(columns.published_at), updated_at: sql`now()` })
        .where('id', '=', id)
        .returning('id')
        .executeTakeFirst();
      if (row && postTags !== undefined) await replaceTags(trx, id, postTags);
      return row;
    }),
  );
}

export async function remove(db: Kysely<DB>, id: number): Promise<boolean> {
  const result = await db.deleteFrom('posts').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
