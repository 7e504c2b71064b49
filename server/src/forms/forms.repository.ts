import type { Kysely } from 'kysely';
import type { DB, NewContactUsEntry, NewGeneralFormEntry, NewOshcFormEntry } from '../db/schema.js';

export type FormTable = 'contact_us_entries' | 'general_form_entries' | 'oshc_form_entries';

/**
 * An enquiry's branch with what its lead needs (decision 030): the branch's country and whether it is enabled, and the
 * country's enabled webhook. One statement: it runs on the path of every enquiry.
 */
export function findBranchForLead(db: Kysely<DB>, branchId: number) {
  return db
    .selectFrom('branches')
    .innerJoin('countries', 'countries.id', 'branches.country_id')
    .leftJoin('country_webhooks', (join) =>
      join
        .onRef('country_webhooks.country_id', '=', 'branches.country_id')
        .on('country_webhooks.is_enabled', '=', true),
    )
    .select([
      'branches.id',
      'branches.name',
      'branches.email',
      'branches.country_id',
      'countries.name as country_name',
      'countries.is_enabled',
      'country_webhooks.url as webhook_url',
    ])
    .where('branches.id', '=', branchId)
    .executeTakeFirst();
}

/** A country with what a lead sent on its site needs: its contact address and its enabled webhook. One statement. */
export function findCountryForLead(db: Kysely<DB>, countryId: number) {
  return db
    .selectFrom('countries')
    .leftJoin('header_contact_infos', 'header_contact_infos.country_id', 'countries.id')
    .leftJoin('country_webhooks', (join) =>
      join.onRef('country_webhooks.country_id', '=', 'countries.id').on('country_webhooks.is_enabled', '=', true),
    )
    .select([
      'countries.name',
      'countries.is_enabled',
      'header_contact_infos.email as contact_email',
      'country_webhooks.url as webhook_url',
    ])
    .where('countries.id', '=', countryId)
    .executeTakeFirst();
}

/** The entry stored under a client's submission id, if any. */
export async function findBySubmission(db: Kysely<DB>, table: FormTable, submissionId: string) {
  const row = await db.selectFrom(table).select('id').where('submission_id', '=', submissionId).executeTakeFirst();
  return row?.id;
}

// Inserts answer the new id, or undefined when the submission id is already stored (a concurrent retry).

export async function insertContactUs(db: Kysely<DB>, values: NewContactUsEntry): Promise<number | undefined> {
  const row = await db
    .insertInto('contact_us_entries')
    .values(values)
    .onConflict((oc) => oc.column('submission_id').doNothing())
    .returning('id')
    .executeTakeFirst();
  return row?.id;
}

export async function insertGeneralForm(db: Kysely<DB>, values: NewGeneralFormEntry): Promise<number | undefined> {
  const row = await db
    .insertInto('general_form_entries')
    .values(values)
    .onConflict((oc) => oc.column('submission_id').doNothing())
    .returning('id')
    .executeTakeFirst();
  return row?.id;
}

export async function insertOshc(db: Kysely<DB>, values: NewOshcFormEntry): Promise<number | undefined> {
  const row = await db
    .insertInto('oshc_form_entries')
    .values(values)
    .onConflict((oc) => oc.column('submission_id').doNothing())
    .returning('id')
    .executeTakeFirst();
  return row?.id;
}

/**
 * One country's enquiries (optionally one branch's), newest first, with the branch they were sent to (null once it
 * is deleted).
 */
export function selectContactUsEntries(db: Kysely<DB>, countryId: number, branchId: number | null) {
  const query = db
    .selectFrom('contact_us_entries')
    .leftJoin('branches', 'branches.id', 'contact_us_entries.branch_id')
    .select([
      'contact_us_entries.id',
      'contact_us_entries.country_id',
      'contact_us_entries.branch_id',
      'branches.name as branch_name',
      'contact_us_entries.first_name',
      'contact_us_entries.last_name',
      'contact_us_entries.email_address',
      'contact_us_entries.phone_number',
      'contact_us_entries.subject',
      'contact_us_entries.hear_about_us',
      'contact_us_entries.interested_service',
      'contact_us_entries.message',
      'contact_us_entries.has_agreed_to_terms',
      'contact_us_entries.created_at',
    ])
    .where('contact_us_entries.country_id', '=', countryId)
    .orderBy('contact_us_entries.created_at', 'desc')
    .orderBy('contact_us_entries.id', 'desc');
  return branchId === null ? query : query.where('contact_us_entries.branch_id', '=', branchId);
}

export function selectGeneralFormEntries(db: Kysely<DB>, countryId: number) {
  return db
    .selectFrom('general_form_entries')
    .leftJoin('branches', 'branches.id', 'general_form_entries.branch_id')
    .select([
      'general_form_entries.id',
      'general_form_entries.country_id',
      'general_form_entries.first_name',
      'general_form_entries.last_name',
      'general_form_entries.email_address',
      'general_form_entries.contact_number',
      'general_form_entries.services',
      'general_form_entries.meeting',
      'general_form_entries.branch_id',
      'branches.name as branch_name',
      'general_form_entries.preferred_date',
      'general_form_entries.preferred_time',
      'general_form_entries.comment',
      'general_form_entries.has_agreed_to_terms',
      'general_form_entries.created_at',
    ])
    .where('general_form_entries.country_id', '=', countryId)
    .orderBy('general_form_entries.created_at', 'desc')
    .orderBy('general_form_entries.id', 'desc');
}

export function selectOshcEntries(db: Kysely<DB>, countryId: number) {
  return db
    .selectFrom('oshc_form_entries')
    .select([
      'id',
      'country_id',
      'policy_types',
      'policy_start_date',
      'policy_end_date',
      'phone_no',
      'email',
      'created_at',
    ])
    .where('country_id', '=', countryId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc');
}
