import type { Kysely } from 'kysely';

/*
 * A home service card can lead to the page that tells more (issue 17: "cards with image, summary, link"): the path
 * of one of the site's public pages, or nothing for a card without a link.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('home_services').addColumn('link', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('home_services').dropColumn('link').execute();
}
