import { sql, type Kysely } from 'kysely';

/*
 * The blog (issue 20): posts shared between countries like testimonials (a post shows on the blog of each country it
 * is linked to). Every slug a post ever had is a row of `post_slugs`, its primary key making a slug unique across
 * current and old addresses alike: the post's `slug` is its address now, the others answer 301 to it. The body is
 * HTML sanitised on the server before it is stored (decision 039). `published_at` null is a draft; a time in the
 * future is a scheduled post, which the publishing job puts live (`went_live_at`) when its time comes. Tags are rows so a blog can be filtered by one with an index.
 */
export async function up(db: Kysely<any>): Promise<void> {
  // 0001 builds its enums from shared/enums.ts, so a database created after this change has BLOG already.
  await sql`alter type image_category add value if not exists 'BLOG' after 'BANNER'`.execute(db);
  await db.schema
    .createTable('posts')
    .addColumn('id', 'integer', (col) => col.primaryKey().generatedByDefaultAsIdentity())
    .addColumn('title', 'text', (col) => col.notNull())
    .addColumn('slug', 'text', (col) => col.notNull().unique())
    .addColumn('excerpt', 'text', (col) => col.notNull())
    .addColumn('image_id', 'integer', (col) => col.notNull().references('images.id'))
    .addColumn('body_html', 'text', (col) => col.notNull())
    .addColumn('author_id', 'integer', (col) => col.references('staff_users.id').onDelete('set null'))
    .addColumn('published_at', 'timestamptz')
    .addColumn('went_live_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('posts_published_at').on('posts').column('published_at').execute();
  await db.schema.createIndex('posts_image').on('posts').column('image_id').execute();
  await db.schema.createIndex('posts_author').on('posts').column('author_id').execute();
  await db.schema
    .createTable('post_slugs')
    .addColumn('slug', 'text', (col) => col.primaryKey())
    .addColumn('post_id', 'integer', (col) => col.notNull().references('posts.id').onDelete('cascade'))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('post_slugs_post').on('post_slugs').column('post_id').execute();
  await db.schema
    .createTable('post_tags')
    .addColumn('post_id', 'integer', (col) => col.notNull().references('posts.id').onDelete('cascade'))
    .addColumn('tag', 'text', (col) => col.notNull())
    .addPrimaryKeyConstraint('post_tags_pkey', ['post_id', 'tag'])
    .execute();
  await db.schema.createIndex('post_tags_tag').on('post_tags').column('tag').execute();
  await db.schema
    .createTable('post_countries')
    .addColumn('post_id', 'integer', (col) => col.notNull().references('posts.id').onDelete('cascade'))
    .addColumn('country_id', 'integer', (col) => col.notNull().references('countries.id').onDelete('cascade'))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('post_countries_pkey', ['post_id', 'country_id'])
    .execute();
  await db.schema.createIndex('post_countries_country').on('post_countries').column('country_id').execute();
  // The page cache (migration 0006): a post re-renders the sites of its countries; a link, its country's site.
  await sql`create trigger post_countries_page_cache_column after insert or update or delete on post_countries
    for each row execute function notify_page_cache('column', 'country', 'country_id')`.execute(db);
  await sql`create trigger posts_page_cache_via_post_countries after insert or update or delete on posts
    for each row execute function notify_page_cache('linked', 'country', 'post_countries', 'post_id', 'country_id',
      'id')`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['post_countries', 'post_tags', 'post_slugs', 'posts'])
    await db.schema.dropTable(table).execute();
  // PostgreSQL cannot drop an enum value; BLOG stays (no row uses it once the posts are gone).
}
