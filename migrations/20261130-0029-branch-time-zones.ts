import type { Kysely } from 'kysely';

/* A branch's own time zone, for a country whose branches keep different clocks (decision 050); null: the country's. */

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('branches').addColumn('time_zone', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('branches').dropColumn('time_zone').execute();
}
