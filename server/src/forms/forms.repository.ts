import type { Kysely } from 'kysely';
import type { DB, NewContactUsEntry, NewGeneralFormEntry, NewOshcFormEntry } from '../db/schema.js';

export type FormTable = 'contact_us_entries' | 'general_form_entries' | 'oshc_form_entries';

/** A branch with its country's status: enquiries go to branches of enabled countries only. */
export function findBranch(db: Kysely<DB>, branchId: number) {
  return db
    .selectFrom('branches')
    .innerJoin('countries', 'countries.id', 'branches.country_id')
    .select(['branches.id', 'branches.country_id', 'countries.is_enabled'])
    .where('branches.id', '=', branchId)
    .executeTakeFirst();
}

export function findCountryStatus(db: Kysely<DB>, countryId: number) {
  return db.selectFrom('countries').select(['id', 'is_enabled']).where('id', '=', countryId).executeTakeFirst();
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
    .select([
      'id',
      'country_id',
      'first_name',
      'last_name',
      'email_address',
      'contact_number',
      'services',
      'comment',
      'has_agreed_to_terms',
      'created_at',
    ])
    .where('country_id', '=', countryId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc');
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
