import { sql, type Kysely } from 'kysely';

/*
 * The editable text of each public page (heading, summary, body), one row per page. Pages are shared by every
 * country site, so the text is too. The body is plain text with a tiny line format (see shared/site-content.ts),
 * never HTML. One SQL statement per call (PGlite).
 */

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('page_contents')
    .addColumn('page_id', 'integer', (col) => col.primaryKey().references('pages.id').onDelete('cascade'))
    .addColumn('heading', 'text', (col) => col.notNull())
    .addColumn('summary', 'text', (col) => col.notNull())
    .addColumn('body', 'text', (col) => col.notNull())
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('page_contents').execute();
}
