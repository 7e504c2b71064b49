import { sql, type Kysely } from 'kysely';

/* The visitor's reminder of an appointment arranged on their lead, sent the morning before (decision 049). */

export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter type mail_purpose add value if not exists 'APPOINTMENT_REMINDER'`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  // The enum keeps the value (PostgreSQL cannot drop one); the mails migration drops the type.
  await db.deleteFrom('mails').where('purpose', '=', 'APPOINTMENT_REMINDER').execute();
}
