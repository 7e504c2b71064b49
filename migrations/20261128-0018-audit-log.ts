import { sql, type Kysely } from 'kysely';

/*
 * The audit log (issue 20): who changed what, when, in which country, field by field. Written by triggers, like the
 * page cache's notifications (migration 0006), so no service, script or seed can change content unrecorded. Who: the
 * staff member a staff call runs as (`app.staff_id`, set for its transaction: see server/src/audit/), else the row's
 * own uploader (`uploaded_by`), else nobody (the seed, a job). Each entry keeps the row as it became (`snapshot`),
 * which is what a revision is and what "restore" brings back.
 *
 * `audit_change()` reads from its trigger's arguments: the kind (the product's word), the column holding the item's
 * id, and how the entry finds its countries:
 * - ('none'): none (pages' texts, settings: only ADMINs see them);
 * - ('self'): the row is a country;
 * - ('column', <column>): the row's own country column;
 * - ('linked', <link table>, <link column>): the countries the item is linked to (shared content);
 * - ('link', <country column or ''>, <item table>): the row links an item (to a country or page). Its entry is the
 *   item's "added to"/"removed from"; a link that goes because its item was deleted records nothing more.
 */

/** Columns never recorded: timestamps (the entry has its own) and secrets. */
const UNRECORDED = ['created_at', 'updated_at', 'went_live_at', 'password_hash', 'secret', 'oidc_subject'];

/** [table, kind, item column, country mode, ...mode arguments] */
const AUDITED: [string, string, string, ...string[]][] = [
  ['countries', 'country', 'id', 'self'],
  ['country_pages', 'page', 'page_id', 'link', 'country_id', 'pages'],
  ['page_contents', 'page text', 'page_id', 'none'],
  ['page_faqs', 'page question', 'id', 'none'],
  ['branches', 'branch', 'id', 'column', 'country_id'],
  ['header_contact_infos', 'contact details', 'id', 'column', 'country_id'],
  ['footer_social_media', 'social media link', 'id', 'column', 'country_id'],
  ['google_maps', 'map', 'id', 'column', 'country_id'],
  ['home_about_us', 'About Us', 'id', 'column', 'country_id'],
  ['home_services', 'home service', 'id', 'column', 'country_id'],
  ['country_certificates', 'certificate', 'id', 'column', 'country_id'],
  ['country_webhooks', 'webhook', 'country_id', 'column', 'country_id'],
  ['banners', 'banner', 'id', 'linked', 'banner_countries', 'banner_id'],
  ['banner_pages', 'banner', 'banner_id', 'link', '', 'banners'],
  ['banner_countries', 'banner', 'banner_id', 'link', 'country_id', 'banners'],
  ['testimonials', 'testimonial', 'id', 'linked', 'testimonial_countries', 'testimonial_id'],
  ['testimonial_countries', 'testimonial', 'testimonial_id', 'link', 'country_id', 'testimonials'],
  ['popups', 'popup', 'id', 'linked', 'popup_countries', 'popup_id'],
  ['popup_countries', 'popup', 'popup_id', 'link', 'country_id', 'popups'],
  ['team_members', 'team member', 'id', 'linked', 'team_member_countries', 'team_member_id'],
  ['team_member_countries', 'team member', 'team_member_id', 'link', 'country_id', 'team_members'],
  ['images', 'picture', 'id', 'linked', 'image_countries', 'image_id'],
  ['country_gallery_images', 'picture', 'image_id', 'link', 'country_id', 'images'],
  ['videos', 'video', 'id', 'linked', 'video_countries', 'video_id'],
  ['country_gallery_videos', 'video', 'video_id', 'link', 'country_id', 'videos'],
  ['staff_users', 'staff member', 'id', 'linked', 'staff_user_countries', 'staff_user_id'],
  ['staff_user_countries', 'staff member', 'staff_user_id', 'link', 'country_id', 'staff_users'],
  ['site_settings', 'settings', '', 'none'],
  ['posts', 'post', 'id', 'linked', 'post_countries', 'post_id'],
  ['post_countries', 'post', 'post_id', 'link', 'country_id', 'posts'],
];

const UNRECORDED_ARRAY = sql.raw(`array[${UNRECORDED.map((column) => `'${column}'`).join(', ')}]`);

