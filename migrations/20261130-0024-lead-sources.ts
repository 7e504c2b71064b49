import { sql, type Kysely } from 'kysely';

/*
 * Where a lead came from (decision 047): the campaign tags, referring site and pages a visitor's form was sent with
 * (`came_from`, as shared/lead-source.ts checks them), and the channel they sum up to, kept apart for the dashboard to
 * count by. Leads stored before have neither (the dashboard says "Not recorded").
 */

// The channels as they were when this ran (shared/lead-source.ts may grow later, by a migration of its own).
const CHANNELS = ['PAID', 'SOCIAL', 'SEARCH', 'EMAIL', 'REFERRAL', 'CAMPAIGN', 'DIRECT'];

export async function up(db: Kysely<any>): Promise<void> {
  await sql`create type lead_channel as enum (${sql.join(CHANNELS.map((channel) => sql.lit(channel)))})`.execute(db);
  await db.schema
    .alterTable('leads')
    .addColumn('channel', sql.id('lead_channel'))
    .addColumn('came_from', 'jsonb')
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('leads').dropColumn('channel').dropColumn('came_from').execute();
  await sql`drop type lead_channel`.execute(db);
}
