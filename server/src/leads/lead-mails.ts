import type { Kysely } from 'kysely';
import { PRODUCT_NAME } from '../../../shared/brand.js';
import type { MailSettings } from '../config.js';
import type { DB } from '../db/schema.js';
import type { FormTable } from '../forms/forms.repository.js';
import { escapeHtml } from '../http/escape-html.js';
import type { JobQueue } from '../jobs/job-queue.js';
import { queueMail, type OutgoingMail } from '../mail/mail.service.js';

/** A stored form entry, as its mails describe it. */
export interface NewLead {
  table: FormTable;
  id: number;
  countryId: number;
  /** The branch an enquiry was sent to: its address is told; otherwise the country's contact address. */
  branchId: number | null;
  /** "enquiry", "appointment request", "OSHC quote request". */
  kind: string;
  visitorName: string | null;
  visitorEmail: string;
  /** The submission as sent, label and value, in the form's order. */
  fields: [label: string, value: string][];
}

/** Queues a new lead's mails in the transaction that stored it (decision 029). */
export type LeadMailer = (trx: Kysely<DB>, lead: NewLead) => Promise<void>;

/**
 * The branch's address (enquiries) or the country's contact address is told of the lead with everything the
 * visitor sent; the visitor gets a confirmation with a copy. Every value a visitor typed is escaped in the HTML part.
 */
export function leadMailer(jobs: Pick<JobQueue, 'send'>, settings: Pick<MailSettings, 'from'>): LeadMailer {
  return async (trx, lead) => {
    const who = lead.visitorName ?? lead.visitorEmail;
    const greeting = lead.visitorName ? `, ${lead.visitorName}` : '';
    const send = (mail: Pick<OutgoingMail, 'purpose' | 'to' | 'subject' | 'text' | 'html'>, key: string) =>
      queueMail(
        trx,
        jobs,
        { ...mail, dedupeKey: `lead:${lead.table}:${lead.id}:${key}`, countryId: lead.countryId },
        settings,
      );
    const staffAddress = await staffAddressOf(trx, lead);
    if (staffAddress) {
      await send(
        {
          purpose: 'LEAD_NOTIFICATION',
          to: staffAddress,
          subject: `New ${lead.kind} from ${who}`,
          text: `A new ${lead.kind} arrived on the website.\n\n${fieldsText(lead.fields)}\n`,
          html: `<p>A new ${escapeHtml(lead.kind)} arrived on the website.</p>${fieldsHtml(lead.fields)}`,
        },
        'notification',
      );
    }
    await send(
      {
        purpose: 'VISITOR_CONFIRMATION',
        to: lead.visitorEmail,
        subject: `We received your ${lead.kind}`,
        text:
          `Thank you${greeting}. We received your ${lead.kind} and a counsellor will contact you soon.\n\n` +
          `What you sent:\n\n${fieldsText(lead.fields)}\n\n${PRODUCT_NAME}\n`,
        html:
          `<p>Thank you${escapeHtml(greeting)}. We received your ${escapeHtml(lead.kind)} and a counsellor will ` +
          `contact you soon.</p><p>What you sent:</p>${fieldsHtml(lead.fields)}<p>${escapeHtml(PRODUCT_NAME)}</p>`,
      },
      'confirmation',
    );
  };
}

async function staffAddressOf(trx: Kysely<DB>, lead: NewLead): Promise<string | undefined> {
  if (lead.branchId !== null) {
    const branch = await trx.selectFrom('branches').select('email').where('id', '=', lead.branchId).executeTakeFirst();
    if (branch) return branch.email;
  }
  const contact = await trx
    .selectFrom('header_contact_infos')
    .select('email')
    .where('country_id', '=', lead.countryId)
    .executeTakeFirst();
  return contact?.email;
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
