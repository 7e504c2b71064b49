import { createHash, timingSafeEqual } from 'node:crypto';
import EmailReplyParser from 'email-reply-parser';
import ICAL from 'ical.js';
import { sql, type Kysely } from 'kysely';
import { APPOINTMENT_RESPONSES, appointmentLabel, type AppointmentResponse } from '../../../shared/appointment.js';
import type { LeadKind } from '../../../shared/leads.js';
import { inTransaction } from '../db/transaction.js';
import type { DB } from '../db/schema.js';
import type { MailQueue } from '../mail/mail.service.js';
import { mayCarryCalendar, readHeader, type MailHeader, type MailReader } from './inbound-mail-reader.js';
import { dmarcPassed, sentToStaffReplyAddress } from './mail-proof.js';
import { leadOfAppointmentUid } from './appointment-mails.js';
import { leadOfMailKey, waitingAnswerMail, type WaitingAnswer } from './lead-mails.js';
import * as repository from './leads.repository.js';
import { preview, recordReplied, relayStaffReply } from './leads.service.js';

/*
 * Visitors' answers come back into their lead (decision 053). A reply from the inbox names the site's reply address
 * beside its writer's; the mail provider posts what arrives there, as the raw message, to POST /api/inbound-mail.
 * An answer is matched to the lead by the mail it answers (In-Reply-To, else References): every mail about a lead
 * carries a Message-ID of our own, a random one, and its key names the lead. Nothing else is believed: a mail that
 * answers none of them is not kept.
 *
 * A calendar's Accept, Decline or Maybe to an appointment's invitation (an iTIP REPLY, sent to the invitation's
 * organizer, the reply address) is read instead from its event: the UID names the lead, SEQUENCE which invitation it
 * answers (an answer to one the appointment has since moved from is stale), and the attendee must be the lead's
 * visitor.
 */

/** The most of an answer kept: as much as a reply may hold. Longer ones are cut (the writer has the whole mail). */
export const LEAD_ANSWER_MAX = 10_000;

/** What became of a posted mail. */
export type InboundOutcome =
  | { recorded: true; enquiry_id: number }
  | { recorded: false; reason: 'NOT_AN_ANSWER' | 'LEAD_ANONYMISED' | 'ALREADY_RECORDED' | 'STALE' | 'UNPROVEN_SENDER' };

/** How an answer reaches the lead's counsellor (decision 054), and how the office's own mail is proven (062). */
export interface AnswerNotice {
  queueMail: MailQueue;
  publicUrl: string;
  /** The site's reply address: a notice answers to a staff reply address made from it. */
  replyAddress: string;
  /** The secret of staff reply addresses (INBOUND_MAIL_SECRET). */
  secret: string;
  /** The receiving server whose Authentication-Results are believed (INBOUND_MAIL_AUTHSERV_ID), if any. */
  authservId?: string | undefined;
  /** The site's clock: a relayed reply's date line. */
  timeZone: string;
}

/**
 * What proves a mail from staff member `sender` about lead `leadId` the office's (decision 062), if anything: it
 * answers a notice sent to them (their staff reply address among its recipients), or the receiving server verified
 * its From.
 */
function officeProof(header: MailHeader, sender: string, leadId: number, notice: AnswerNotice) {
  if (sentToStaffReplyAddress(header.recipients, notice.replyAddress, notice.secret, leadId, sender)) {
    return 'STAFF_REPLY_ADDRESS';
  }
  const verified =
    notice.authservId !== undefined && dmarcPassed(header.authenticationResults, notice.authservId, sender);
  return verified ? 'VERIFIED_SENDER' : null;
}

/**
 * Reads a raw message (RFC 5322) and keeps it in its lead when it answers one of the lead's mails. Its header is read
 * first; its body only when it answers one of ours or may carry a calendar's answer (decision 060).
 */
