import { sql, type Kysely } from 'kysely';

/*
 * Every mail the product sends (decision 029), kept: the job that sends it names its row, so a retry sends what is
 * stored and a mail already sent is not sent again; without an SMTP server the rows are the staff area's Outbox.
 */

// The labels as they were when this ran (shared/mail.ts may grow later, by a migration of its own).
const PURPOSES = ['LEAD_NOTIFICATION', 'VISITOR_CONFIRMATION', 'FOLLOW_UP_REMINDER'];
const STATUSES = ['QUEUED', 'SENT', 'KEPT', 'FAILED'];

export async function up(db: Kysely<any>): Promise<void> {
  await sql`create type mail_purpose as enum (${sql.join(PURPOSES.map((label) => sql.lit(label)))})`.execute(db);
  await sql`create type mail_status as enum (${sql.join(STATUSES.map((label) => sql.lit(label)))})`.execute(db);
  await db.schema
    .createTable('mails')
    .addColumn('id', 'integer', (col) => col.primaryKey().generatedByDefaultAsIdentity())
    // What the mail is for, and for which submission or day: one mail per key, however often it is asked for.
    .addColumn('purpose', sql.id('mail_purpose'), (col) => col.notNull())
    .addColumn('dedupe_key', 'text', (col) => col.notNull().unique())
    .addColumn('country_id', 'integer', (col) => col.references('countries.id').onDelete('set null'))
    .addColumn('to_address', 'text', (col) => col.notNull())
    .addColumn('subject', 'text', (col) => col.notNull())
    .addColumn('text_body', 'text', (col) => col.notNull())
    .addColumn('html_body', 'text', (col) => col.notNull())
    // Chosen when the mail is stored, so every attempt carries the same one.
    .addColumn('message_id', 'text', (col) => col.notNull())
    .addColumn('status', sql.id('mail_status'), (col) => col.notNull().defaultTo('QUEUED'))
    .addColumn('attempts', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('last_error', 'text')
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('sent_at', 'timestamptz')
    .execute();
  await db.schema.createIndex('mails_created_at_idx').on('mails').columns(['created_at desc', 'id desc']).execute();
  await db.schema.createIndex('mails_country_id_idx').on('mails').column('country_id').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('mails').execute();
  await sql`drop type mail_status`.execute(db);
  await sql`drop type mail_purpose`.execute(db);
}
