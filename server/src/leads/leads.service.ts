import { sql, type Kysely, type Updateable } from 'kysely';
import { todayIn, weekStart } from '../../../shared/calendar-days.js';
import { appointmentLabel, type ArrangedAppointment } from '../../../shared/appointment.js';
import type { LeadChannel, LeadSourceInput } from '../../../shared/lead-source.js';
import {
  CLOSED_LEAD_STATUSES,
  enquiryFilter,
  LEAD_STATUS_LABELS,
  leadServiceLabel,
  type AddEnquiryNoteInput,
  type EnquiriesArgs,
  type AppointmentClashesInput,
  type EnquiriesExportArgs,
  type LeadKind,
  type LeadStatus,
  type ReplyToEnquiryInput,
  type UpdateEnquiryInput,
} from '../../../shared/leads.js';
import { assertCountryAccess } from '../auth/authenticate.js';
import type { Actor } from '../auth/staff-identity.js';
import type { LeadSettings } from '../config.js';
import { CSV_EXPORT_PAGE, type PaginateInput } from '../../../shared/pagination.schema.js';
import { pageOf } from '../db/pagination.js';
import { inTransaction } from '../db/transaction.js';
import type { DB, LeadsTable } from '../db/schema.js';
import { AppError } from '../errors.js';
import { oneLine, type MailQueue } from '../mail/mail.service.js';
import { invitationMail, newAppointmentKey, zonedInstant, type AppointmentChange } from './appointment-mails.js';
import { replyMail } from './lead-mails.js';
import * as repository from './leads.repository.js';
import { loadSubmission, type SubmissionField } from './submission.js';
import type { LeadEligibility } from '../../../shared/eligibility/attachment.js';

/**
 * Leads (decision 030): every public form entry is a lead, stored with it in one transaction; staff see the leads
 * of the countries they may see (an ADMIN all of them), change status, assignee and follow-up day, and add notes.
 * Every change is recorded in the lead's history. tRPC and GraphQL both call these functions.
 */

/** A stored form entry, as its lead and its mails describe it. */
export interface NewLead {
  kind: LeadKind;
  entryId: number;
  countryId: number;
  /** The branch an enquiry was sent to. */
  branchId: number | null;
  firstName: string | null;
  lastName: string | null;
  email: string;
  phone: string;
  message: string;
  /** What it asks about (see shared/leads.ts LEAD_SERVICE_LABELS). */
  service: string;
  /** The submission as sent, label and value, in the form's order. */
  fields: SubmissionField[];
  /** An eligibility checker's result sent with it (enquiries only). */
  eligibility?: LeadEligibility | null;
  /** Where the visitor came from, as the form sent it, and the channel that sums it up (decision 047). */
  cameFrom: LeadSourceInput | null;
  channel: LeadChannel;
  /** Who is told of it, read with the form's own check before the transaction. */
  routing: LeadRouting;
}

/**
 * Where a new lead is told: read before its transaction, together with the form's own check, so that the
 * transaction holds only writes (every statement in it is paid for by every form sent at the same time).
 */
export interface LeadRouting {
  /** The branch's address (enquiries) or the country's contact address; none when the country has neither. */
  staffAddress: string | null;
  /** The branch an enquiry was sent to, as the webhook names it. */
  branch: { id: number; name: string } | null;
  /** The country's enabled webhook, if it has one. */
  webhook: { url: string; countryName: string } | null;
}

/** A stored eligibility result (JSON text) as the inbox and an export read it. */
export function parseEligibility(stored: string | null): LeadEligibility | null {
  return stored ? (JSON.parse(stored) as LeadEligibility) : null;
}

/** Tells of a new lead (its mails, its country's webhook) in the transaction that stores it. */
export type LeadNotifier = (trx: Kysely<DB>, lead: NewLead & { leadId: number }) => Promise<void>;

export const NOT_YOUR_LEAD_MESSAGE = 'You may not see enquiries of this country.';
export const LEAD_NOT_FOUND_MESSAGE = 'Enquiry not found.';
export const NOT_ASSIGNABLE_MESSAGE = 'Choose an active staff member who works on this country.';

/** What the visitor wrote and how to reach them, named as the leads table and the webhook payload name it. */
export function contactColumns(lead: NewLead) {
  return {
    first_name: lead.firstName,
    last_name: lead.lastName,
    email_address: lead.email,
    phone_number: lead.phone,
    message: lead.message,
    service: lead.service,
  };
}