export async function recordAnswer(
  db: Kysely<DB>,
  raw: Buffer,
  notice: AnswerNotice,
  reader: MailReader,
): Promise<InboundOutcome> {
  const header = await readHeader(raw);
  const answered = await answeredMail(db, header.answers);
  const entry = answered && leadOfMailKey(answered.dedupe_key);
  if (!answered || !entry) {
    if (!mayCarryCalendar(raw)) return { recorded: false, reason: 'NOT_AN_ANSWER' };
    const calendarAnswer = calendarReplyOf((await reader.readBody(raw, true)).calendars);
    if (calendarAnswer) return recordAppointmentAnswer(db, calendarAnswer, notice);
    return { recorded: false, reason: 'NOT_AN_ANSWER' };
  }
  const body = await reader.readBody(raw, false);
  const calendarAnswer = calendarReplyOf(body.calendars);
  if (calendarAnswer) return recordAppointmentAnswer(db, calendarAnswer, notice);
  const from = header.replyTo ?? header.from ?? '';
  const subject = oneLine(header.subject);
  const text = visibleText(body.text);
  return inTransaction(db, async (trx) => {
    const lead = await repository.lockLeadOfEntry(trx, entry);
    // An anonymised lead keeps nothing of the visitor's (its mails, and so this one, are gone already).
    if (!lead || lead.email_address === '') return { recorded: false, reason: 'LEAD_ANONYMISED' } as const;
    // A mail from a staff member's address is the office's only with proof the visitor cannot forge (decision 062);
    // without it, it is not kept: it may be the visitor (or anyone holding one of the lead's Message-IDs) posing.
    const sender = header.from;
    const staff =
      sender && sender !== lead.email_address.toLowerCase()
        ? await repository.findActiveStaffByEmail(trx, sender)
        : undefined;
    if (staff && sender) {
      const proof = officeProof(header, sender, lead.id, notice);
      if (!proof) return { recorded: false, reason: 'UNPROVEN_SENDER' } as const;
      // Answering the notice reaches only the site (unless they added the visitor): it goes on to the visitor as a
      // reply from the inbox.
      if (proof === 'STAFF_REPLY_ADDRESS' && !header.recipients.includes(lead.email_address.toLowerCase())) {
        const key = createHash('sha256')
          .update(header.messageId ?? `${subject}:${text}`)
          .digest('hex')
          .slice(0, 32);
        const writer = { ...staff, email: sender };
        const relayed = await relayStaffReply(trx, lead.id, writer, { key, subject, text }, notice);
        return relayed
          ? ({ recorded: true, enquiry_id: lead.id } as const)
          : ({ recorded: false, reason: 'ALREADY_RECORDED' } as const);
      }
    }
    const stored = await trx
      .insertInto('lead_answers')
      .values({
        lead_id: lead.id,
        answered_mail_id: answered.id,
        // A message without one (rare) is keyed by what it says, so the provider's second post is still one answer.
        message_id: header.messageId ?? `${from}:${header.subject}:${text}`.slice(0, 500),
        from_address: staff ? sender! : from,
        subject,
        text,
        by_staff: staff !== undefined,
      })
      .onConflict((conflict) => conflict.constraint('lead_answers_message').doNothing())
      .returning('id')
      .executeTakeFirst();
    if (!stored) return { recorded: false, reason: 'ALREADY_RECORDED' } as const;
    if (staff) {
      await recordReplied(trx, lead, staff.id, subject);
      return { recorded: true, enquiry_id: lead.id } as const;
    }
    await repository.insertEvents(trx, [
      { lead_id: lead.id, actor_id: null, kind: 'ANSWER', to_value: preview(subject) },
    ]);
    // The answered reply's writer has the answer already (its Reply-To named them); the lead's owner is told
    // unless that is them.
    const writers = (answered.reply_to ?? '').toLowerCase().split(/\s*,\s*/);
    const owner = ownerAddress(lead);
    const tell = owner !== null && !writers.includes(owner.toLowerCase());
    await awaitReply(trx, lead, tell ? { answerId: stored.id, subject, text } : null, notice);
    return { recorded: true, enquiry_id: lead.id } as const;
  });
}

type AnsweredLead = NonNullable<Awaited<ReturnType<typeof repository.lockLeadOfEntry>>>;

/**
 * Who answers for the lead: its counsellor (its active assignee), or while it has none the address its arrival was
 * announced to (its branch's, else its country's contact address), where unowned leads are picked up.
 */
const ownerAddress = (lead: AnsweredLead) => lead.assignee_email ?? lead.team_email;

/**
 * The visitor waits for staff from now, unless they waited already (decision 054): the lead shows it until staff
 * reply or say no reply is needed, and its owner is told by mail of `answer` when given.
 */
async function awaitReply(trx: Kysely<DB>, lead: AnsweredLead, answer: WaitingAnswer | null, notice: AnswerNotice) {
  await trx
    .updateTable('leads')
    .set((eb) => ({
      awaiting_reply_since: eb.fn.coalesce('awaiting_reply_since', sql<Date>`now()`),
      updated_at: new Date(),
    }))
    .where('id', '=', lead.id)
    .execute();
  const owner = ownerAddress(lead);
  if (!answer || owner === null) return;
  const name = [lead.first_name, lead.last_name].filter(Boolean).join(' ') || lead.email_address;
  await notice.queueMail(trx, waitingAnswerMail({ ...lead, name }, owner, answer, notice));
}

