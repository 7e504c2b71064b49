import { randomUUID } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import nodemailer from 'nodemailer';
import type { MailPurpose, OutboxArgs } from '../../../shared/mail.js';
import type { Actor } from '../auth/staff-identity.js';
import { pageOf } from '../db/pagination.js';
import type { MailSettings } from '../config.js';
import type { DB } from '../db/schema.js';
import type { JobHandler, JobQueue } from '../jobs/job-queue.js';

/**
 * Mail (decision 029): every mail is stored first, in the transaction of what it is about, and a job sends it. The
 * stored row is what is sent, every attempt carries its Message-ID, and a mail that is no longer QUEUED (sent,
 * kept or given up) is never sent again.
 */
export interface OutgoingMail {
  purpose: MailPurpose;
  /** One mail per key: a second request with the same key stores and sends nothing. */
  dedupeKey: string;
  countryId: number | null;
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Where the recipient's answer should go, when not to the From (a staff member's reply). */
  replyTo?: string;
  /** An iCalendar object (with its METHOD) sent as the mail's calendar part: an appointment's invitation. */
  calendar?: string | undefined;
}

/** A subject is one header line: line breaks in it (from what a visitor typed) would start new headers. */
export function oneLine(text: string, max = 200): string {
  const line = text
    .replace(/[\r\n\u2028\u2029\t]+/g, ' ')
    .replace(/\s{2,}/g, ' ')
    .trim();
  return line.length > max ? `${line.slice(0, max - 1)}…` : line;
}

/** `queueMail` with the job queue and the From it needs: what a service is given to send a mail. */
export interface MailQueue {
  (trx: Kysely<DB>, mail: OutgoingMail): Promise<number | undefined>;
  /** The From every mail is sent with (an invitation's organiser when no one else is). */
  readonly from: string;
}

/** Stores `mail` and queues its sending, both in `trx`; answers the mail's id, or undefined if its key was taken. */
export async function queueMail(
  trx: Kysely<DB>,
  jobs: Pick<JobQueue, 'send'>,
  mail: OutgoingMail,
  settings: Pick<MailSettings, 'from'>,
): Promise<number | undefined> {
  const [id] = await queueMails(trx, jobs, [mail], settings);
  return id;
}

/**
 * Stores `mails` and queues their sending, all in `trx`, in two statements however many there are (a lead's mails
 * are on the path of every form's answer); answers the ids of those stored (a taken key stores nothing).
 */
export async function queueMails(
  trx: Kysely<DB>,
  jobs: Pick<JobQueue, 'send'>,
  mails: OutgoingMail[],
  settings: Pick<MailSettings, 'from'>,
): Promise<number[]> {
  if (mails.length === 0) return [];
  const domain = messageIdDomain(settings.from);
  const rows = await trx
    .insertInto('mails')
    .values(
      mails.map((mail) => ({
        purpose: mail.purpose,
        dedupe_key: mail.dedupeKey,
        country_id: mail.countryId,
        to_address: mail.to,
        subject: oneLine(mail.subject),
        text_body: mail.text,
        html_body: mail.html,
        reply_to: mail.replyTo ?? null,
        calendar: mail.calendar ?? null,
        message_id: `<${randomUUID()}@${domain}>`,
      })),
    )
    .onConflict((oc) => oc.column('dedupe_key').doNothing())
    .returning('id')
    .execute();
  const ids = rows.map((row) => row.id);
  await jobs.send(trx, 'send-mail', ...ids.map((mailId) => ({ mailId })));
  return ids;
}

/** The domain of the From address (where Message-IDs are made), or localhost. */
function messageIdDomain(from: string): string {
  return /@([A-Za-z0-9.-]+)>?\s*$/.exec(from)?.[1] ?? 'localhost';
}

/** Mails handed to the SMTP server per second unless MAIL_SEND_RATE says otherwise (decision 061). */
export const DEFAULT_MAIL_SEND_RATE = 25;
/** SMTP connections kept open and used side by side. */
const SMTP_CONNECTIONS = 5;

