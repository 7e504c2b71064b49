import type { Kysely } from 'kysely';

/*
 * An eligibility checker's result sent with an enquiry (issue 21): the answers in words and the score with its
 * breakdown, as the rules of that day computed them, kept with the lead so a counsellor reads them in the inbox.
 * JSON text: read whole, never queried inside, the same on PostgreSQL and PGlite. Erased with the lead's other
 * personal data (retention, privacy requests).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('leads').addColumn('eligibility', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('leads').dropColumn('eligibility').execute();
}
