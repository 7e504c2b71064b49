import { createHash } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { PrivacyAction } from '../../../shared/leads.js';
import type { Actor } from '../auth/staff-identity.js';
import type { LeadSettings } from '../config.js';
import { inTransaction } from '../db/transaction.js';
import type { DB } from '../db/schema.js';
import { leadMailKey } from './lead-mails.js';
import { loadSubmission } from './submission.js';
import { parseEligibility } from './leads.service.js';

/**
 * Privacy (decision 030): leads older than the retention period are anonymised by a daily job, and an ADMIN can
 * export everything stored about one e-mail address or erase it. Anonymising keeps the lead's kind, country,
 * branch, service, status, channel and dates (the dashboard's counts) and removes who the visitor was: the stored
 * entry, the name, address, phone and message, the campaign tags, the notes and answers, the mails about the lead
 * and the morning mails listing it, and its webhook deliveries.
 */

const ENTRY_TABLES = {
  CONTACT_US: 'contact_us_entries',
  GENERAL: 'general_form_entries',
  OSHC: 'oshc_form_entries',
} as const;

/** Removes the visitor from these leads, in `trx`; answers how many mails went with them. */
async function anonymise(trx: Kysely<DB>, leadIds: readonly number[], actorId: number | null): Promise<number> {
  if (leadIds.length === 0) return 0;
  const leads = await trx.selectFrom('leads').select(['id', 'kind', 'entry_id']).where('id', 'in', leadIds).execute();
  for (const [kind, table] of Object.entries(ENTRY_TABLES)) {
    const ids = leads.filter((lead) => lead.kind === kind).map((lead) => lead.entry_id);
    if (ids.length > 0) await trx.deleteFrom(table).where('id', 'in', ids).execute();
  }
  let mails = 0;
  for (const lead of leads) {
    const deleted = await trx
      .deleteFrom('mails')
      .where('dedupe_key', 'like', `${leadMailKey(lead)}%`)
      .executeTakeFirst();
    mails += Number(deleted.numDeletedRows);
  }
  await trx.deleteFrom('lead_notes').where('lead_id', 'in', leadIds).execute();
  await trx.deleteFrom('lead_answers').where('lead_id', 'in', leadIds).execute();
  // What was posted to the country's CRM carried the visitor too (a pending one is then not sent).
  await trx.deleteFrom('webhook_deliveries').where('lead_id', 'in', leadIds).execute();
  mails += await deleteRemindersNaming(trx, leadIds);
  // A note's start or a reply's or an answer's subject in the history could name the visitor too.
  await trx
    .updateTable('lead_events')
    .set({ from_value: null, to_value: null })
    .where('lead_id', 'in', leadIds)
    .where('kind', 'in', ['NOTE', 'REPLY', 'ANSWER'])
    .execute();
  await trx
    .updateTable('leads')
    .set({
      first_name: null,
      last_name: null,
      email_address: '',
      phone_number: '',
      message: '',
      eligibility: null,
      // The campaign tags of the visitor's link (a tag can name them); the channel stays for the counts.
      came_from: null,
      follow_up_on: null,
      // No one is left to answer (decision 054).
      awaiting_reply_since: null,
      anonymised_at: new Date(),
      updated_at: new Date(),
    })
    .where('id', 'in', leadIds)
    .execute();
  await trx
    .insertInto('lead_events')
    .values(leadIds.map((lead_id) => ({ lead_id, actor_id: actorId, kind: 'ANONYMISED' as const })))
    .execute();
  return mails;
}

/**
 * Deletes the morning mails to staff that list one of these leads (they name the visitor beside its link); answers
 * how many.
 */
async function deleteRemindersNaming(trx: Kysely<DB>, leadIds: readonly number[]): Promise<number> {
  const reminders = await trx
    .selectFrom('mails')
    .select(['id', 'text_body'])
    .where('purpose', '=', 'FOLLOW_UP_REMINDER')
    .where('text_body', 'like', '%?lead=%')
    .execute();
  const linked = new Set(leadIds.map(String));
  const naming = reminders.filter((mail) =>
    [...mail.text_body.matchAll(/\?lead=(\d+)\b/g)].some((match) => linked.has(match[1]!)),
  );
  if (naming.length === 0) return 0;
  await trx
    .deleteFrom('mails')
    .where(
      'id',
      'in',
      naming.map((mail) => mail.id),
    )
    .execute();
  return naming.length;
}

/** Leads anonymised per transaction, so a first run over years of leads does not hold one huge transaction. */
const RETENTION_BATCH = 200;

/**
 * The `lead-retention` job: anonymises every lead that arrived more than `retentionMonths` ago, and deletes
 * follow-up reminders as old (they list leads by name). Answers how many leads it anonymised.
 */
export async function applyRetention(db: Kysely<DB>, settings: LeadSettings, now = new Date()): Promise<number> {
  const before = new Date(now);
  before.setUTCMonth(before.getUTCMonth() - settings.retentionMonths);
  const cutoff = before.toISOString();
  let total = 0;
  for (;;) {
    const done = await inTransaction(db, async (trx) => {
      const batch = await trx
        .selectFrom('leads')
        .select('id')
        .where('anonymised_at', 'is', null)
        .where('created_at', '<', cutoff)
        .orderBy('id')
        .limit(RETENTION_BATCH)
        .forUpdate()
        .skipLocked()
        .execute();
      await anonymise(
        trx,
        batch.map((lead) => lead.id),
        null,
      );
      return batch.length;
    });
    total += done;
    if (done < RETENTION_BATCH) break;
  }
  await db.deleteFrom('mails').where('purpose', '=', 'FOLLOW_UP_REMINDER').where('created_at', '<', cutoff).execute();
  return total;
}