interface CalendarAnswer {
  kind: LeadKind;
  entry_id: number;
  /** The appointment key its UID names. */
  key: string;
  /** Null when the calendar left it out (RFC 5546 makes it optional): taken as the latest. */
  sequence: number | null;
  attendee: string;
  response: AppointmentResponse;
}

/** The answer to one of our appointments' invitations among a mail's calendar parts (an iTIP REPLY), if any. */
function calendarReplyOf(calendars: string[]): CalendarAnswer | null {
  for (const part of calendars) {
    try {
      const calendar = ICAL.Component.fromString(part);
      const event = calendar.getFirstSubcomponent('vevent');
      const entry = leadOfAppointmentUid(String(event?.getFirstPropertyValue('uid') ?? ''));
      if (String(calendar.getFirstPropertyValue('method')).toUpperCase() !== 'REPLY' || !event || !entry) continue;
      const attendee = event.getFirstProperty('attendee');
      const response = String(attendee?.getParameter('partstat') ?? '').toUpperCase() as AppointmentResponse;
      if (!attendee || !APPOINTMENT_RESPONSES.includes(response)) continue;
      return {
        ...entry,
        sequence: event.hasProperty('sequence') ? Number(event.getFirstPropertyValue('sequence')) : null,
        attendee: String(attendee.getFirstValue())
          .replace(/^mailto:/i, '')
          .toLowerCase(),
        response,
      };
    } catch {
      // Not a calendar we can read: the mail is read as an ordinary answer.
    }
  }
  return null;
}

/**
 * Keeps what the visitor's calendar answered on their lead, with a history line, when it answers the invitation of
 * the appointment as it now is (its SEQUENCE counts the appointment's changes, as the invitation's did) and comes
 * from the visitor the invitation was sent to. The same answer again changes nothing.
 */
async function recordAppointmentAnswer(
  db: Kysely<DB>,
  answer: CalendarAnswer,
  notice: AnswerNotice,
): Promise<InboundOutcome> {
  return inTransaction(db, async (trx) => {
    const lead = await repository.lockLeadOfEntry(trx, answer);
    // The UID's random key proves the answer comes from someone sent the invitation (decision 062).
    const sentTheInvitation = lead?.appointment_key != null && sameText(lead.appointment_key, answer.key);
    if (!lead || !sentTheInvitation || lead.email_address.toLowerCase() !== answer.attendee)
      return { recorded: false, reason: 'NOT_AN_ANSWER' };
    const changes = await repository.countEvents(trx, lead.id, 'APPOINTMENT');
    const stale = answer.sequence !== null && answer.sequence !== changes;
    const appointment = repository.appointmentOf(lead);
    if (appointment === null || stale) return { recorded: false, reason: 'STALE' };
    if (lead.appointment_response === answer.response) return { recorded: false, reason: 'ALREADY_RECORDED' };
    await trx
      .updateTable('leads')
      .set({ appointment_response: answer.response, updated_at: new Date() })
      .where('id', '=', lead.id)
      .execute();
    await repository.insertEvents(trx, [
      {
        lead_id: lead.id,
        actor_id: null,
        kind: 'APPOINTMENT_ANSWER',
        from_value: lead.appointment_response,
        to_value: answer.response,
      },
    ]);
    // A declined appointment needs another time (decision 054); an accepted or tentative one needs nothing.
    if (answer.response === 'DECLINED') {
      await awaitReply(trx, lead, { declined: appointmentLabel(appointment), sequence: changes }, notice);
    }
    return { recorded: true, enquiry_id: lead.id };
  });
}

/** The newest of our mails about a lead among the Message-IDs an answer names. */
function answeredMail(db: Kysely<DB>, messageIds: string[]) {
  const named = [...new Set(messageIds)].slice(0, 50);
  if (named.length === 0) return Promise.resolve(undefined);
  return db
    .selectFrom('mails')
    .select(['id', 'dedupe_key', 'reply_to'])
    .where('message_id', 'in', named)
    .where('dedupe_key', 'like', 'lead:%')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/** Compared in a time that does not tell how much of it matched. */
function sameText(a: string, b: string): boolean {
  const [left, right] = [Buffer.from(a), Buffer.from(b)];
  return left.length === right.length && timingSafeEqual(left, right);
}

const oneLine = (text: string) => text.replace(/\s+/g, ' ').trim();

/**
 * What the visitor wrote above the mail they answer (quoted lines, "On … wrote:" and signatures below it left out),
 * or all of it when nothing is left; at most LEAD_ANSWER_MAX characters, cut before reading (the reader's patterns
 * take longer the longer the text).
 */
function visibleText(text: string): string {
  const bounded = text.replace(/\r\n/g, '\n').slice(0, LEAD_ANSWER_MAX);
  const visible = new EmailReplyParser().parseReply(bounded).trim();
  return visible || bounded.trim();
}
