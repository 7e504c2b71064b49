import type { Kysely } from 'kysely';

/*
 * Each lead's appointment event carries a random key in its UID (issue 52, decision 062): a calendar's Accept or
 * Decline is believed only from someone who was sent the invitation, not from anyone who can guess a lead's number.
 * Set when the first invitation is sent; invitations sent before have none, and answers to them are not read.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('leads').addColumn('appointment_key', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('leads').dropColumn('appointment_key').execute();
}
