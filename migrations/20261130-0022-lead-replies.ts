import { sql, type Kysely } from 'kysely';

/*
 * Replies from the inbox (decision 046): staff write to the visitor from the lead itself. The reply is a stored mail
 * like every other (decision 029), with the writer's own address as its Reply-To so the visitor's answer reaches a
 * person, and a line in the lead's history.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter type mail_purpose add value if not exists 'LEAD_REPLY'`.execute(db);
  await sql`alter type lead_event_kind add value if not exists 'REPLY'`.execute(db);
  await db.schema.alterTable('mails').addColumn('reply_to', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  // PostgreSQL cannot drop an enum value; LEAD_REPLY and REPLY stay, with no row using them.
  await db.deleteFrom('mails').where('purpose', '=', 'LEAD_REPLY').execute();
  await db.deleteFrom('lead_events').where('kind', '=', 'REPLY').execute();
  await db.schema.alterTable('mails').dropColumn('reply_to').execute();
}
