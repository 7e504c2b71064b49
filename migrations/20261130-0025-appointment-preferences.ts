import { sql, type Kysely } from 'kysely';

/*
 * What a visitor asks for when booking an appointment (decision 048): how to meet, which branch, a preferred day and
 * part of the day. All optional: entries stored before have none, and the spec's form is complete without them.
 */

// The lists as they were when this ran (shared/appointment.ts may grow later, by a migration of its own).
const MEETINGS = ['IN_PERSON', 'VIDEO', 'PHONE'];
const TIMES = ['MORNING', 'AFTERNOON'];

const enumList = (values: string[]) => sql.join(values.map((value) => sql.lit(value)));

export async function up(db: Kysely<any>): Promise<void> {
  await sql`create type appointment_meeting as enum (${enumList(MEETINGS)})`.execute(db);
  await sql`create type appointment_time as enum (${enumList(TIMES)})`.execute(db);
  await db.schema
    .alterTable('general_form_entries')
    .addColumn('meeting', sql.id('appointment_meeting'))
    // A deleted branch leaves the booking in place, without its branch (as an enquiry's).
    .addColumn('branch_id', 'integer', (col) => col.references('branches.id').onDelete('set null'))
    .addColumn('preferred_date', 'date')
    .addColumn('preferred_time', sql.id('appointment_time'))
    .execute();
  await db.schema
    .createIndex('general_form_entries_branch_id_idx')
    .on('general_form_entries')
    .column('branch_id')
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('general_form_entries')
    .dropColumn('meeting')
    .dropColumn('branch_id')
    .dropColumn('preferred_date')
    .dropColumn('preferred_time')
    .execute();
  await sql`drop type appointment_time`.execute(db);
  await sql`drop type appointment_meeting`.execute(db);
}