/** Stores the lead of a new entry and the first line of its history, in the entry's transaction (one statement). */
export async function recordLead(trx: Kysely<DB>, lead: NewLead): Promise<number> {
  const row = await trx
    .with('lead', (db) =>
      db
        .insertInto('leads')
        .values({
          kind: lead.kind,
          entry_id: lead.entryId,
          country_id: lead.countryId,
          branch_id: lead.branchId,
          ...contactColumns(lead),
          eligibility: lead.eligibility ? JSON.stringify(lead.eligibility) : null,
          channel: lead.channel,
          came_from: lead.cameFrom ? JSON.stringify(lead.cameFrom) : null,
        })
        .returning('id'),
    )
    .insertInto('lead_events')
    .columns(['lead_id', 'kind', 'to_value'])
    .expression((eb) =>
      eb
        .selectFrom('lead')
        // Literals, not parameters: a parameter in INSERT … SELECT is text, which the enum column refuses.
        .select(['lead.id', sql.lit('CREATED').as('kind'), sql.lit(LEAD_STATUS_LABELS.NEW).as('to_value')]),
    )
    .returning('lead_id')
    .executeTakeFirstOrThrow();
  return row.lead_id;
}

function visibleTo(actor: Actor): repository.VisibleCountries {
  return actor.role === 'ADMIN' ? null : actor.countryIds;
}

type Note = Awaited<ReturnType<typeof repository.selectNotes>>[number];

/** A joined row's `{ id, name }` (a branch, a staff member), or null when it is gone. */
const named = (id: number | null, name: string | null) => (id !== null && name !== null ? { id, name } : null);

/** A lead as both APIs answer it (GraphQL's `Enquiry`). */
function enquiryOf(row: repository.LeadRow, notes: Note[]) {
  return {
    id: row.id,
    kind: row.kind,
    /** The entry's id in its form's table (the per-form screens and exports name it). */
    entry_id: row.entry_id,
    status: row.status,
    country: { id: row.country_id, name: row.country_name },
    /** The clock its appointment is at: the branch's time zone, else the country's, else the site's (decision 050). */
    time_zone: row.time_zone,
    branch: named(row.branch_id, row.branch_name),
    assignee: named(row.assignee_id, row.assignee_name),
    first_name: row.first_name,
    last_name: row.last_name,
    email_address: row.email_address,
    phone_number: row.phone_number,
    message: row.message,
    service: row.service,
    service_label: leadServiceLabel(row.service),
    follow_up_on: row.follow_up_on,
    /** The appointment arranged with the visitor (decision 049), or null. */
    appointment: repository.appointmentOf(row),
    /** What the visitor's calendar answered to the appointment's latest invitation (decision 053), or null. */
    appointment_response: row.appointment_response,
    /** Since when the visitor's answer has waited for staff (decision 054), or null. */
    awaiting_reply_since: row.awaiting_reply_since,
    created_at: row.created_at,
    updated_at: row.updated_at,
    /** Where the visitor came from; null for leads stored before it was recorded. */
    came_from: row.channel ? { ...row.came_from, channel: row.channel } : null,
    notes: notes
      .filter((note) => note.lead_id === row.id)
      .map((note) => ({
        id: note.id,
        text: note.text,
        author: named(note.author_id, note.author_name),
        created_at: note.created_at,
      })),
  };
}
export type Enquiry = ReturnType<typeof enquiryOf>;

/** The inbox: the leads the caller may see, filtered, in its order (newest first), a page at a time, with their notes. */
export async function getEnquiries(db: Kysely<DB>, actor: Actor, args: EnquiriesArgs, settings: LeadSettings) {
  const page = await leadsPage(db, actor, args, args.paginate, settings);
  const notes = await repository.selectNotes(
    db,
    page.data.map((row) => row.id),
  );
  return { ...page, data: page.data.map((row) => enquiryOf(row, notes)) };
}

/** Every lead of the inbox's filter for a CSV file, in its order: the first CSV_EXPORT_MAX, without their notes. */
export async function exportEnquiries(db: Kysely<DB>, actor: Actor, args: EnquiriesExportArgs, settings: LeadSettings) {
  const page = await leadsPage(db, actor, args, CSV_EXPORT_PAGE, settings);
  return { ...page, data: page.data.map((row) => enquiryOf(row, [])) };
}

