import { isIP } from 'node:net';
import type { Kysely } from 'kysely';
import {
  FORM_MESSAGES,
  FORM_THANK_YOU,
  type ContactUsEntriesArgs,
  type ContactUsEntriesFilter,
  type FormEntriesArgs,
  type FormEntriesFilter,
  type GeneralFormInput,
  type OshcFormInput,
} from '../../../shared/forms.schema.js';
import { channelOf } from '../../../shared/lead-source.js';
import { CSV_EXPORT_PAGE, type PaginateInput } from '../../../shared/pagination.schema.js';
import { pageOf } from '../db/pagination.js';
import type { DB } from '../db/schema.js';
import { AppError } from '../errors.js';
import * as repository from './forms.repository.js';
import type { LeadNotifier } from '../leads/leads.service.js';
import { recordLead, type LeadRouting, type NewLead } from '../leads/leads.service.js';
import { eligibilityFields, SUBMISSION_FIELDS } from '../leads/submission.js';
import { leadEligibilityOf, type EnquiryWithEligibilityInput } from '../../../shared/eligibility/attachment.js';

/** Who sent a public form: their address, the captcha check for their token, and where refusals are reported. */
export interface Submitter {
  ip: string | null;
  /** Accepts a solution once, or again for the same submission id (the same form resent). */
  verifyCaptcha: (token: string, submissionId: string | null) => Promise<boolean>;
  /** Records a refusal that looks like a robot (a security event; never the visitor's personal data). */
  report: (event: 'captcha_failed' | 'honeypot_filled', form: repository.FormTable) => void;
  /** Queues a new lead's mails and webhook delivery, in the transaction that stores it (decisions 029, 031). */
  notify: LeadNotifier;
}

/** What a filled honeypot answers: as plain as any failure, so a robot learns nothing from it. */
export const HONEYPOT_MESSAGE = 'Your form could not be sent.';

/** What a public form submission answers (validation and captcha failures are errors instead). */
export interface FormSubmission {
  success: boolean;
  message: string;
  id: number;
}

const thanks = (id: number): FormSubmission => ({ success: true, message: FORM_THANK_YOU, id });

/** The country a form's entry is stored for, and who its lead is told (read by the form's check). */
interface LeadTarget {
  countryId: number;
  routing: LeadRouting;
}

/**
 * The steps every public form shares, in this order: a filled honeypot stores nothing; a resent submission (same
 * `submission_id`) gets the first answer again, without a second captcha (its token was used up by the first);
 * the references are checked; the captcha is verified BEFORE anything is stored; then one row is stored (copies
 * sent together store one row: the insert skips a taken submission id, and they all answer its id). The
 * transaction holds only writes: everything read is read before it, the resend lookup and the check together.
 */
async function submit(
  db: Kysely<DB>,
  form: {
    table: repository.FormTable;
    submissionId: string | null;
    token: string;
    honeypot: string;
    /** Refuses unknown references; answers the entry's country and who its lead is told. */
    check: () => Promise<LeadTarget>;
    insert: (trx: Kysely<DB>, target: LeadTarget) => Promise<number | undefined>;
    /** The stored entry as its lead and mails describe it. */
    lead: Omit<NewLead, 'entryId' | 'countryId' | 'routing' | 'channel'>;
  },
  submitter: Submitter,
): Promise<FormSubmission> {
  if (form.honeypot.trim() !== '') {
    submitter.report('honeypot_filled', form.table);
    throw new AppError('BAD_USER_INPUT', HONEYPOT_MESSAGE);
  }
  const [earlier, checked] = await Promise.all([
    form.submissionId ? repository.findBySubmission(db, form.table, form.submissionId) : undefined,
    // Settled here: a resend is answered as before even if the check would now refuse it.
    form.check().then(
      (target) => ({ target }),
      (error: unknown) => ({ error }),
    ),
  ]);
  if (earlier !== undefined) return thanks(earlier);
  if ('error' in checked) throw checked.error;
  const { target } = checked;
  if (!(await submitter.verifyCaptcha(form.token, form.submissionId))) {
    submitter.report('captcha_failed', form.table);
    throw new AppError('BAD_USER_INPUT', FORM_MESSAGES.captcha, { reCaptcha_token: FORM_MESSAGES.captcha });
  }
  // The entry, its lead and its mails are stored together: a lead and its mails exist exactly when the entry does.
  const id = await db.transaction().execute(async (trx) => {
    const stored = await form.insert(trx, target);
    if (stored !== undefined) {
      const lead = { ...form.lead, ...target, entryId: stored, channel: channelOf(form.lead.cameFrom) };
      const leadId = await recordLead(trx, lead);
      await submitter.notify(trx, { ...lead, leadId });
    }
    return stored;
  });
  if (id !== undefined) return thanks(id);
  // A concurrent resend stored it first.
  const stored = form.submissionId && (await repository.findBySubmission(db, form.table, form.submissionId));
  if (!stored) throw new Error('Form entry was neither stored nor found');
  return thanks(stored);
}

