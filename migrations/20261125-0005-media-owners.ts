import { sql, type Kysely } from 'kysely';

/*
 * Who added each library image and video, and for which countries (issue 14): an EDITOR may delete only media of
 * countries they hold, and may link media into a gallery only when they hold every country it belongs to. Media
 * added by an ADMIN, and media from before this migration, belong to no country: only an ADMIN deletes them.
 */

const MEDIA = [
  { table: 'images', addedBy: 'uploaded_by', link: 'image_countries', item: 'image_id' },
  { table: 'videos', addedBy: 'added_by', link: 'video_countries', item: 'video_id' },
] as const;

export async function up(db: Kysely<any>): Promise<void> {
  for (const media of MEDIA) {
    await db.schema
      .alterTable(media.table)
      // The staff member who added it; kept as "someone" (null) when their account row is ever removed.
      .addColumn(media.addedBy, 'integer', (col) => col.references('staff_users.id').onDelete('set null'))
      .execute();
    await db.schema.createIndex(`${media.table}_${media.addedBy}_idx`).on(media.table).column(media.addedBy).execute();
    await db.schema
      .createTable(media.link)
      .addColumn(media.item, 'integer', (col) => col.notNull().references(`${media.table}.id`).onDelete('cascade'))
      .addColumn('country_id', 'integer', (col) => col.notNull().references('countries.id').onDelete('cascade'))
      .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
      .addPrimaryKeyConstraint(`${media.link}_pkey`, [media.item, 'country_id'])
      .execute();
    await db.schema.createIndex(`${media.link}_country_id_idx`).on(media.link).column('country_id').execute();
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const media of [...MEDIA].reverse()) {
    await db.schema.dropTable(media.link).execute();
    await db.schema.alterTable(media.table).dropColumn(media.addedBy).execute();
  }
}
