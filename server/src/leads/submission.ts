import type { Kysely, Selectable } from 'kysely';
import {
  GENERAL_FORM_SERVICE_LABELS,
  HEAR_ABOUT_US_LABELS,
  INTERESTED_SERVICE_LABELS,
  POLICY_TYPE_LABELS,
} from '../../../shared/forms.schema.js';
import { APPOINTMENT_MEETING_LABELS, APPOINTMENT_TIME_LABELS, dayLabel } from '../../../shared/appointment.js';
import type { LeadKind } from '../../../shared/leads.js';
import { scoreSummary, type LeadEligibility } from '../../../shared/eligibility/attachment.js';
import type { ContactUsEntriesTable, DB, GeneralFormEntriesTable, OshcFormEntriesTable } from '../db/schema.js';

/** One line of a submission as staff read it: the form's label and what the visitor sent. */
export type SubmissionField = [label: string, value: string];

// What the visitor filled in, by the entry tables' column names (the forms' input names are the same).
type ContactUs = Pick<
  Selectable<ContactUsEntriesTable>,
  | 'first_name'
  | 'last_name'
  | 'email_address'
  | 'phone_number'
  | 'subject'
  | 'interested_service'
  | 'hear_about_us'
  | 'message'
  | 'has_agreed_to_terms'
>;
type General = Pick<
  Selectable<GeneralFormEntriesTable>,
  | 'first_name'
  | 'last_name'
  | 'email_address'
  | 'contact_number'
  | 'services'
  | 'meeting'
  | 'preferred_date'
  | 'preferred_time'
  | 'comment'
  | 'has_agreed_to_terms'
>;
type Oshc = Pick<
  Selectable<OshcFormEntriesTable>,
  'policy_types' | 'policy_start_date' | 'policy_end_date' | 'phone_no' | 'email'
>;

const yesNo = (value: boolean) => (value ? 'Yes' : 'No');
/** A line for an optional answer, only when there is one. */
const given = (label: string, value: string | null): SubmissionField[] => (value ? [[label, value]] : []);

/**
 * A submission's fields in the form's order, with the labels visitors saw: the same lines go into the lead's mails
 * and the inbox's detail view, so both show what was sent.
 */
export const SUBMISSION_FIELDS = {
  CONTACT_US: (entry: ContactUs): SubmissionField[] => [
    ['First name', entry.first_name],
    ['Last name', entry.last_name],
    ['Email address', entry.email_address],
    ['Phone number', entry.phone_number],
    ['Subject', entry.subject],
    ['Interested in', INTERESTED_SERVICE_LABELS[entry.interested_service]],
    ['Heard about us', HEAR_ABOUT_US_LABELS[entry.hear_about_us]],
    ['Message', entry.message],
    ['Agreed to the terms', yesNo(entry.has_agreed_to_terms)],
  ],
  GENERAL: (entry: General): SubmissionField[] => [
    ['First name', entry.first_name],
    ['Last name', entry.last_name],
    ['Email address', entry.email_address],
    ['Contact number', entry.contact_number],
    ['Service', GENERAL_FORM_SERVICE_LABELS[entry.services]],
    // The visitor's preferences (decision 048), where they gave them; the branch is the lead's own.
    ...given('Meet by', entry.meeting && APPOINTMENT_MEETING_LABELS[entry.meeting]),
    ...given('Preferred date', entry.preferred_date && dayLabel(entry.preferred_date)),
    ...given('Preferred time', entry.preferred_time && APPOINTMENT_TIME_LABELS[entry.preferred_time]),
    ['Comment', entry.comment],
    ['Agreed to the terms', yesNo(entry.has_agreed_to_terms)],
  ],
  OSHC: (entry: Oshc): SubmissionField[] => [
    ['Policy', POLICY_TYPE_LABELS[entry.policy_types]],
    ['Cover from', entry.policy_start_date],
    ['Cover until', entry.policy_end_date],
    ['Phone', entry.phone_no],
    ['Email', entry.email],
  ],
} as const;

/** The stored entry behind a lead, as its fields; null once it is gone (erased). */
export async function loadSubmission(
  db: Kysely<DB>,
  kind: LeadKind,
  entryId: number,
): Promise<SubmissionField[] | null> {
  switch (kind) {
    case 'CONTACT_US': {
      const entry = await db.selectFrom('contact_us_entries').selectAll().where('id', '=', entryId).executeTakeFirst();
      return entry ? SUBMISSION_FIELDS.CONTACT_US(entry) : null;
    }
    case 'GENERAL': {
      const entry = await db
        .selectFrom('general_form_entries')
        .selectAll()
        .where('id', '=', entryId)
        .executeTakeFirst();
      return entry ? SUBMISSION_FIELDS.GENERAL(entry) : null;
    }
    case 'OSHC': {
      const entry = await db.selectFrom('oshc_form_entries').selectAll().where('id', '=', entryId).executeTakeFirst();
      return entry ? SUBMISSION_FIELDS.OSHC(entry) : null;
    }
  }
}

/** A sent eligibility result as lines of the lead's mails: the score, then each answer. */
export function eligibilityFields(eligibility: LeadEligibility | null): SubmissionField[] {
  if (!eligibility) return [];
  return [['Eligibility estimate', scoreSummary(eligibility)], ...eligibility.answers];
}
