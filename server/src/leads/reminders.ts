import type { Kysely } from 'kysely';
import { PRODUCT_NAME } from '../../../shared/brand.js';
import { LEAD_KIND_LABELS } from '../../../shared/leads.js';
import type { LeadSettings, MailSettings } from '../config.js';
import type { DB } from '../db/schema.js';
import { escapeHtml } from '../http/escape-html.js';
import type { JobQueue } from '../jobs/job-queue.js';
import { queueMail, queueMails } from '../mail/mail.service.js';
import { reminderMail } from './appointment-mails.js';
import { selectAppointmentsOn, selectDueFollowUps } from './leads.repository.js';
import { todayIn } from './leads.service.js';

/**
 * The `follow-up-reminders` job, each morning: every active staff member with open leads whose follow-up day is
 * today or past gets one mail listing them. Keyed by staff member and day, so a retried or repeated run sends once.
 */
export async function sendFollowUpReminders(
  db: Kysely<DB>,
  jobs: Pick<JobQueue, 'send'>,
  settings: { leads: LeadSettings; mail: Pick<MailSettings, 'from'>; publicUrl: string },
  now = new Date(),
): Promise<number> {
  const today = todayIn(settings.leads.timeZone, now);
  const due = await selectDueFollowUps(db, today)
    .innerJoin('staff_users', 'staff_users.id', 'leads.assignee_id')
    .select(['staff_users.id as staff_id', 'staff_users.name as staff_name', 'staff_users.email as staff_email'])
    .where('staff_users.is_active', '=', true)
    .execute();
  const byStaff = Map.groupBy(due, (lead) => lead.staff_id);
  let queued = 0;
  for (const leads of byStaff.values()) {
    const { staff_id, staff_name, staff_email } = leads[0]!;
    const lines = leads.map((lead) => {
      const name = [lead.first_name, lead.last_name].filter(Boolean).join(' ') || lead.email_address;
      const when = lead.follow_up_on === today ? 'today' : `since ${lead.follow_up_on}`;
      return {
        text: `${name} (${LEAD_KIND_LABELS[lead.kind]}, ${lead.country_name}), due ${when}: ${settings.publicUrl}/admin/enquiries?lead=${lead.id}`,
        html:
          `<li><a href="${escapeHtml(`${settings.publicUrl}/admin/enquiries?lead=${lead.id}`)}">${escapeHtml(name)}</a> ` +
          `(${escapeHtml(LEAD_KIND_LABELS[lead.kind])}, ${escapeHtml(lead.country_name)}), due ${escapeHtml(when)}</li>`,
      };
    });
    const count = leads.length === 1 ? '1 follow-up' : `${leads.length} follow-ups`;
    const id = await db.transaction().execute((trx) =>
      queueMail(
        trx,
        jobs,
        {
          purpose: 'FOLLOW_UP_REMINDER',
          dedupeKey: `reminder:${staff_id}:${today}`,
          countryId: null,
          to: staff_email,
          subject: `${count} due today`,
          text: `Good morning ${staff_name},\n\nThese enquiries are waiting for you:\n\n${lines.map((line) => `- ${line.text}`).join('\n')}\n\n${PRODUCT_NAME}\n`,
          html: `<p>Good morning ${escapeHtml(staff_name)},</p><p>These enquiries are waiting for you:</p><ul>${lines.map((line) => line.html).join('')}</ul><p>${escapeHtml(PRODUCT_NAME)}</p>`,
        },
        settings.mail,
      ),
    );
    if (id !== undefined) queued += 1;
  }
  return queued;
}

/**
 * The visitors' reminders (decision 049), sent by the same morning job: every visitor with an appointment arranged
 * for tomorrow gets one mail saying when, how and where, its Reply-To the branch or the country's contact address.
 * Tomorrow is the day after today where the appointment is (the country's time zone, else the site's; decision
 * 050). Keyed by the lead's entry (privacy requests remove it with the lead's other mails) and the appointment
 * itself, so a rerun sends nothing more and a moved appointment is reminded of again.
 */
export async function sendAppointmentReminders(
  db: Kysely<DB>,
  jobs: Pick<JobQueue, 'send'>,
  settings: { leads: LeadSettings; mail: Pick<MailSettings, 'from'> },
  now = new Date(),
): Promise<number> {
  const tomorrowIn = (timeZone: string) => dayAfter(todayIn(timeZone, now));
  // Clocks on Earth differ by at most 26 hours: tomorrow anywhere is within two days of tomorrow here. The job runs
  // once a day, so each country's tomorrow comes round once (the evening before, for a country far behind).
  const here = tomorrowIn(settings.leads.timeZone);
  const candidates = await selectAppointmentsOn(
    db,
    [-2, -1, 0, 1, 2].map((days) => dayAfter(here, days)),
  );
  const mails = candidates
    .filter((lead) => lead.appointment_on === tomorrowIn(lead.time_zone ?? settings.leads.timeZone))
    .map((lead) =>
      reminderMail(lead, {
        day: lead.appointment_on,
        time: lead.appointment_time,
        meeting: lead.meeting,
        minutes: lead.minutes,
      }),
    );
  return db.transaction().execute(async (trx) => (await queueMails(trx, jobs, mails, settings.mail)).length);
}

/** The day `days` after `day` (YYYY-MM-DD). */
function dayAfter(day: string, days = 1): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}
