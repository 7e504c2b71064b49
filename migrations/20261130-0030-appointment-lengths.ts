import { sql, type Kysely } from 'kysely';

/*
 * How long an arranged appointment lasts, in minutes (decision 050): set with the appointment's other columns, an
 * hour for those arranged before lengths were asked.
 */

const WHOLE = sql`(appointment_on is null) = (appointment_time is null) and (appointment_on is null) = (appointment_meeting is null)`;

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('leads')
    .addColumn('appointment_minutes', 'smallint', (col) => col.check(sql`appointment_minutes between 5 and 480`))
    .execute();
  await db.updateTable('leads').set({ appointment_minutes: 60 }).where('appointment_on', 'is not', null).execute();
  await db.schema.alterTable('leads').dropConstraint('leads_appointment_whole').execute();
  await db.schema
    .alterTable('leads')
    .addCheckConstraint(
      'leads_appointment_whole',
      sql`${WHOLE} and (appointment_on is null) = (appointment_minutes is null)`,
    )
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('leads').dropConstraint('leads_appointment_whole').execute();
  await db.schema.alterTable('leads').addCheckConstraint('leads_appointment_whole', WHOLE).execute();
  await db.schema.alterTable('leads').dropColumn('appointment_minutes').execute();
}
