import { sql, type Kysely } from 'kysely';

/*
 * The questions and answers a public page shows in its FAQ (issue 17), in order. Like the page's text they belong
 * to the page and show on every country site that has it. Plain text, never HTML. A change re-renders the page on
 * every site (the `page:<id>` tag of migration 0006).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('page_faqs')
    .addColumn('id', 'integer', (col) => col.primaryKey().generatedByDefaultAsIdentity())
    .addColumn('page_id', 'integer', (col) => col.notNull().references('pages.id').onDelete('cascade'))
    .addColumn('position', 'integer', (col) => col.notNull())
    .addColumn('question', 'text', (col) => col.notNull())
    .addColumn('answer', 'text', (col) => col.notNull())
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('page_faqs_page_position', ['page_id', 'position'])
    .execute();
  await sql`create trigger page_faqs_page_cache_column after insert or update or delete on page_faqs
    for each row execute function notify_page_cache('column', 'page', 'page_id')`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('page_faqs').execute();
}
