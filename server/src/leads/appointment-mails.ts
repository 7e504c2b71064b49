import { randomBytes } from 'node:crypto';
import ical, { ICalAttendeeRole, ICalAttendeeStatus, ICalCalendarMethod, ICalEventStatus } from 'ical-generator';
import { PRODUCT_NAME } from '../../../shared/brand.js';
import {
  APPOINTMENT_MEETING_LABELS,
  appointmentLabel,
  dayLabel,
  type ArrangedAppointment,
} from '../../../shared/appointment.js';
import { LEAD_KINDS, type LeadKind } from '../../../shared/leads.js';
import { escapeHtml } from '../http/escape-html.js';
import type { OutgoingMail } from '../mail/mail.service.js';
import { leadMailKey } from './lead-mails.js';
import type { AppointmentContacts } from './leads.repository.js';

/**
 * The instant at which the clock in `timeZone` reads `day` `time` (YYYY-MM-DD, HH:MM). A time skipped when the
 * clocks go forward comes out an hour later, as the clock on the wall would then read it.
 */
export function zonedInstant(day: string, time: string, timeZone: string): Date {
  const wall = Date.parse(`${day}T${time}:00Z`);
  // The zone's offset at a first guess, then at the corrected one (right on either side of a change of offset).
  const guess = wall - offsetAt(wall, timeZone);
  return new Date(wall - offsetAt(guess, timeZone));
}

/** How far ahead of UTC the clock in `timeZone` is at `instant`, in milliseconds. */
function offsetAt(instant: number, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  }).formatToParts(instant);
  const part = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((each) => each.type === type)?.value);
  const asUtc = Date.UTC(part('year'), part('month') - 1, part('day'), part('hour'), part('minute'), part('second'));
  return asUtc - Math.floor(instant / 1000) * 1000;
}

/** The mailbox in a From such as `"Horizon" <no-reply@example.com>`. */
const mailboxOf = (from: string) => /<([^>]+)>/.exec(from)?.[1] ?? from.trim();

/** Where a visitor's answer goes: the branch, else the country's contact address. */
const replyAddressOf = (lead: AppointmentContacts) => lead.branch_email ?? lead.contact_email ?? undefined;

/** The branch's name and address, for a meeting there. */
function placeOf(lead: AppointmentContacts, appointment: ArrangedAppointment): string | null {
  if (appointment.meeting !== 'IN_PERSON' || !lead.branch_name) return null;
  return lead.branch_address ? `${lead.branch_name}, ${lead.branch_address}` : lead.branch_name;
}

const CHANGE_IT = 'If you need to change or cancel it, reply to this e-mail so we can offer the time to someone else.';

/** A visitor's mail about their appointment: a greeting, the lines given, then how to change it. */
function visitorMail(
  lead: AppointmentContacts,
  mail: Pick<OutgoingMail, 'purpose' | 'dedupeKey' | 'subject' | 'calendar'>,
  lines: string[],
): OutgoingMail {
  const greeting = lead.first_name ? `Dear ${lead.first_name},` : 'Hello,';
  const paragraphs = [greeting, ...lines, CHANGE_IT, PRODUCT_NAME];
  return {
    ...mail,
    countryId: lead.country_id,
    to: lead.email_address,
    replyTo: replyAddressOf(lead),
    text: `${paragraphs.join('\n\n')}\n`,
    html: paragraphs.map((line) => `<p>${escapeHtml(line)}</p>`).join(''),
  };
}

/** The reminder the morning before (decision 049). */
export function reminderMail(lead: AppointmentContacts, appointment: ArrangedAppointment): OutgoingMail {
  const place = placeOf(lead, appointment);
  return visitorMail(
    lead,
    {
      purpose: 'APPOINTMENT_REMINDER',
      dedupeKey: `${leadMailKey(lead)}appointment:${appointment.day}T${appointment.time}`,
      subject: `Your appointment tomorrow at ${appointment.time}`,
      calendar: undefined,
    },
    [
      `Your appointment with ${PRODUCT_NAME} is tomorrow: ${appointmentLabel(appointment)}.`,
      ...(place ? [`Where: ${place}.`] : []),
    ],
  );
}

/** What changed: an appointment arranged (`before` null), moved, or called off (`after` null). */
export interface AppointmentChange {
  before: ArrangedAppointment | null;
  after: ArrangedAppointment | null;
  /** The change's number among the lead's appointment changes: the invitation's SEQUENCE, so calendars keep the latest. */
  sequence: number;
}

