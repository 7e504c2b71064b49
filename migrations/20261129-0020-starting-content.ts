import { sql, type Kysely } from 'kysely';

/*
 * The content the site starts with (the seed) is recorded like any change, since an item's history starts with its
 * first version, but it is nobody's activity: a new site's Activity would open on dozens of "The site added …" lines.
 * Entries written while the seed runs (`app.starting_content`, set for its transaction) are marked, and Activity
 * leaves them out. Those the seed wrote before this are known by their time: the seed's one transaction records its
 * sets in `seed_runs` with the same now() as its entries.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('audit_log')
    .addColumn('starting_content', 'boolean', (col) =>
      col.notNull().defaultTo(sql`coalesce(current_setting('app.starting_content', true) = 'on', false)`),
    )
    .execute();
  await sql`update audit_log set starting_content = true
    where staff_id is null and at in (select applied_at from seed_runs)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('audit_log').dropColumn('starting_content').execute();
}