const trigger = (table: string) => sql.id(`${table}_audit`);

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('audit_log')
    .addColumn('id', 'integer', (col) => col.primaryKey().generatedByDefaultAsIdentity())
    .addColumn('at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('staff_id', 'integer', (col) => col.references('staff_users.id').onDelete('set null'))
    .addColumn('kind', 'text', (col) => col.notNull())
    .addColumn('item_id', 'integer')
    .addColumn('item_name', 'text')
    .addColumn('action', 'text', (col) => col.notNull())
    .addColumn('changes', 'jsonb', (col) => col.notNull())
    .addColumn('snapshot', 'jsonb')
    .execute();
  await db.schema.createIndex('audit_log_staff').on('audit_log').column('staff_id').execute();
  await db.schema.createIndex('audit_log_item').on('audit_log').columns(['kind', 'item_id']).execute();
  await db.schema
    .createTable('audit_log_countries')
    .addColumn('audit_id', 'integer', (col) => col.notNull().references('audit_log.id').onDelete('cascade'))
    .addColumn('country_id', 'integer', (col) => col.notNull().references('countries.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('audit_log_countries_pkey', ['audit_id', 'country_id'])
    .execute();
  await db.schema.createIndex('audit_log_countries_country').on('audit_log_countries').column('country_id').execute();

  await sql`
    create function audit_change() returns trigger language plpgsql as $$
    declare
      kind text := TG_ARGV[0];
      item_column text := TG_ARGV[1];
      mode text := TG_ARGV[2];
      old_row jsonb := case when TG_OP in ('UPDATE', 'DELETE') then to_jsonb(OLD) - ${UNRECORDED_ARRAY} end;
      new_row jsonb := case when TG_OP in ('INSERT', 'UPDATE') then to_jsonb(NEW) - ${UNRECORDED_ARRAY} end;
      row_now jsonb := coalesce(new_row, old_row);
      action text := case TG_OP when 'INSERT' then 'added' when 'UPDATE' then 'changed' else 'deleted' end;
      changes jsonb := '{}';
      field text;
      item_id integer;
      item_name text;
      entry_id integer;
      countries integer[] := '{}';
      item_gone boolean;
    begin
      -- What changed, field by field: {"title": {"from": "Old", "to": "New"}}.
      for field in select jsonb_object_keys(coalesce(old_row, '{}') || coalesce(new_row, '{}')) loop
        if (old_row -> field) is distinct from (new_row -> field) then
          changes := changes || jsonb_build_object(field, case
            when old_row is null then jsonb_build_object('to', new_row -> field)
            when new_row is null then jsonb_build_object('from', old_row -> field)
            else jsonb_build_object('from', old_row -> field, 'to', new_row -> field) end);
        end if;
      end loop;
      if changes = '{}' then
        if TG_WHEN = 'BEFORE' then
          return OLD;
        end if;
        return null;
      end if;
      if item_column <> '' then
        item_id := (row_now ->> item_column)::integer;
      end if;
      item_name := coalesce(row_now ->> 'title', row_now ->> 'name', row_now ->> 'heading', row_now ->> 'question',
        row_now ->> 'image_name', row_now ->> 'video_name', row_now ->> 'email');
      if mode = 'self' then
        countries := array[item_id];
      elsif mode = 'column' then
        countries := array[(row_now ->> TG_ARGV[3])::integer];
      elsif mode = 'linked' then
        execute format('select coalesce(array_agg(country_id), ''{}'') from %I where %I = $1', TG_ARGV[3], TG_ARGV[4])
          into countries using item_id;
      elsif mode = 'link' then
        execute format('select not exists (select 1 from %I where id = $1)', TG_ARGV[4]) into item_gone using item_id;
        if TG_OP = 'DELETE' and item_gone then
          return OLD;
        end if;
        action := case TG_OP when 'INSERT' then 'linked' when 'DELETE' then 'unlinked' else 'changed' end;
        execute format('select coalesce(title, name) from (select to_jsonb(t) ->> ''title'' as title,
          coalesce(to_jsonb(t) ->> ''name'', to_jsonb(t) ->> ''image_name'', to_jsonb(t) ->> ''video_name'') as name
          from %I t where id = $1) named', TG_ARGV[4]) into item_name using item_id;
        if TG_ARGV[3] <> '' then
          countries := array[(row_now ->> TG_ARGV[3])::integer];
        end if;
        new_row := null;
      end if;
      insert into audit_log (staff_id, kind, item_id, item_name, action, changes, snapshot)
      values (
        coalesce(nullif(current_setting('app.staff_id', true), '')::integer, (row_now ->> 'uploaded_by')::integer),
        kind, item_id, item_name, action, changes, new_row)
      returning id into entry_id;
      insert into audit_log_countries (audit_id, country_id)
      select entry_id, country from unnest(countries) country
      where country is not null and exists (select 1 from countries where id = country)
      on conflict do nothing;
      -- A BEFORE DELETE trigger lets the deletion go on by answering the row.
      if TG_WHEN = 'BEFORE' then
        return OLD;
      end if;
      return null;
    end
    $$`.execute(db);

  for (const [table, ...args] of AUDITED) {
    const literals = sql.join(args.map((arg) => sql.lit(arg)));
    // Deletions before they happen: a shared item's countries are still linked then (its links go with it).
    await sql`create trigger ${trigger(table)} after insert or update on ${sql.table(table)}
      for each row execute function audit_change(${literals})`.execute(db);
    await sql`create trigger ${sql.id(`${table}_audit_delete`)} before delete on ${sql.table(table)}
      for each row execute function audit_change(${literals})`.execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const [table] of AUDITED) {
    await sql`drop trigger ${trigger(table)} on ${sql.table(table)}`.execute(db);
    await sql`drop trigger ${sql.id(`${table}_audit_delete`)} on ${sql.table(table)}`.execute(db);
  }
  await sql`drop function audit_change()`.execute(db);
  await db.schema.dropTable('audit_log_countries').execute();
  await db.schema.dropTable('audit_log').execute();
}
