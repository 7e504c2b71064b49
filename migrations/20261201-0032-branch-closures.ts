import { sql, type Kysely } from 'kysely';

/*
 * Days a country's branches are closed besides their week (decision 052): a public holiday, a festival, a training
 * day. One branch's (`branch_id`) or, with none, every branch of the country's. Shown on Contact Us and the booking
 * form, so a change re-renders the country's site (migration 0006's `country:<id>` tag); recorded in the audit log
 * like every country's content (migration 0018).
 */
const AUDIT_ARGS = sql.join(['branch closure', 'id', 'column', 'country_id'].map((arg) => sql.lit(arg)));

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('branch_closures')
    .addColumn('id', 'integer', (col) => col.primaryKey().generatedByDefaultAsIdentity())
    .addColumn('country_id', 'integer', (col) => col.notNull().references('countries.id').onDelete('cascade'))
    .addColumn('branch_id', 'integer', (col) => col.references('branches.id').onDelete('cascade'))
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('first_day', 'date', (col) => col.notNull())
    .addColumn('last_day', 'date', (col) => col.notNull())
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addCheckConstraint('branch_closures_days', sql`last_day >= first_day`)
    .execute();
  // A site asks for the closures not yet over.
  await db.schema
    .createIndex('branch_closures_country_last_day')
    .on('branch_closures')
    .columns(['country_id', 'last_day'])
    .execute();
  await db.schema.createIndex('branch_closures_branch').on('branch_closures').column('branch_id').execute();
  await sql`create trigger branch_closures_page_cache_column after insert or update or delete on branch_closures
    for each row execute function notify_page_cache('column', 'country', 'country_id')`.execute(db);
  // A change is recorded after it is made, a delete before (the row is still there to read).
  const audits = { branch_closures_audit: 'after insert or update', branch_closures_audit_delete: 'before delete' };
  for (const [trigger, when] of Object.entries(audits)) {
    await sql`create trigger ${sql.id(trigger)} ${sql.raw(when)} on branch_closures for each row
      execute function audit_change(${AUDIT_ARGS})`.execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('branch_closures').execute();
}
