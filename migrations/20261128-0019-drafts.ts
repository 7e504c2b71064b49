import { sql, type Kysely } from 'kysely';

/*
 * Drafts (issue 20, decision 041): unpublished changes to an item that is live (a published post, a page's text, a banner),
 * saved without touching the row visitors read. One row per item: `values` is the change as the item's update
 * takes it (checked by the same schema), written by the staff member the call runs as (`app.staff_id`, as the audit
 * log reads it). Publishing is the item's ordinary update, which removes its draft in the same transaction; an
 * item's deletion removes it too (the triggers below), since drafts of several kinds share the table.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('drafts')
    .addColumn('kind', 'text', (col) => col.notNull().check(sql`kind in ('post', 'page text', 'banner')`))
    .addColumn('item_id', 'integer', (col) => col.notNull())
    .addColumn('values', 'jsonb', (col) => col.notNull())
    .addColumn('staff_id', 'integer', (col) => col.references('staff_users.id').onDelete('set null'))
    .addColumn('saved_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('drafts_pkey', ['kind', 'item_id'])
    .execute();
  await db.schema.createIndex('drafts_staff').on('drafts').column('staff_id').execute();
  await sql`create function drop_draft() returns trigger language plpgsql as $$
    begin
      delete from drafts where kind = tg_argv[0] and item_id = old.id;
      return old;
    end $$`.execute(db);
  await sql`create trigger posts_drop_draft after delete on posts
    for each row execute function drop_draft('post')`.execute(db);
  await sql`create trigger pages_drop_draft after delete on pages
    for each row execute function drop_draft('page text')`.execute(db);
  await sql`create trigger banners_drop_draft after delete on banners
    for each row execute function drop_draft('banner')`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop trigger banners_drop_draft on banners`.execute(db);
  await sql`drop trigger pages_drop_draft on pages`.execute(db);
  await sql`drop trigger posts_drop_draft on posts`.execute(db);
  await sql`drop function drop_draft()`.execute(db);
  await db.schema.dropTable('drafts').execute();
}
