import { sql, type Kysely } from 'kysely';

/*
 * Visitors' answers come back into their lead (decision 053): a mail the provider posts to /api/inbound-mail that
 * answers one of the lead's mails (In-Reply-To or References names its Message-ID) is kept here, once per Message-ID
 * (a provider posts again when unsure), with an ANSWER line in the lead's history. A calendar's answer to the
 * appointment's invitation (an iTIP REPLY: accepted, declined, maybe) is kept on the lead until the appointment
 * changes, with an APPOINTMENT_ANSWER line.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter type lead_event_kind add value if not exists 'ANSWER'`.execute(db);
  await sql`alter type lead_event_kind add value if not exists 'APPOINTMENT_ANSWER'`.execute(db);
  await sql`create type appointment_response as enum ('ACCEPTED', 'DECLINED', 'TENTATIVE')`.execute(db);
  await db.schema.alterTable('leads').addColumn('appointment_response', sql.id('appointment_response')).execute();
  await db.schema
    .createTable('lead_answers')
    .addColumn('id', 'integer', (col) => col.primaryKey().generatedByDefaultAsIdentity())
    .addColumn('lead_id', 'integer', (col) => col.notNull().references('leads.id').onDelete('cascade'))
    // The mail it answers; a privacy request that removes the lead's mails removes its answers first.
    .addColumn('answered_mail_id', 'integer', (col) => col.references('mails.id').onDelete('set null'))
    .addColumn('message_id', 'text', (col) => col.notNull())
    .addColumn('from_address', 'text', (col) => col.notNull())
    .addColumn('subject', 'text', (col) => col.notNull())
    .addColumn('text', 'text', (col) => col.notNull())
    .addColumn('received_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('lead_answers_message', ['lead_id', 'message_id'])
    .execute();
  await db.schema.createIndex('lead_answers_answered_mail').on('lead_answers').column('answered_mail_id').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  // PostgreSQL cannot drop an enum value; ANSWER and APPOINTMENT_ANSWER stay, with no row using them.
  await db.deleteFrom('lead_events').where('kind', 'in', ['ANSWER', 'APPOINTMENT_ANSWER']).execute();
  await db.schema.alterTable('leads').dropColumn('appointment_response').execute();
  await sql`drop type appointment_response`.execute(db);
  await db.schema.dropTable('lead_answers').execute();
}
