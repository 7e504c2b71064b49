import { sql, type Kysely } from 'kysely';

/*
 * Alternative text on every image (issue 53): what the public site says of a picture to people who cannot see it.
 * Staff write it at upload and may change it; `alt_text_reviewed` says staff wrote or confirmed it. The images already
 * in the library start from their file name's words ("graduation-day.jpg" → "graduation day"), not reviewed, so the
 * go-live checklist counts them until staff have looked. A row inserted without either (a script) starts empty and
 * not reviewed.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('images')
    .addColumn('alt_text', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('alt_text_reviewed', 'boolean', (col) => col.notNull().defaultTo(false))
    .execute();
  // Given on upgrade, not by anyone: Activity leaves these out, as the seed's (migration 0020).
  await sql`select set_config('app.starting_content', 'on', true)`.execute(db);
  // As shared/media.schema.ts altTextOfFileName: without the extension, dashes and underscores as spaces.
  const words = sql`trim(regexp_replace(regexp_replace(image_name, ${'\\.[A-Za-z0-9]{2,5}$'}, ''), ${'[-_\\s]+'}, ' ', 'g'))`;
  await sql`update images set alt_text = left(coalesce(nullif(${words}, ''), image_name), 250)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('images').dropColumn('alt_text').dropColumn('alt_text_reviewed').execute();
}
