import { sql, type Kysely } from 'kysely';

/*
 * Every public page carries the chat bubble's branches (spec §2: the branches with a messenger page, of every
 * country), so a change to such a branch changes the pages of every country site, not only its own country's. These
 * triggers name the tag `chat-branches`, which every kept page carries (site.routes.ts); a branch without a messenger
 * page stays its own country's business (the `country:<id>` trigger of migration 0006).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create trigger branches_page_cache_chat_insert after insert on branches
    for each row when (new.messenger_url is not null)
    execute function notify_page_cache('tag', 'chat-branches')`.execute(db);
  await sql`create trigger branches_page_cache_chat_update after update on branches
    for each row when (old.messenger_url is not null or new.messenger_url is not null)
    execute function notify_page_cache('tag', 'chat-branches')`.execute(db);
  await sql`create trigger branches_page_cache_chat_delete after delete on branches
    for each row when (old.messenger_url is not null)
    execute function notify_page_cache('tag', 'chat-branches')`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const name of ['insert', 'update', 'delete']) {
    await sql`drop trigger ${sql.id(`branches_page_cache_chat_${name}`)} on branches`.execute(db);
  }
}
