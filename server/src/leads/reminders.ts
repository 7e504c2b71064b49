import type { Kysely } from 'kysely';
import { appointmentLabel } from '../../../shared/appointment.js';
import { dayAfter, todayIn } from '../../../shared/calendar-days.js';
import { PRODUCT_NAME } from '../../../shared/brand.js';
import { countOf } from '../../../shared/words.js';
import { LEAD_KIND_LABELS } from '../../../shared/leads.js';
import type { LeadSettings, MailSettings } from '../config.js';
import type { DB } from '../db/schema.js';
import { escapeHtml } from '../http/escape-html.js';
import type { JobQueue } from '../jobs/job-queue.js';
import { queueMail, queueMails } from '../mail/mail.service.js';
import { reminderMail } from './appointment-mails.js';
import {
  appointmentOf,
  selectAppointmentsOn,
  selectCounsellorsAppointments,
  selectDueFollowUps,
  selectWaitingForCounsellors,
  type LeadRow,
} from './leads.repository.js';

/** How far ahead a counsellor's morning mail lists their appointments: the day ahead, wherever it happens. */
const MORNING_AHEAD_MS = 24 * 60 * 60 * 1000;

type MorningLead = Pick<LeadRow, 'id' | 'kind' | 'first_name' | 'last_name' | 'email_address' | 'country_name'>;

/**
 * The `follow-up-reminders` job, each morning: every active staff member with appointments in the next 24 hours
 * (decision 050), visitors waiting for their reply (decision 054) or open leads whose follow-up day is today or past
 * gets one mail listing them. Keyed by staff member
 * and day, so a retried or repeated run sends once.
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
  // Visitors who answered and wait for their counsellor (decision 054).
  const waiting = await selectWaitingForCounsellors(db);
  const appointments = await selectCounsellorsAppointments(
    db,
    settings.leads.timeZone,
    now,
    new Date(now.getTime() + MORNING_AHEAD_MS),
  );
  const mornings = new Map<
    number,
    { name: string; email: string; appointments: string[][]; waiting: string[][]; followUps: string[][] }
  >();
  const morningOf = (lead: { staff_id: number; staff_name: string; staff_email: string }) => {
    const morning = mornings.get(lead.staff_id) ?? {
      name: lead.staff_name,
      email: lead.staff_email,
      appointments: [],
      waiting: [],
      followUps: [],
    };
    mornings.set(lead.staff_id, morning);
    return morning;
  };
  // A lead as a line of text and of HTML: what comes before its name, its name linked, what comes after.
  const line = (lead: MorningLead, before: string, after: string) => {
    const name =
      [lead.first_name, lead.last_name].filter(Boolean).join(' ') || lead.email_address || 'Anonymised visitor';
    const url = `${settings.publicUrl}/admin/enquiries?lead=${lead.id}`;
    const where = `(${LEAD_KIND_LABELS[lead.kind]}, ${lead.country_name})`;
    return [
      `${before}${name} ${where}${after}: ${url}`,
      `<li>${escapeHtml(before)}<a href="${escapeHtml(url)}">${escapeHtml(name)}</a> ${escapeHtml(where + after)}</li>`,
    ];
  };
  for (const lead of appointments) {
    const appointment = appointmentOf(lead);
    // A time on another clock than the site's says which.
    const clock = lead.time_zone === settings.leads.timeZone ? '' : ` (${lead.time_zone})`;
    morningOf(lead).appointments.push(line(lead, `${appointmentLabel(appointment)}${clock}: `, ''));
  }
  for (const lead of waiting) {
    morningOf(lead).waiting.push(
      line(lead, '', `, since ${todayIn(settings.leads.timeZone, new Date(lead.awaiting_reply_since!))}`),
    );
  }
  for (const lead of due) {
    const when = lead.follow_up_on === today ? 'today' : `since ${lead.follow_up_on}`;
    morningOf(lead).followUps.push(line(lead, '', `, due ${when}`));
  }

  let queued = 0;
  for (const [staffId, morning] of mornings) {
    const sections = [
      ['Your appointments in the next 24 hours:', morning.appointments],
      ['These visitors answered and are waiting for your reply:', morning.waiting],
      ['These enquiries are waiting for you:', morning.followUps],
    ] as const;
    const shown = sections.filter(([, lines]) => lines.length > 0);
    const subject = [
      morning.appointments.length > 0
        ? `${countOf(morning.appointments.length, 'appointment')} in the next 24 hours`
        : '',
      morning.waiting.length > 0 ? `${countOf(morning.waiting.length, 'visitor')} waiting for your reply` : '',
      morning.followUps.length > 0 ? `${countOf(morning.followUps.length, 'follow-up')} due today` : '',
    ]
      .filter(Boolean)
      .join(', ');
    const id = await db.transaction().execute((trx) =>
      queueMail(
        trx,
        jobs,
        {
          purpose: 'FOLLOW_UP_REMINDER',
          dedupeKey: `reminder:${staffId}:${today}`,
          countryId: null,
          to: morning.email,
          subject,
          text: `Good morning ${morning.name},\n\n${shown.map(([title, lines]) => `${title}\n\n${lines.map(([text]) => `- ${text}`).join('\n')}\n\n`).join('')}${PRODUCT_NAME}\n`,
          html: `<p>Good morning ${escapeHtml(morning.name)},</p>${shown.map(([title, lines]) => `<p>${escapeHtml(title)}</p><ul>${lines.map(([, html]) => html).join('')}</ul>`).join('')}<p>${escapeHtml(PRODUCT_NAME)}</p>`,
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
    .map((lead) => reminderMail(lead, appointmentOf(lead)));
  return db.transaction().execute(async (trx) => (await queueMails(trx, jobs, mails, settings.mail)).length);
}
