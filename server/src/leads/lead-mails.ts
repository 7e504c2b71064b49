import type { Kysely } from 'kysely';
import { PRODUCT_NAME } from '../../../shared/brand.js';
import type { MailSettings } from '../config.js';
import type { DB } from '../db/schema.js';
import { escapeHtml } from '../http/escape-html.js';
import type { JobQueue } from '../jobs/job-queue.js';
import { queueMails, type OutgoingMail } from '../mail/mail.service.js';
import { staffReplyAddress } from './mail-proof.js';
import type { NewLead } from './leads.service.js';
import { LEAD_KIND_NAMES, LEAD_KINDS, type LeadKind, type ReplyToEnquiryInput } from '../../../shared/leads.js';
import type { Actor } from '../auth/staff-identity.js';

/** The dedupe-key prefix of every mail about one lead's entry: privacy requests remove them with the lead. */
export const leadMailKey = (lead: { kind: LeadKind; entry_id: number }) => `lead:${lead.kind}:${lead.entry_id}:`;

const LEAD_MAIL_KEY = new RegExp(`^lead:(${LEAD_KINDS.join('|')}):(\\d+):`);
/** The lead's entry a mail's dedupe key names (leadMailKey's reverse), or null for a mail about no lead. */
export function leadOfMailKey(key: string): { kind: LeadKind; entry_id: number } | null {
  const match = LEAD_MAIL_KEY.exec(key);
  return match ? { kind: match[1] as LeadKind, entry_id: Number(match[2]) } : null;
}

/** The dedupe-key prefix of the replies to one lead (after it, each reply's key). */
export const replyKeyPrefix = (lead: { kind: LeadKind; entry_id: number }) => `${leadMailKey(lead)}reply:`;

/** Queues a new lead's mails in the transaction that stored it (decision 029). */
export type LeadMailer = (trx: Kysely<DB>, lead: NewLead & { leadId: number }) => Promise<void>;

/**
 * The branch's address (enquiries) or the country's contact address is told of the lead with everything the
 * visitor sent and a link to it in the inbox; the visitor gets a confirmation with a copy. Each mail's Reply-To is
 * the other side (the visitor's address on the notification, the branch's on the confirmation), so answering either
 * reaches a person rather than the no-reply From. Every value a visitor typed is escaped in the HTML part.
 */
export function leadMailer(
  jobs: Pick<JobQueue, 'send'>,
  settings: Pick<MailSettings, 'from'>,
  publicUrl: string,
): LeadMailer {
  return async (trx, lead) => {
    const name = lead.firstName !== null ? `${lead.firstName} ${lead.lastName ?? ''}`.trim() : null;
    const who = name ?? lead.email;
    const greeting = name ? `, ${name}` : '';
    const kind = LEAD_KIND_NAMES[lead.kind];
    const mail = (
      m: Pick<OutgoingMail, 'purpose' | 'to' | 'replyTo' | 'subject' | 'text' | 'html'>,
      key: string,
    ): OutgoingMail => ({
      ...m,
      dedupeKey: `${leadMailKey({ kind: lead.kind, entry_id: lead.entryId })}${key}`,
      countryId: lead.countryId,
    });
    const { staffAddress } = lead.routing;
    const inbox = `${publicUrl}/admin/enquiries?lead=${lead.leadId}`;
    const toStaff = staffAddress
      ? [
          mail(
            {
              purpose: 'LEAD_NOTIFICATION',
              to: staffAddress,
              replyTo: lead.email,
              subject: `New ${kind} from ${who}`,
              text:
                `A new ${kind} arrived on the website.\n\n${fieldsText(lead.fields)}\n\n` +
                `Open it in the inbox (reply there, and the lead records it): ${inbox}\n`,
              html:
                `<p>A new ${escapeHtml(kind)} arrived on the website.</p>${fieldsHtml(lead.fields)}` +
                `<p><a href="${escapeHtml(inbox)}">Open it in the inbox</a> (reply there, and the lead records it).</p>`,
            },
            'notification',
          ),
        ]
      : [];
    const toVisitor = mail(
      {
        purpose: 'VISITOR_CONFIRMATION',
        to: lead.email,
        replyTo: staffAddress ?? undefined,
        subject: `We received your ${kind}`,
        text:
          `Thank you${greeting}. We received your ${kind} and a counsellor will contact you soon.\n\n` +
          `What you sent:\n\n${fieldsText(lead.fields)}\n\n${PRODUCT_NAME}\n`,
        html:
          `<p>Thank you${escapeHtml(greeting)}. We received your ${escapeHtml(kind)} and a counsellor will ` +
          `contact you soon.</p><p>What you sent:</p>${fieldsHtml(lead.fields)}<p>${escapeHtml(PRODUCT_NAME)}</p>`,
      },
      'confirmation',
    );
    await queueMails(trx, jobs, [...toStaff, toVisitor], settings);
  };
}

/** What a reply needs of its lead (a row locked by the reply's transaction). */
interface RepliedLead {
  kind: LeadKind;
  entry_id: number;
  country_id: number;
  email_address: string;
  message: string;
  created_at: string;
}