/** Only well-formed addresses go into the `inet` column. */
function storedIp(ip: string | null): string | null {
  return ip && isIP(ip) ? ip : null;
}

/** A form sent on a country's site: stored for that country, which must be enabled; its contact address is told. */
async function countryTarget(db: Kysely<DB>, countryId: number): Promise<LeadTarget> {
  const country = await repository.findCountryForLead(db, countryId);
  if (country?.is_enabled !== 'ENABLE') {
    throw new AppError('NOT_FOUND', 'Country not found.', { country_id: 'Country not found' });
  }
  return {
    countryId,
    routing: {
      staffAddress: country.contact_email,
      branch: null,
      webhook: country.webhook_url ? { url: country.webhook_url, countryName: country.name } : null,
    },
  };
}

/** A form sent to a branch: stored with the branch's country, and the branch is told (its country must be enabled). */
async function branchTarget(db: Kysely<DB>, branchId: number): Promise<LeadTarget> {
  const branch = await repository.findBranchForLead(db, branchId);
  if (branch?.is_enabled !== 'ENABLE') {
    throw new AppError('NOT_FOUND', 'Branch not found.', { branch_id: 'Branch not found' });
  }
  return {
    countryId: branch.country_id,
    routing: {
      staffAddress: branch.email,
      branch: { id: branch.id, name: branch.name },
      webhook: branch.webhook_url ? { url: branch.webhook_url, countryName: branch.country_name } : null,
    },
  };
}

/** The enquiry (spec §5): stored with the branch's country, so it reaches that country's staff. */
export async function addContactUsFormData(
  db: Kysely<DB>,
  input: EnquiryWithEligibilityInput,
  submitter: Submitter,
): Promise<FormSubmission> {
  const { reCaptcha_token, submission_id, website, came_from, eligibility: attachment, ...entry } = input;
  // Worked out here from the answers, with the rules the checker uses: a lead never carries a score someone typed.
  const eligibility = attachment ? leadEligibilityOf(attachment) : null;
  return submit(
    db,
    {
      table: 'contact_us_entries',
      submissionId: submission_id,
      token: reCaptcha_token,
      honeypot: website,
      check: () => branchTarget(db, input.branch_id),
      insert: (trx, { countryId }) =>
        repository.insertContactUs(trx, {
          ...entry,
          country_id: countryId,
          submitter_ip: storedIp(submitter.ip),
          submission_id,
        }),
      lead: {
        kind: 'CONTACT_US',
        branchId: input.branch_id,
        firstName: entry.first_name,
        lastName: entry.last_name,
        email: entry.email_address,
        phone: entry.phone_number,
        message: entry.message,
        service: entry.interested_service,
        fields: [...SUBMISSION_FIELDS.CONTACT_US(entry), ...eligibilityFields(eligibility)],
        eligibility,
        cameFrom: came_from,
      },
    },
    submitter,
  );
}