function leadsPage(
  db: Kysely<DB>,
  actor: Actor,
  { filter, order }: EnquiriesExportArgs,
  paginate: PaginateInput,
  settings: LeadSettings,
) {
  if (filter.country_id !== null) assertCountryAccess(actor, [filter.country_id], NOT_YOUR_LEAD_MESSAGE);
  return pageOf(repository.selectLeads(db, visibleTo(actor), filter, settings.timeZone, order), paginate);
}

async function findEnquiry(db: Kysely<DB>, actor: Actor, id: number, settings: LeadSettings) {
  const row = await repository
    .selectLeads(db, null, enquiryFilter.parse(null), settings.timeZone)
    .where('leads.id', '=', id)
    .executeTakeFirst();
  if (!row) throw new AppError('NOT_FOUND', LEAD_NOT_FOUND_MESSAGE);
  assertCountryAccess(actor, [row.country_id], NOT_YOUR_LEAD_MESSAGE);
  return enquiryOf(row, await repository.selectNotes(db, [row.id]));
}

/** One lead for its detail view: the lead, the submission exactly as stored, and its history. */
export async function getEnquiry(db: Kysely<DB>, actor: Actor, id: number, settings: LeadSettings) {
  const enquiry = await findEnquiry(db, actor, id, settings);
  const [submission, history, eligibility, replies, answers] = await Promise.all([
    loadSubmission(db, enquiry.kind, enquiry.entry_id),
    repository.selectEvents(db, id),
    repository.selectEligibility(db, id),
    repository.selectReplies(db, enquiry),
    repository.selectAnswers(db, id),
  ]);
  return {
    ...enquiry,
    submission,
    eligibility: parseEligibility(eligibility),
    replies,
    answers,
    /** Whether a visitor's answer to a reply comes back here (decision 053), or only to its writer. */
    answers_come_back: settings.inbound !== undefined,
    history: history.map((event) => ({
      id: event.id,
      kind: event.kind,
      from_value: event.from_value,
      to_value: event.to_value,
      actor: named(event.actor_id, event.actor_name),
      created_at: event.created_at,
    })),
  };
}

/** The lead, locked until `trx` ends, if the actor may change it. */
async function lockVisibleLead(trx: Kysely<DB>, actor: Actor, id: number) {
  const lead = await repository.lockLead(trx, id);
  if (!lead) throw new AppError('NOT_FOUND', LEAD_NOT_FOUND_MESSAGE);
  assertCountryAccess(actor, [lead.country_id], NOT_YOUR_LEAD_MESSAGE);
  return lead;
}

/**
 * Changes a lead's status, assignee, follow-up day or appointment, or says the visitor's answer needs no reply (only
 * the fields given). The lead is locked while it changes, and each changed field is recorded in its history, in the
 * same transaction; so is the visitor's mail about a changed appointment when staff ask for it (`tell_visitor`,
 * decision 050).
 */
