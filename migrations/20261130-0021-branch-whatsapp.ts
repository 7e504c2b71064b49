import type { Kysely } from 'kysely';

/*
 * A branch's WhatsApp number (international, as staff wrote it): the chat dialog and Contact Us offer it beside the
 * messenger page, since many of the consultancy's visitors write to a branch on WhatsApp rather than on Messenger.
 * The chat branches' page-cache trigger (migration 0013) already fires for every change to a branch with a messenger
 * page, the only ones the chat dialog lists; Contact Us is its country's page (migration 0006).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('branches').addColumn('whatsapp_number', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('branches').dropColumn('whatsapp_number').execute();
}
