import type { Kysely } from 'kysely';
import { PRODUCT_NAME } from '../../../shared/brand.js';
import type { MailSettings } from '../config.js';
import type { DB } from '../db/schema.js';
import { escapeHtml } from '../http/escape-html.js';
import type { JobQueue } from '../jobs/job-queue.js';
import { queueMails, type OutgoingMail } from '../mail/mail.service.js';
import type { NewLead } from './leads.service.js';
import type { LeadKind } from '../../../shared/leads.js';

/** What each form's entry is called in its mails. */
const MAIL_NAMES = {
  CONTACT_US: 'enquiry',
  GENERAL: 'appointment request',
  OSHC: 'OSHC quote request',
} as const satisfies Record<LeadKind, string>;

/** Queues a new lead's mails in the transaction that stored it (decision 029). */
export type LeadMailer = (trx: Kysely<DB>, lead: NewLead) => Promise<void>;

/**
 * The branch's address (enquiries) or the country's contact address is told of the lead with everything the
 * visitor sent; the visitor gets a confirmation with a copy. Every value a visitor typed is escaped in the HTML part.
 */
export function leadMailer(jobs: Pick<JobQueue, 'send'>, settings: Pick<MailSettings, 'from'>): LeadMailer {
  return async (trx, lead) => {
    const name = lead.firstName !== null ? `${lead.firstName} ${lead.lastName ?? ''}`.trim() : null;
    const who = name ?? lead.email;
    const greeting = name ? `, ${name}` : '';
    const kind = MAIL_NAMES[lead.kind];
    const mail = (
      m: Pick<OutgoingMail, 'purpose' | 'to' | 'subject' | 'text' | 'html'>,
      key: string,
    ): OutgoingMail => ({
      ...m,
      dedupeKey: `lead:${lead.kind}:${lead.entryId}:${key}`,
      countryId: lead.countryId,
    });
    const { staffAddress } = lead.routing;
    const toStaff = staffAddress
      ? [
          mail(
            {
              purpose: 'LEAD_NOTIFICATION',
              to: staffAddress,
              subject: `New ${kind} from ${who}`,
              text: `A new ${kind} arrived on the website.\n\n${fieldsText(lead.fields)}\n`,
              html: `<p>A new ${escapeHtml(kind)} arrived on the website.</p>${fieldsHtml(lead.fields)}`,
            },
            'notification',
          ),
        ]
      : [];
    const toVisitor = mail(
      {
        purpose: 'VISITOR_CONFIRMATION',
        to: lead.email,
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