const emailHash = (email: string) => createHash('sha256').update(email.toLowerCase()).digest('hex');

async function record(
  db: Kysely<DB>,
  action: PrivacyAction,
  email: string,
  actor: Actor,
  leads: number,
  mails: number,
) {
  await db
    .insertInto('privacy_requests')
    .values({ action, email_sha256: emailHash(email), actor_id: actor.staffId, leads, mails })
    .execute();
}

/** What a visitor's export shows of each of their leads. */
const EXPORTED_LEAD_COLUMNS = [
  'leads.id',
  'leads.kind',
  'leads.entry_id',
  'countries.name as country',
  'leads.status',
  'leads.first_name',
  'leads.last_name',
  'leads.email_address',
  'leads.phone_number',
  'leads.message',
  'leads.eligibility',
  'leads.channel',
  'leads.came_from',
  'leads.created_at',
] as const;

/** The leads of one visitor: every form entry sent from `email` (any case). */
function leadsOf(db: Kysely<DB>, email: string) {
  return db
    .selectFrom('leads')
    .innerJoin('countries', 'countries.id', 'leads.country_id')
    .select(EXPORTED_LEAD_COLUMNS)
    .where(sql`lower(leads.email_address)`, '=', email.toLowerCase())
    .orderBy('leads.id')
    .execute();
}

/** Mails to the visitor's address. */
function mailsTo(db: Kysely<DB>, email: string) {
  return db
    .selectFrom('mails')
    .select(['id', 'purpose', 'to_address', 'subject', 'text_body', 'status', 'created_at', 'sent_at'])
    .where(sql`lower(to_address)`, '=', email.toLowerCase())
    .orderBy('id')
    .execute();
}

/**
 * Everything stored about one e-mail address, as JSON an ADMIN hands to the visitor: each submission as sent, the
 * lead around it (status, notes, the visitor's answers, history) and the mails sent to the address. The export is recorded.
 */
export async function exportByEmail(db: Kysely<DB>, actor: Actor, email: string) {
  const leads = await leadsOf(db, email);
  const ids = leads.map((lead) => lead.id);
  const [notes, answers, history, mails] = await Promise.all([
    ids.length === 0
      ? []
      : db.selectFrom('lead_notes').select(['lead_id', 'text', 'created_at']).where('lead_id', 'in', ids).execute(),
    ids.length === 0
      ? []
      : db
          .selectFrom('lead_answers')
          .select(['lead_id', 'from_address', 'subject', 'text', 'received_at'])
          .where('lead_id', 'in', ids)
          .orderBy('id')
          .execute(),
    ids.length === 0
      ? []
      : db
          .selectFrom('lead_events')
          .select(['lead_id', 'kind', 'from_value', 'to_value', 'created_at'])
          .where('lead_id', 'in', ids)
          .orderBy('id')
          .execute(),
    mailsTo(db, email),
  ]);
  const submissions = await Promise.all(leads.map((lead) => loadSubmission(db, lead.kind, lead.entry_id)));
  await record(db, 'EXPORT', email, actor, leads.length, mails.length);
  return {
    email,
    exported_at: new Date().toISOString(),
    enquiries: leads.map(({ entry_id: _entry, eligibility, ...lead }, i) => ({
      ...lead,
      eligibility: parseEligibility(eligibility),
      submission: Object.fromEntries(submissions[i] ?? []),
      notes: notes.filter((note) => note.lead_id === lead.id).map(({ lead_id: _lead, ...note }) => note),
      answers: answers.filter((answer) => answer.lead_id === lead.id).map(({ lead_id: _lead, ...answer }) => answer),
      history: history.filter((event) => event.lead_id === lead.id).map(({ lead_id: _lead, ...event }) => event),
    })),
    mails: mails.map(({ id: _id, ...mail }) => mail),
  };
}

/**
 * Erases one visitor: their leads are anonymised (entries, notes and the mails about them removed) and every other
 * mail to their address deleted, in one transaction. The erasure is recorded without the address.
 */
export async function eraseByEmail(db: Kysely<DB>, actor: Actor, email: string) {
  return inTransaction(db, async (trx) => {
    const leads = await leadsOf(trx, email);
    let mails = await anonymise(
      trx,
      leads.map((lead) => lead.id),
      actor.staffId,
    );
    const other = await trx
      .deleteFrom('mails')
      .where(sql`lower(to_address)`, '=', email.toLowerCase())
      .executeTakeFirst();
    mails += Number(other.numDeletedRows);
    await record(trx, 'ERASE', email, actor, leads.length, mails);
    return { leads: leads.length, mails };
  });
}

/** What was exported or erased, newest first, and by whom. */
export function privacyRequests(db: Kysely<DB>) {
  return db
    .selectFrom('privacy_requests')
    .leftJoin('staff_users', 'staff_users.id', 'privacy_requests.actor_id')
    .select([
      'privacy_requests.id',
      'privacy_requests.action',
      'privacy_requests.leads',
      'privacy_requests.mails',
      'privacy_requests.created_at',
      'staff_users.name as actor_name',
    ])
    .orderBy('privacy_requests.id', 'desc')
    .limit(50)
    .execute();
}
