import { sql, type Kysely } from 'kysely';

/*
 * Settings staff own (decision 034): the newsletter form, the registration numbers, the Code of Conduct link and the
 * booking page. One row, absent until an ADMIN first saves; until then the environment's values apply. Every change
 * drops every kept page (the footer shows them everywhere) and tells every instance to read the row again.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('site_settings')
    // One row only: the key can only be true.
    .addColumn('id', 'boolean', (col) =>
      col
        .primaryKey()
        .defaultTo(true)
        .check(sql`id`),
    )
    .addColumn('newsletter_form_url', 'text')
    .addColumn('registration_numbers', 'text')
    .addColumn('code_of_conduct_url', 'text', (col) => col.notNull())
    .addColumn('appointment_url', 'text')
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('updated_by', 'integer', (col) => col.references('staff_users.id').onDelete('set null'))
    .execute();
  // Deleting a staff member looks here (on delete set null).
  await db.schema.createIndex('site_settings_updated_by_idx').on('site_settings').column('updated_by').execute();
  await sql`
    create function notify_site_settings() returns trigger language plpgsql as $$
    begin
      perform pg_notify('site_settings', '');
      perform pg_notify('page_cache', 'all');
      return null;
    end
    $$`.execute(db);
  await sql`create trigger site_settings_changed after insert or update or delete on site_settings
    for each statement execute function notify_site_settings()`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('site_settings').execute();
  await sql`drop function notify_site_settings()`.execute(db);
}