export async function updateEnquiry(
  db: Kysely<DB>,
  actor: Actor,
  input: UpdateEnquiryInput,
  settings: LeadSettings,
  queueMail: MailQueue,
) {
  await inTransaction(db, async (trx) => {
    const lead = await lockVisibleLead(trx, actor, input.id);
    if (input.tell_visitor && input.appointment !== undefined && lead.email_address === '') {
      throw new AppError('BAD_USER_INPUT', ANONYMISED_REPLY_MESSAGE);
    }
    const events: Parameters<typeof repository.insertEvents>[1] = [];
    const changes: Updateable<LeadsTable> = {};
    const record = (
      kind: 'STATUS' | 'ASSIGNEE' | 'FOLLOW_UP' | 'APPOINTMENT' | 'NO_REPLY_NEEDED',
      from: string | null,
      to: string | null,
    ) => events.push({ lead_id: lead.id, actor_id: actor.staffId, kind, from_value: from, to_value: to });

    if (input.status !== undefined && input.status !== lead.status) {
      changes.status = input.status;
      record('STATUS', LEAD_STATUS_LABELS[lead.status], LEAD_STATUS_LABELS[input.status]);
    }
    if (input.assignee_id !== undefined && input.assignee_id !== lead.assignee_id) {
      const assignee =
        input.assignee_id === null ? null : await repository.findAssignable(trx, input.assignee_id, lead.country_id);
      if (assignee === undefined) {
        throw new AppError('BAD_USER_INPUT', NOT_ASSIGNABLE_MESSAGE, { assignee_id: NOT_ASSIGNABLE_MESSAGE });
      }
      const before =
        lead.assignee_id === null
          ? undefined
          : await trx.selectFrom('staff_users').select('name').where('id', '=', lead.assignee_id).executeTakeFirst();
      changes.assignee_id = input.assignee_id;
      record('ASSIGNEE', before?.name ?? null, assignee?.name ?? null);
    }
    if (input.follow_up_on !== undefined && input.follow_up_on !== lead.follow_up_on) {
      changes.follow_up_on = input.follow_up_on;
      record('FOLLOW_UP', lead.follow_up_on, input.follow_up_on);
    }
    let appointmentChange: Omit<AppointmentChange, 'sequence'> | undefined;
    if (input.appointment !== undefined) {
      const before = repository.appointmentOf(lead);
      const after = input.appointment;
      const label = (appointment: ArrangedAppointment | null) => (appointment ? appointmentLabel(appointment) : null);
      if (label(before) !== label(after)) {
        changes.appointment_on = after?.day ?? null;
        changes.appointment_time = after?.time ?? null;
        changes.appointment_meeting = after?.meeting ?? null;
        changes.appointment_minutes = after?.minutes ?? null;
        // The visitor's calendar answered the appointment as it was; a new invitation asks again.
        changes.appointment_response = null;
        record('APPOINTMENT', label(before), label(after));
        appointmentChange = { before, after };
      }
    }
    // The visitor stops waiting when the lead is closed or they are told of the new appointment; staff may also
    // say their answer needs no reply (decision 054).
    if (lead.awaiting_reply_since !== null) {
      const closed = changes.status !== undefined && CLOSED_LEAD_STATUSES.includes(changes.status);
      if (closed || (appointmentChange && input.tell_visitor)) changes.awaiting_reply_since = null;
      else if (input.awaiting_reply === false) {
        changes.awaiting_reply_since = null;
        record('NO_REPLY_NEEDED', null, null);
      }
    }
    if (events.length === 0) return;
    await trx
      .updateTable('leads')
      .set({ ...changes, updated_at: new Date() })
      .where('id', '=', lead.id)
      .execute();
    await repository.insertEvents(trx, events);
    if (appointmentChange && input.tell_visitor) {
      const sequence = await repository.countEvents(trx, lead.id, 'APPOINTMENT');
      await repository.keepAppointmentKey(trx, lead.id, newAppointmentKey());
      const contacts = await repository.findAppointmentContacts(trx, lead.id);
      await queueMail(
        trx,
        invitationMail(
          contacts,
          { ...appointmentChange, sequence },
          { timeZone: settings.timeZone, from: queueMail.from, answersTo: settings.inbound?.address },
        ),
      );
    }
  });
  return findEnquiry(db, actor, input.id, settings);
}

/**
 * What an appointment for a lead would overlap (decision 050), for the form to warn of before it is saved (staff may
 * still arrange it): other open leads' appointments with the same counsellor (the lead's assignee), or at the same
 * branch when both meet there, by their instants (each on its own clock).
 */
export async function appointmentClashes(
  db: Kysely<DB>,
  actor: Actor,
  { id, appointment }: AppointmentClashesInput,
  settings: LeadSettings,
) {
  const lead = await findEnquiry(db, actor, id, settings);
  const assigneeId = lead.assignee?.id ?? null;
  const branchId = appointment.meeting === 'IN_PERSON' ? (lead.branch?.id ?? null) : null;
  if (assigneeId === null && branchId === null) return [];
  const start = zonedInstant(appointment.day, appointment.time, lead.time_zone);
  const end = new Date(start.getTime() + appointment.minutes * 60_000);
  const rows = await repository.selectAppointmentClashes(db, visibleTo(actor), settings.timeZone, {
    leadId: lead.id,
    day: appointment.day,
    start,
    end,
    assigneeId,
    branchId,
  });
  return rows.map((row) => ({
    id: row.id,
    first_name: row.first_name,
    last_name: row.last_name,
    email_address: row.email_address,
    appointment: repository.appointmentOf(row),
    /** The clock its day and time are read on. */
    time_zone: row.time_zone,
    branch: named(row.branch_id, row.branch_name),
    assignee: named(row.assignee_id, row.assignee_name),
    /** Why it clashes: the same counsellor (else the same branch). */
    same_counsellor: assigneeId !== null && row.assignee_id === assigneeId,
  }));
}