/**
 * The `send-mail` job: sends a stored mail over SMTP, or keeps it in the Outbox when no SMTP server is set. A
 * failure is recorded on the mail (attempts, the error) and thrown, so the queue retries it; on the last attempt
 * the mail is marked FAILED. Mails go over a pool of kept-open connections, at most `sendRate` a second (a
 * provider's limit); `close` ends the connections.
 */
export function mailSender(db: Kysely<DB>, settings: MailSettings): JobHandler<'send-mail'> & { close(): void } {
  const transport = settings.smtpUrl
    ? nodemailer.createTransport({
        url: settings.smtpUrl,
        pool: true,
        maxConnections: SMTP_CONNECTIONS,
        rateDelta: 1000,
        rateLimit: settings.sendRate ?? DEFAULT_MAIL_SEND_RATE,
      })
    : undefined;
  const send: JobHandler<'send-mail'> = async ({ mailId }, { lastAttempt }) => {
    const mail = await db.selectFrom('mails').selectAll().where('id', '=', mailId).executeTakeFirst();
    if (mail?.status !== 'QUEUED') return;
    if (!transport) {
      await db.updateTable('mails').set({ status: 'KEPT' }).where('id', '=', mailId).execute();
      return;
    }
    try {
      await transport.sendMail({
        from: settings.from,
        to: mail.to_address,
        subject: mail.subject,
        text: mail.text_body,
        html: mail.html_body,
        replyTo: mail.reply_to ?? undefined,
        messageId: mail.message_id,
        // Sent as a text/calendar alternative with the object's own METHOD, which mail programs act on.
        icalEvent: mail.calendar ? { method: calendarMethod(mail.calendar), content: mail.calendar } : undefined,
      });
    } catch (error) {
      await db
        .updateTable('mails')
        .set((eb) => ({
          attempts: eb('attempts', '+', 1),
          last_error: oneLine(error instanceof Error ? error.message : String(error), 500),
          status: lastAttempt ? 'FAILED' : 'QUEUED',
        }))
        .where('id', '=', mailId)
        .execute();
      throw error;
    }
    await db
      .updateTable('mails')
      .set((eb) => ({ attempts: eb('attempts', '+', 1), status: 'SENT', sent_at: new Date(), last_error: null }))
      .where('id', '=', mailId)
      .execute();
  };
  return Object.assign(send, { close: () => transport?.close() });
}

/** The METHOD line of an iCalendar object (REQUEST, CANCEL, …). */
function calendarMethod(calendar: string): string {
  return /^METHOD:(\S+)/m.exec(calendar)?.[1] ?? 'PUBLISH';
}

/** An Outbox line: the mail with its bodies and its country's name. */
const OUTBOX_COLUMNS = [
  'mails.id',
  'mails.purpose',
  'mails.status',
  'mails.to_address',
  'mails.subject',
  'mails.text_body',
  'mails.html_body',
  'mails.calendar',
  'mails.country_id',
  'countries.name as country_name',
  'mails.attempts',
  'mails.last_error',
  'mails.created_at',
  'mails.sent_at',
] as const;

/**
 * The Outbox: mails newest first, with their bodies. An ADMIN sees every mail; an EDITOR those about their
 * countries' leads (a mail about no country, such as a reminder, is an ADMIN's).
 */
export function getOutbox(db: Kysely<DB>, actor: Actor, args: OutboxArgs) {
  let query = db
    .selectFrom('mails')
    .leftJoin('countries', 'countries.id', 'mails.country_id')
    .select(OUTBOX_COLUMNS)
    .orderBy('mails.created_at', 'desc')
    .orderBy('mails.id', 'desc');
  if (actor.role !== 'ADMIN') {
    query =
      actor.countryIds.length === 0
        ? query.where(sql.lit(false))
        : query.where('mails.country_id', 'in', actor.countryIds);
  }
  if (args.status !== null) query = query.where('mails.status', '=', args.status);
  return pageOf(query, args.paginate);
}
