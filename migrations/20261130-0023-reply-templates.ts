import { sql, type Kysely } from 'kysely';

/*
 * Reply templates (decision 046): a country's saved answers to what visitors ask again and again (class times, a
 * visa's documents), which staff start a reply from. Recorded in the audit log like every country's content
 * (migration 0018's `audit_change`).
 */
const AUDIT_ARGS = sql.join(['reply template', 'id', 'column', 'country_id'].map((arg) => sql.lit(arg)));

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('reply_templates')
    .addColumn('id', 'integer', (col) => col.primaryKey().generatedByDefaultAsIdentity())
    .addColumn('country_id', 'integer', (col) => col.notNull().references('countries.id').onDelete('cascade'))
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('subject', 'text', (col) => col.notNull())
    .addColumn('body', 'text', (col) => col.notNull())
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('reply_templates_country').on('reply_templates').column('country_id').execute();
  await sql`create trigger reply_templates_audit after insert or update on reply_templates
    for each row execute function audit_change(${AUDIT_ARGS})`.execute(db);
  await sql`create trigger reply_templates_audit_delete before delete on reply_templates
    for each row execute function audit_change(${AUDIT_ARGS})`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('reply_templates').execute();
}