/** The book-an-appointment form, stored with the country site it was sent from, or its chosen branch's country. */
export async function addGeneralFormData(
  db: Kysely<DB>,
  input: GeneralFormInput,
  submitter: Submitter,
): Promise<FormSubmission> {
  const { reCaptcha_token, submission_id, website, came_from, ...entry } = input;
  return submit(
    db,
    {
      table: 'general_form_entries',
      submissionId: submission_id,
      token: reCaptcha_token,
      honeypot: website,
      // A chosen branch (decision 048) takes the booking, as an enquiry's does; the site must be enabled all the same.
      check: async () => {
        const [site, branch] = await Promise.all([
          countryTarget(db, input.country_id),
          input.branch_id === null ? null : branchTarget(db, input.branch_id),
        ]);
        return branch ?? site;
      },
      insert: (trx, { countryId }) =>
        repository.insertGeneralForm(trx, {
          ...entry,
          country_id: countryId,
          submitter_ip: storedIp(submitter.ip),
          submission_id,
        }),
      lead: {
        kind: 'GENERAL',
        branchId: input.branch_id,
        firstName: entry.first_name,
        lastName: entry.last_name,
        email: entry.email_address,
        phone: entry.contact_number,
        message: entry.comment,
        service: entry.services,
        fields: SUBMISSION_FIELDS.GENERAL(entry),
        cameFrom: came_from,
      },
    },
    submitter,
  );
}

/** The OSHC (health cover) form, stored with the country site it was sent from. */
export async function addOshcFormData(
  db: Kysely<DB>,
  input: OshcFormInput,
  submitter: Submitter,
): Promise<FormSubmission> {
  const { reCaptcha_token, submission_id, website, came_from, ...entry } = input;
  return submit(
    db,
    {
      table: 'oshc_form_entries',
      submissionId: submission_id,
      token: reCaptcha_token,
      honeypot: website,
      check: () => countryTarget(db, input.country_id),
      insert: (trx) => repository.insertOshc(trx, { ...entry, submitter_ip: storedIp(submitter.ip), submission_id }),
      lead: {
        kind: 'OSHC',
        branchId: null,
        firstName: null,
        lastName: null,
        email: entry.email,
        phone: entry.phone_no,
        message: '',
        service: 'OSHC',
        fields: SUBMISSION_FIELDS.OSHC(entry),
        cameFrom: came_from,
      },
    },
    submitter,
  );
}

/**
 * Entries sent to a branch carry it as `branch{id, name}` (spec §3 names the field for enquiries; bookings got one in
 * decision 048): null when none was chosen, or once it is deleted.
 */
function withBranch<Entry extends { branch_id: number | null; branch_name: string | null }>({
  branch_name,
  ...entry
}: Entry) {
  return {
    ...entry,
    branch: entry.branch_id !== null && branch_name !== null ? { id: entry.branch_id, name: branch_name } : null,
  };
}

async function contactUsPage(db: Kysely<DB>, filter: ContactUsEntriesFilter, paginate: PaginateInput) {
  const page = await pageOf(repository.selectContactUsEntries(db, filter.country_id, filter.branch_id), paginate);
  return { ...page, data: page.data.map(withBranch) };
}

async function generalFormPage(db: Kysely<DB>, filter: FormEntriesFilter, paginate: PaginateInput) {
  const page = await pageOf(repository.selectGeneralFormEntries(db, filter.country_id), paginate);
  return { ...page, data: page.data.map(withBranch) };
}

export function getAllContactUsFormData(db: Kysely<DB>, args: ContactUsEntriesArgs) {
  return contactUsPage(db, args, args.paginate);
}

export function exportContactUsFormData(db: Kysely<DB>, filter: ContactUsEntriesFilter) {
  return contactUsPage(db, filter, CSV_EXPORT_PAGE);
}

export function getAllGeneralFormData(db: Kysely<DB>, args: FormEntriesArgs) {
  return generalFormPage(db, args, args.paginate);
}

export function exportGeneralFormData(db: Kysely<DB>, filter: FormEntriesFilter) {
  return generalFormPage(db, filter, CSV_EXPORT_PAGE);
}

export function getAllOshcFormData(db: Kysely<DB>, args: FormEntriesArgs) {
  return pageOf(repository.selectOshcEntries(db, args.country_id), args.paginate);
}

export function exportOshcFormData(db: Kysely<DB>, filter: FormEntriesFilter) {
  return pageOf(repository.selectOshcEntries(db, filter.country_id), CSV_EXPORT_PAGE);
}