/**
 * A reply from the inbox (decision 046): what the staff member wrote, signed with their name, and below it the
 * visitor's own message so they know what is answered. Their address is the Reply-To, so an answer reaches them,
 * and beside it the site's reply address when answers come back into the lead (`answersTo`, decision 053). Keyed
 * by the lead's entry (privacy requests remove it with the lead's other mails) and the reply's key.
 */
export function replyMail(
  lead: RepliedLead,
  writer: Pick<Actor, 'name' | 'email'>,
  reply: Pick<ReplyToEnquiryInput, 'key' | 'subject' | 'text'>,
  timeZone: string,
  answersTo?: string,
): OutgoingMail {
  const kind = LEAD_KIND_NAMES[lead.kind];
  const day = new Intl.DateTimeFormat('en-GB', { dateStyle: 'long', timeZone }).format(new Date(lead.created_at));
  const quoted = lead.message.trim() === '' ? null : lead.message.trim();
  const intro = `Your ${kind} of ${day}`;
  return {
    purpose: 'LEAD_REPLY',
    dedupeKey: `${replyKeyPrefix(lead)}${reply.key}`,
    countryId: lead.country_id,
    to: lead.email_address,
    replyTo: answersTo ? `${writer.email}, ${answersTo}` : writer.email,
    subject: reply.subject,
    text:
      `${reply.text}\n\n${writer.name}\n${PRODUCT_NAME}\n` +
      (quoted ? `\n${intro}:\n${quoted.replace(/^/gm, '> ')}\n` : ''),
    html:
      `<p style="white-space:pre-wrap">${escapeHtml(reply.text)}</p>` +
      `<p>${escapeHtml(writer.name)}<br>${escapeHtml(PRODUCT_NAME)}</p>` +
      (quoted
        ? `<p style="color:#555">${escapeHtml(intro)}:</p>` +
          `<blockquote style="margin:0;padding-left:12px;border-left:3px solid #ccc;color:#555;white-space:pre-wrap">` +
          `${escapeHtml(quoted)}</blockquote>`
        : ''),
  };
}

function fieldsText(fields: NewLead['fields']): string {
  return fields.map(([label, value]) => `${label}: ${value}`).join('\n');
}

function fieldsHtml(fields: NewLead['fields']): string {
  const rows = fields.map(
    ([label, value]) =>
      `<tr><th align="left" valign="top">${escapeHtml(label)}</th>` +
      `<td style="white-space:pre-wrap">${escapeHtml(value)}</td></tr>`,
  );
  return `<table cellpadding="4">${rows.join('')}</table>`;
}

/** What the visitor did that waits for their counsellor (decision 054). */
export type WaitingAnswer =
  { answerId: number; subject: string; text: string } | { declined: string; sequence: number };

/**
 * Tells the lead's owner (its assignee, or the address it was announced to while it has none) that the visitor
 * waits for them (decision 054): what they answered, or that their calendar declined the appointment (no one else
 * hears of that: it goes to the reply address). Its Reply-To is the owner's staff reply address (decision 062):
 * answering it from a mail program reaches the site, which keeps it in the lead as the office's reply and sends it
 * on to the visitor; keyed by the lead's entry (privacy requests remove it) and the answer or the invitation declined.
 */
export function waitingAnswerMail(
  lead: { id: number; kind: LeadKind; entry_id: number; country_id: number; email_address: string; name: string },
  to: string,
  answer: WaitingAnswer,
  { publicUrl, replyAddress, secret }: { publicUrl: string; replyAddress: string; secret: string },
): OutgoingMail {
  const inbox = `${publicUrl}/admin/enquiries?lead=${lead.id}`;
  const what =
    'declined' in answer
      ? {
          key: `declined:${answer.sequence}`,
          subject: `${lead.name} declined the appointment of ${answer.declined}`,
          said: `${lead.name}'s calendar declined the appointment of ${answer.declined}.`,
          quote: null,
          next: 'Arrange another time in the inbox',
        }
      : {
          key: `answer:${answer.answerId}`,
          subject: `${lead.name} answered: ${answer.subject || `your ${LEAD_KIND_NAMES[lead.kind]}`}`,
          said: `${lead.name} answered one of our mails about their ${LEAD_KIND_NAMES[lead.kind]}:`,
          quote: answer.text,
          next: `Answer this mail and the site sends your answer to ${lead.name}, or reply in the inbox; the lead keeps it`,
        };
  return {
    purpose: 'ANSWER_NOTICE',
    dedupeKey: `${leadMailKey(lead)}${what.key}`,
    countryId: lead.country_id,
    to,
    // Only theirs (decision 062): the site sends their answer on to the visitor, who never sees the address.
    replyTo: staffReplyAddress(replyAddress, secret, lead.id, to),
    subject: what.subject,
    text: `${what.said}\n\n${what.quote ? `${what.quote.replace(/^/gm, '> ')}\n\n` : ''}${what.next}: ${inbox}\n`,
    html:
      `<p>${escapeHtml(what.said)}</p>` +
      (what.quote
        ? `<blockquote style="margin:0;padding-left:12px;border-left:3px solid #ccc;white-space:pre-wrap">` +
          `${escapeHtml(what.quote)}</blockquote>`
        : '') +
      `<p><a href="${escapeHtml(inbox)}">${escapeHtml(what.next)}</a>.</p>`,
  };
}