/** The start of a note as the history shows it. */
const NOTE_PREVIEW = 120;

/** Adds an internal note to a lead (and a line to its history). */
export async function addEnquiryNote(db: Kysely<DB>, actor: Actor, input: AddEnquiryNoteInput, settings: LeadSettings) {
  await inTransaction(db, async (trx) => {
    const lead = await lockVisibleLead(trx, actor, input.enquiry_id);
    await trx
      .insertInto('lead_notes')
      .values({ lead_id: lead.id, author_id: actor.staffId, text: input.text })
      .execute();
    await repository.insertEvents(trx, [
      { lead_id: lead.id, actor_id: actor.staffId, kind: 'NOTE', to_value: preview(input.text) },
    ]);
    await trx.updateTable('leads').set({ updated_at: new Date() }).where('id', '=', lead.id).execute();
  });
  return findEnquiry(db, actor, input.enquiry_id, settings);
}

/** A text as a history line shows it: its start. */
export const preview = (text: string) => (text.length > NOTE_PREVIEW ? `${text.slice(0, NOTE_PREVIEW - 1)}…` : text);

export const ANONYMISED_REPLY_MESSAGE = "This enquiry's details were removed: there is no one to write to.";

/**
 * Writes to the visitor from the inbox (decision 046): the reply is stored as a mail to the lead's address, with the
 * writer's own address as its Reply-To, and sent by the mail job; the history records it, and a NEW lead becomes
 * CONTACTED. The same key twice (a double click, a retry) stores one mail and one line.
 */
export async function replyToEnquiry(
  db: Kysely<DB>,
  actor: Actor,
  input: ReplyToEnquiryInput,
  settings: LeadSettings,
  queueMail: MailQueue,
) {
  await inTransaction(db, async (trx) => {
    const lead = await lockVisibleLead(trx, actor, input.enquiry_id);
    if (lead.email_address === '') throw new AppError('BAD_USER_INPUT', ANONYMISED_REPLY_MESSAGE);
    const mailId = await queueMail(trx, replyMail(lead, actor, input, settings.timeZone, settings.inbound?.address));
    if (mailId !== undefined) await recordReplied(trx, lead, actor.staffId, input.subject);
  });
  return findEnquiry(db, actor, input.enquiry_id, settings);
}

/**
 * A counsellor's answer to the notice of a visitor's answer, from their mail program (decision 062): it reached only
 * the site, which sends it on to the visitor as a reply from the inbox by its writer would be (signed by them, their
 * address and the reply address as its Reply-To), under the subject the visitor last wrote. Keyed by `reply.key`:
 * the provider's second post sends nothing. Answers whether it was sent on.
 */
export async function relayStaffReply(
  trx: Kysely<DB>,
  leadId: number,
  writer: { id: number; name: string; email: string },
  reply: { key: string; subject: string; text: string },
  settings: { queueMail: MailQueue; timeZone: string; replyAddress: string },
): Promise<boolean> {
  const lead = await repository.lockLead(trx, leadId);
  if (!lead || lead.email_address === '') return false;
  const answered = await repository.latestAnswerSubject(trx, leadId);
  const subject = answered ? (/^re:/i.test(answered) ? answered : `Re: ${answered}`) : reply.subject;
  const mail = replyMail(lead, writer, { ...reply, subject }, settings.timeZone, settings.replyAddress);
  if ((await settings.queueMail(trx, mail)) === undefined) return false;
  await recordReplied(trx, lead, writer.id, subject);
  return true;
}

/**
 * A reply written to the visitor (from the inbox, or a counsellor's own mail program, decision 055) goes into the
 * lead's history by its writer; a NEW lead becomes CONTACTED, and the visitor no longer waits (decision 054).
 */
