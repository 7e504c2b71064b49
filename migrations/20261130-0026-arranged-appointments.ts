import { sql, type Kysely } from 'kysely';

/*
 * An appointment staff arrange with a lead's visitor (decision 049): its day and time as the clock reads where the
 * meeting is (no time zone: a branch's clock, or the visitor's for a call), and how they meet; and the history line
 * it leaves. The three columns are set together or not at all.
 */

export async function up(db: Kysely<any>): Promise<void> {
  // Added outside any use in this migration: PostgreSQL takes a new enum value only once its transaction ends.
  await sql`alter type lead_event_kind add value if not exists 'APPOINTMENT'`.execute(db);
  await db.schema
    .alterTable('leads')
    .addColumn('appointment_on', 'date')
    .addColumn('appointment_time', 'text', (col) =>
      col.check(sql`appointment_time ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'`),
    )
    .addColumn('appointment_meeting', sql.id('appointment_meeting'))
    .execute();
  await db.schema
    .alterTable('leads')
    .addCheckConstraint(
      'leads_appointment_whole',
      sql`(appointment_on is null) = (appointment_time is null) and (appointment_on is null) = (appointment_meeting is null)`,
    )
    .execute();
  await db.schema
    .createIndex('leads_appointment_on_idx')
    .on('leads')
    .column('appointment_on')
    .where(sql.ref('appointment_on'), 'is not', null)
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('leads_appointment_on_idx').execute();
  await db.schema.alterTable('leads').dropConstraint('leads_appointment_whole').execute();
  await db.schema
    .alterTable('leads')
    .dropColumn('appointment_on')
    .dropColumn('appointment_time')
    .dropColumn('appointment_meeting')
    .execute();
  // The history's enum keeps its APPOINTMENT value (PostgreSQL cannot drop one); the leads migration drops the type.
  await db.deleteFrom('lead_events').where('kind', '=', 'APPOINTMENT').execute();
}
