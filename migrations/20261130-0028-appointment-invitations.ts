import { sql, type Kysely } from 'kysely';

/*
 * Calendar invitations for arranged appointments (decision 050): each country's time zone (null: the site's own,
 * TIME_ZONE), the mails' calendar part, and their purpose.
 */

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('countries').addColumn('time_zone', 'text').execute();
  await db.schema.alterTable('mails').addColumn('calendar', 'text').execute();
  await sql`alter type mail_purpose add value if not exists 'APPOINTMENT_INVITATION'`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  // The enum keeps the value (PostgreSQL cannot drop one); the mails migration drops the type.
  await db.deleteFrom('mails').where('purpose', '=', 'APPOINTMENT_INVITATION').execute();
  await db.schema.alterTable('mails').dropColumn('calendar').execute();
  await db.schema.alterTable('countries').dropColumn('time_zone').execute();
}
