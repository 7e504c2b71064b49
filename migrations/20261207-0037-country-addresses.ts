import { sql, type Kysely } from 'kysely';
import { countryCodeOfName } from '../shared/country-codes.js';

/*
 * Each country site's address (decision 066): the country's ISO code as the first segment of its pages' paths.
 * Countries named as a country is in English get theirs now (Nepal → np); Global and any other keep none until staff
 * give one. Unique among countries, stored lower case.
 *
 * A page names its versions on the other country sites that show it (hreflang), so a country showing a page or not
 * now renders that page again on every site (`page:<id>`), not only on that country's (`country:<id>`).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('countries').addColumn('code', 'text').execute();
  await db.schema.createIndex('countries_code_key').on('countries').column('code').unique().execute();
  // Given on upgrade, not by anyone: Activity leaves these out, as the seed's (migration 0020).
  await sql`select set_config('app.starting_content', 'on', true)`.execute(db);
  const rows = await db.selectFrom('countries').select(['id', 'name']).orderBy('id').execute();
  const taken = new Set<string>();
  for (const { id, name } of rows as { id: number; name: string }[]) {
    const code = name === 'Global' ? undefined : countryCodeOfName(name);
    if (!code || taken.has(code)) continue;
    taken.add(code);
    await db.updateTable('countries').set({ code }).where('id', '=', id).execute();
  }
  await sql`alter table countries add constraint countries_code_check check (code ~ '^[a-z]{2}$')`.execute(db);
  await sql`create trigger country_pages_page_cache_page after insert or update or delete on country_pages
    for each row execute function notify_page_cache('column', 'page', 'page_id')`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop trigger country_pages_page_cache_page on country_pages`.execute(db);
  await db.schema.alterTable('countries').dropColumn('code').execute();
}
