import { sql, type Kysely } from 'kysely';

/*
 * A banner may be kept to some countries' sites (issue 17: country-specific hero text): Nepal's home page can
 * promise something else than Canada's while both show the Home page. No row for a banner keeps the spec's rule,
 * the banner shows on every site that has one of its pages. A change re-renders that country's pages (the
 * `country:<id>` tag of migration 0006); the banner's own row changes in the same transaction and names its pages.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('banner_countries')
    .addColumn('banner_id', 'integer', (col) => col.notNull().references('banners.id').onDelete('cascade'))
    .addColumn('country_id', 'integer', (col) => col.notNull().references('countries.id').onDelete('cascade'))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('banner_countries_pkey', ['banner_id', 'country_id'])
    .execute();
  await db.schema.createIndex('banner_countries_country').on('banner_countries').column('country_id').execute();
  await sql`create trigger banner_countries_page_cache_column after insert or update or delete on banner_countries
    for each row execute function notify_page_cache('column', 'country', 'country_id')`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('banner_countries').execute();
}
