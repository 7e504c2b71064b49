import { sql, type Kysely } from 'kysely';

/*
 * Leads (decision 030): one row per entry of the three public forms, in the pipeline staff work through, with the
 * visitor's name, address, phone and message copied from the entry so one inbox can filter and search all three
 * forms alike. Notes and a history of every change belong to the lead.
 */

// The labels as they were when this ran (shared/leads.ts may grow later, by a migration of its own).
const KINDS = ['CONTACT_US', 'GENERAL', 'OSHC'];
const STATUSES = ['NEW', 'CONTACTED', 'QUALIFIED', 'WON', 'LOST', 'SPAM'];
const EVENTS = ['CREATED', 'STATUS', 'ASSIGNEE', 'FOLLOW_UP', 'NOTE', 'ANONYMISED'];
const PRIVACY_ACTIONS = ['EXPORT', 'ERASE'];

const labels = (values: string[]) => sql.join(values.map((label) => sql.lit(label)));

export async function up(db: Kysely<any>): Promise<void> {
  await sql`create type lead_kind as enum (${labels(KINDS)})`.execute(db);
  await sql`create type lead_status as enum (${labels(STATUSES)})`.execute(db);
  await sql`create type lead_event_kind as enum (${labels(EVENTS)})`.execute(db);
  await sql`create type privacy_action as enum (${labels(PRIVACY_ACTIONS)})`.execute(db);
  await db.schema
    .createTable('leads')
    .addColumn('id', 'integer', (col) => col.primaryKey().generatedByDefaultAsIdentity())
    .addColumn('kind', sql.id('lead_kind'), (col) => col.notNull())
    // The entry's id in its form's table (contact_us_entries, general_form_entries or oshc_form_entries).
    .addColumn('entry_id', 'integer', (col) => col.notNull())
    .addColumn('country_id', 'integer', (col) => col.notNull().references('countries.id').onDelete('restrict'))
    .addColumn('branch_id', 'integer', (col) => col.references('branches.id').onDelete('set null'))
    .addColumn('status', sql.id('lead_status'), (col) => col.notNull().defaultTo('NEW'))
    .addColumn('assignee_id', 'integer', (col) => col.references('staff_users.id').onDelete('set null'))
    .addColumn('follow_up_on', 'date')
    // OSHC requests carry no name.
    .addColumn('first_name', 'text')
    .addColumn('last_name', 'text')
    .addColumn('email_address', 'text', (col) => col.notNull())
    .addColumn('phone_number', 'text', (col) => col.notNull())
    .addColumn('message', 'text', (col) => col.notNull().defaultTo(''))
    // What the lead asked about: an interested service, an appointment's service, or OSHC.
    .addColumn('service', 'text', (col) => col.notNull())
    // When the entry arrived.
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    // When the visitor's details were removed (by retention or an erasure request); the counts stay.
    .addColumn('anonymised_at', 'timestamptz')
    .addUniqueConstraint('leads_kind_entry_id_key', ['kind', 'entry_id'])
    .execute();
  await db.schema.createIndex('leads_created_at_idx').on('leads').columns(['created_at desc', 'id desc']).execute();
  await db.schema.createIndex('leads_country_id_status_idx').on('leads').columns(['country_id', 'status']).execute();
  // An assignee's follow-ups due (and the foreign key's deletes).
  await db.schema
    .createIndex('leads_assignee_follow_up_idx')
    .on('leads')
    .columns(['assignee_id', 'follow_up_on'])
    .execute();
  await db.schema.createIndex('leads_branch_id_idx').on('leads').column('branch_id').execute();

  await db.schema
    .createTable('lead_notes')
    .addColumn('id', 'integer', (col) => col.primaryKey().generatedByDefaultAsIdentity())
    .addColumn('lead_id', 'integer', (col) => col.notNull().references('leads.id').onDelete('cascade'))
    .addColumn('author_id', 'integer', (col) => col.references('staff_users.id').onDelete('set null'))
    .addColumn('text', 'text', (col) => col.notNull())
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('lead_notes_lead_id_idx').on('lead_notes').columns(['lead_id', 'id']).execute();
  await db.schema.createIndex('lead_notes_author_id_idx').on('lead_notes').column('author_id').execute();

  await db.schema
    .createTable('lead_events')
    .addColumn('id', 'integer', (col) => col.primaryKey().generatedByDefaultAsIdentity())
    .addColumn('lead_id', 'integer', (col) => col.notNull().references('leads.id').onDelete('cascade'))
    // Null: the visitor (the lead's arrival) or the product itself (retention).
    .addColumn('actor_id', 'integer', (col) => col.references('staff_users.id').onDelete('set null'))
    .addColumn('kind', sql.id('lead_event_kind'), (col) => col.notNull())
    // The values before and after, as staff read them (a status, a staff member's name, a date, a note's start).
    .addColumn('from_value', 'text')
    .addColumn('to_value', 'text')
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('lead_events_lead_id_idx').on('lead_events').columns(['lead_id', 'id']).execute();
  await db.schema.createIndex('lead_events_actor_id_idx').on('lead_events').column('actor_id').execute();

  // What ADMINs did for a visitor's privacy request: who, when, what, how much. The address itself is kept only as
  // a SHA-256 hash, so the record of an erasure does not keep what was erased.
  await db.schema
    .createTable('privacy_requests')
    .addColumn('id', 'integer', (col) => col.primaryKey().generatedByDefaultAsIdentity())
    .addColumn('action', sql.id('privacy_action'), (col) => col.notNull())
    .addColumn('email_sha256', 'text', (col) => col.notNull())
    .addColumn('actor_id', 'integer', (col) => col.references('staff_users.id').onDelete('set null'))
    .addColumn('leads', 'integer', (col) => col.notNull())
    .addColumn('mails', 'integer', (col) => col.notNull())
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('privacy_requests_actor_id_idx').on('privacy_requests').column('actor_id').execute();
  await db.schema
    .createIndex('leads_anonymise_idx')
    .on('leads')
    .column('created_at')
    .where(sql.ref('anonymised_at'), 'is', null)
    .execute();
  await db.schema
    .createIndex('leads_email_idx')
    .on('leads')
    .expression(sql`lower(email_address)`)
    .execute();

  // Entries that arrived before leads existed become leads too, so the inbox starts complete.
  await sql`insert into leads (kind, entry_id, country_id, branch_id, first_name, last_name, email_address,
      phone_number, message, service, created_at, updated_at)
    select 'CONTACT_US'::lead_kind, id, country_id, branch_id, first_name, last_name, email_address, phone_number,
      message, interested_service::text, created_at, created_at from contact_us_entries
    union all
    select 'GENERAL'::lead_kind, id, country_id, null, first_name, last_name, email_address, contact_number, comment,
      services::text, created_at, created_at from general_form_entries
    union all
    select 'OSHC'::lead_kind, id, country_id, null, null, null, email, phone_no, '', 'OSHC', created_at, created_at
      from oshc_form_entries`.execute(db);
  await sql`insert into lead_events (lead_id, kind, to_value, created_at)
    select id, 'CREATED'::lead_event_kind, 'New', created_at from leads`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('privacy_requests').execute();
  await sql`drop type privacy_action`.execute(db);
  await db.schema.dropTable('lead_events').execute();
  await db.schema.dropTable('lead_notes').execute();
  await db.schema.dropTable('leads').execute();
  await sql`drop type lead_event_kind`.execute(db);
  await sql`drop type lead_status`.execute(db);
  await sql`drop type lead_kind`.execute(db);
}