export async function recordReplied(
  trx: Kysely<DB>,
  lead: { id: number; status: LeadStatus },
  writerId: number | null,
  subject: string,
) {
  const events: Parameters<typeof repository.insertEvents>[1] = [
    { lead_id: lead.id, actor_id: writerId, kind: 'REPLY', to_value: preview(oneLine(subject)) },
  ];
  if (lead.status === 'NEW') {
    const [from, to] = [LEAD_STATUS_LABELS.NEW, LEAD_STATUS_LABELS.CONTACTED];
    events.push({ lead_id: lead.id, actor_id: writerId, kind: 'STATUS', from_value: from, to_value: to });
  }
  await repository.insertEvents(trx, events);
  await trx
    .updateTable('leads')
    .set({
      status: lead.status === 'NEW' ? 'CONTACTED' : lead.status,
      awaiting_reply_since: null,
      updated_at: new Date(),
    })
    .where('id', '=', lead.id)
    .execute();
}

/** Staff the caller may give leads to, with the countries each holds (an ADMIN holds every country). */
export function assignableStaff(db: Kysely<DB>, actor: Actor) {
  return repository.selectAssignableStaff(db, visibleTo(actor));
}

/** The sidebar's count: leads the caller sees that wait for staff (NEW, or the visitor answered; decision 054). */
export function toAnswerCount(db: Kysely<DB>, actor: Actor) {
  return repository.countToAnswer(db, visibleTo(actor));
}

const WEEKS_CHARTED = 12;

/**
 * The dashboard: counts of new and overdue leads per country, how fast leads were answered (median, per country and
 * over all), the caller's follow-ups due, leads per week for the last 12 weeks by country and by service, the
 * share of closed leads that were won, and where recent leads came from.
 */
export async function leadDashboard(db: Kysely<DB>, actor: Actor, settings: LeadSettings, now = new Date()) {
  const visible = visibleTo(actor);
  const today = todayIn(settings.timeZone, now);
  const since = weekStart(today, WEEKS_CHARTED - 1);
  const weeks = Array.from({ length: WEEKS_CHARTED }, (_, i) => weekStart(today, WEEKS_CHARTED - 1 - i));
  const [counts, followUps, byCountry, byService, closed, responses, channels, campaigns, appointments] =
    await Promise.all([
      repository.countsPerCountry(db, visible, today),
      repository.selectFollowUpsDue(db, actor.staffId, today),
      repository.weeklyCounts(db, visible, since, settings.timeZone, 'country'),
      repository.weeklyCounts(db, visible, since, settings.timeZone, 'service'),
      repository.countClosed(db, visible),
      repository.firstResponses(db, visible),
      repository.countsBySource(db, visible, 'channel'),
      repository.countsBySource(db, visible, 'campaign'),
      repository.selectAgenda(db, visible, today),
    ]);
  const responseOf = (countryId: number | null) => {
    const row = responses.find((candidate) => candidate.country_id === countryId);
    return { received: row?.received ?? 0, answered: row?.answered ?? 0, median_hours: row?.median_hours ?? null };
  };
  return {
    today,
    countries: counts.map((country) => ({ ...country, firstResponse: responseOf(country.id) })),
    /** Over every country the caller sees, in the last `days` days. */
    firstResponse: { ...responseOf(null), days: repository.FIRST_RESPONSE_DAYS },
    followUps,
    perWeekByCountry: weekly(weeks, byCountry, (group) => group),
    perWeekByService: weekly(weeks, byService, leadServiceLabel),
    closed,
    /**
     * Appointments of the next `days` days (decisions 048, 049), by day: arranged ones (`time` set) and the days
     * visitors asked for in bookings with nothing arranged yet.
     */
    appointments: { days: repository.AGENDA_DAYS, leads: appointments },
    /** Where the leads of the last `days` days came from (decision 047): by channel (null: not recorded), by campaign. */
    sources: {
      days: repository.SOURCE_DAYS,
      channels: channels.map(({ group, ...count }) => ({ channel: group as LeadChannel | null, ...count })),
      campaigns: campaigns.map(({ group, ...count }) => ({ campaign: group!, ...count })),
    },
  };
}

/** One row per week (every week, with zeros), one column per group: the shape a stacked bar chart takes. */
function weekly(
  weeks: string[],
  counts: { week: string; group: string; count: number }[],
  label: (group: string) => string,
) {
  const series = [...new Set(counts.map((count) => label(count.group)))].sort();
  const rows = weeks.map((week) => {
    const row: Record<string, string | number> = { week };
    for (const name of series) row[name] = 0;
    return row;
  });
  for (const count of counts) {
    const row = rows.find((candidate) => candidate.week === count.week);
    if (row) row[label(count.group)] = (row[label(count.group)] as number) + count.count;
  }
  return { series, rows };
}