const APPOINTMENT_UID = new RegExp(`^appointment-(${LEAD_KINDS.join('|')})-(\\d+)-([A-Za-z0-9_-]{22})@`);
/**
 * The lead's entry and appointment key an appointment's event UID names (`appointment-<kind>-<entry>-<key>@<domain>`),
 * or null. The key is random (decision 062): only someone sent the invitation knows the UID.
 */
export function leadOfAppointmentUid(uid: string): { kind: LeadKind; entry_id: number; key: string } | null {
  const match = APPOINTMENT_UID.exec(uid);
  return match ? { kind: match[1] as LeadKind, entry_id: Number(match[2]), key: match[3]! } : null;
}

/** A new appointment key: 128 random bits, 22 characters. */
export const newAppointmentKey = () => randomBytes(16).toString('base64url');

/**
 * The visitor's mail when staff arrange, move or call off their appointment (decision 050), with a calendar
 * invitation (an iTIP REQUEST, or CANCEL) its calendar adds, moves or removes. One event per lead (its UID, on the
 * From's domain so it stays the same whoever organises), at the instant the lead's clock (its branch's time zone,
 * else its country's, else the site's) reads the appointment's time; organised by the branch (else the country's
 * contact address, else the From), so accepting or declining reaches a person, or by the site's reply address when
 * answers come back into the lead (`answersTo`).
 */
export function invitationMail(
  lead: AppointmentContacts,
  change: AppointmentChange,
  settings: { timeZone: string; from: string; answersTo?: string },
): OutgoingMail {
  const shown = change.after ?? change.before;
  if (!shown) throw new Error('An appointment change needs an appointment before or after');
  if (!lead.appointment_key) throw new Error('An invitation needs the lead’s appointment key');
  const cancelled = change.after === null;
  const place = placeOf(lead, shown);
  const label = appointmentLabel(shown);
  const [subject, lines] = cancelled
    ? [
        `Your appointment on ${dayLabel(shown.day)} is called off`,
        [`Your appointment with ${PRODUCT_NAME} (${label}) is called off.`],
      ]
    : [
        `${change.before ? 'Your appointment has moved' : 'Your appointment'}: ${label}`,
        [
          change.before
            ? `Your appointment with ${PRODUCT_NAME} has moved to ${label} (it was ${appointmentLabel(change.before)}).`
            : `Your appointment with ${PRODUCT_NAME} is arranged: ${label}.`,
          ...(place ? [`Where: ${place}.`] : []),
          'The invitation attached puts it in your calendar.',
        ],
      ];
  const timeZone = lead.time_zone ?? settings.timeZone;
  const start = zonedInstant(shown.day, shown.time, timeZone);
  // Where the visitor's calendar sends Accept or Decline: the site's reply address when answers come back into the
  // lead (decision 053).
  const organizer = settings.answersTo ?? replyAddressOf(lead) ?? mailboxOf(settings.from);
  const calendar = ical({
    prodId: { company: PRODUCT_NAME, product: 'Appointments' },
    method: cancelled ? ICalCalendarMethod.CANCEL : ICalCalendarMethod.REQUEST,
    events: [
      {
        id: `appointment-${lead.kind}-${lead.entry_id}-${lead.appointment_key}@${mailboxOf(settings.from).split('@')[1] ?? 'localhost'}`,
        // (leadOfAppointmentUid reads it back from a calendar's answer.)
        sequence: change.sequence,
        start,
        end: new Date(start.getTime() + shown.minutes * 60_000),
        summary: `Appointment with ${lead.branch_name ?? PRODUCT_NAME}`,
        description: `${lines.join('\n')}\n\n${CHANGE_IT}`,
        location: place ?? APPOINTMENT_MEETING_LABELS[shown.meeting],
        status: cancelled ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
        organizer: { name: lead.branch_name ?? PRODUCT_NAME, email: organizer },
        attendees: [
          {
            email: lead.email_address,
            name: [lead.first_name, lead.last_name].filter(Boolean).join(' ') || null,
            role: ICalAttendeeRole.REQ,
            ...(cancelled ? {} : { status: ICalAttendeeStatus.NEEDSACTION, rsvp: true }),
          },
        ],
      },
    ],
  });
  return visitorMail(
    lead,
    {
      purpose: 'APPOINTMENT_INVITATION',
      dedupeKey: `${leadMailKey(lead)}invitation:${change.sequence}`,
      subject,
      calendar: calendar.toString(),
    },
    lines,
  );
}
