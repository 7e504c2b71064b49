import { sql, type Kysely } from 'kysely';

/*
 * A country's own words for a page (issue 53, decision 067): a page's heading, summary, body and FAQ written for one
 * country site, shown there instead of the text every site shares. One row per page and country; the FAQ is kept with
 * the text, as one list, since a country's version is written and published as a whole. Recorded in the audit log as
 * the country's content ("country page text", so its editors see it in Activity and its history can be restored), and
 * it can have a draft like the shared text (migration 0019); going back to the shared text deletes the row and with it
 * the draft.
 *
 * Both kinds of page text get what search engines show (a title and description, null: the heading and summary) and
 * whether search engines should leave the page out.
 *
 * A change re-renders the page on every site (`page:<id>`): its versions name each other (hreflang), and a page search
 * engines should leave out is named by none.
 */
const AUDIT_ARGS = sql.join(['country page text', 'id', 'column', 'country_id'].map((arg) => sql.lit(arg)));

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('country_page_texts')
    .addColumn('id', 'integer', (col) => col.primaryKey().generatedByDefaultAsIdentity())
    .addColumn('page_id', 'integer', (col) => col.notNull().references('pages.id').onDelete('cascade'))
    .addColumn('country_id', 'integer', (col) => col.notNull().references('countries.id').onDelete('cascade'))
    .addColumn('heading', 'text', (col) => col.notNull())
    .addColumn('summary', 'text', (col) => col.notNull())
    .addColumn('body', 'text', (col) => col.notNull())
    .addColumn('faqs', 'jsonb', (col) => col.notNull())
    .addColumn('search_title', 'text')
    .addColumn('search_description', 'text')
    .addColumn('noindex', 'boolean', (col) => col.notNull().defaultTo(false))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('country_page_texts_page_country', ['page_id', 'country_id'])
    .execute();
  await db.schema.createIndex('country_page_texts_country').on('country_page_texts').column('country_id').execute();
  await db.schema
    .alterTable('page_contents')
    .addColumn('search_title', 'text')
    .addColumn('search_description', 'text')
    .addColumn('noindex', 'boolean', (col) => col.notNull().defaultTo(false))
    .execute();
  await sql`create trigger country_page_texts_page_cache_page after insert or update or delete on country_page_texts
    for each row execute function notify_page_cache('column', 'page', 'page_id')`.execute(db);
  // A change is recorded after it is made, a delete before (the row is still there to read).
  const audits = {
    country_page_texts_audit: 'after insert or update',
    country_page_texts_audit_delete: 'before delete',
  };
  for (const [trigger, when] of Object.entries(audits)) {
    await sql`create trigger ${sql.id(trigger)} ${sql.raw(when)} on country_page_texts for each row
      execute function audit_change(${AUDIT_ARGS})`.execute(db);
  }
  await sql`alter table drafts drop constraint drafts_kind_check`.execute(db);
  await sql`alter table drafts add constraint drafts_kind_check
    check (kind in ('post', 'page text', 'banner', 'country page text'))`.execute(db);
  await sql`create trigger country_page_texts_drop_draft after delete on country_page_texts
    for each row execute function drop_draft('country page text')`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`delete from drafts where kind = 'country page text'`.execute(db);
  await sql`alter table drafts drop constraint drafts_kind_check`.execute(db);
  await sql`alter table drafts add constraint drafts_kind_check check (kind in ('post', 'page text', 'banner'))`.execute(
    db,
  );
  await db.schema.dropTable('country_page_texts').execute();
  await db.schema
    .alterTable('page_contents')
    .dropColumn('search_title')
    .dropColumn('search_description')
    .dropColumn('noindex')
    .execute();
}
