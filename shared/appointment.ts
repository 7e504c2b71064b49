import { z } from 'zod';
import { utcDayFromToday } from './calendar-days.js';
import { enumeration } from './enumeration.js';
import { calendarDate, clockTime, numberLikeId } from './fields.js';

/**
 * What a visitor asks for when booking an appointment (decision 048): how to meet, which branch, and a day and part
 * of the day that suit them. All optional, so the spec's form (and every caller of it) is still complete without them;
 * staff confirm the actual time with the visitor.
 */

export const [APPOINTMENT_MEETINGS, APPOINTMENT_MEETING_LABELS] = enumeration({
  IN_PERSON: 'At a branch',
  VIDEO: 'Video call',
  PHONE: 'Phone call',
});
export type AppointmentMeeting = (typeof APPOINTMENT_MEETINGS)[number];

/** What the visitor's calendar answered to the appointment's invitation (decision 053). */
export const [APPOINTMENT_RESPONSES, APPOINTMENT_RESPONSE_LABELS] = enumeration({
  ACCEPTED: 'Accepted by the visitor',
  DECLINED: 'Declined by the visitor',
  TENTATIVE: 'The visitor may come',
});
export type AppointmentResponse = (typeof APPOINTMENT_RESPONSES)[number];

export const [APPOINTMENT_TIMES, APPOINTMENT_TIME_LABELS] = enumeration({
  MORNING: 'Morning',
  AFTERNOON: 'Afternoon',
});
export type AppointmentTime = (typeof APPOINTMENT_TIMES)[number];

/** How far ahead a preferred day may be. */
export const APPOINTMENT_DAYS_AHEAD = 90;

export const APPOINTMENT_MESSAGES = {
  invalidDate: '*Enter a valid date (YYYY-MM-DD)',
  dateInPast: '*Preferred date cannot be in the past',
  dateTooFar: `*Preferred date must be within ${APPOINTMENT_DAYS_AHEAD} days`,
  branch: '*Choose a branch from the list',
  meeting: '*Choose how you would like to meet',
  time: '*Choose a time of day',
} as const;

/**
 * The days a preferred date may fall on, as `YYYY-MM-DD`: from yesterday in UTC, which is "today" somewhere on
 * Earth, so a visitor in any time zone may ask for their own today; to APPOINTMENT_DAYS_AHEAD days after tomorrow.
 */
export function appointmentDays(now = new Date()): { first: string; last: string } {
  return { first: utcDayFromToday(-1, now), last: utcDayFromToday(APPOINTMENT_DAYS_AHEAD + 1, now) };
}

/** A preferred day as people read it: "Tuesday, 8 December 2026". */
export function dayLabel(day: string): string {
  return new Intl.DateTimeFormat('en-GB', { dateStyle: 'full', timeZone: 'UTC' }).format(new Date(`${day}T00:00:00Z`));
}

/** Leaving a choice out, or sending it empty, means "no preference". */
const optional = <T extends z.ZodType>(schema: T, message: string) =>
  z
    .union([z.literal(''), schema], { error: message })
    .nullish()
    .transform((value) => (value === '' || value === undefined || value === null ? null : (value as z.output<T>)));

/** The booking form's optional fields, added to the spec's general form. */
export const appointmentPreferences = {
  meeting: optional(z.enum(APPOINTMENT_MEETINGS), APPOINTMENT_MESSAGES.meeting),
  /** A branch id, as the enquiry's: a number or a string of digits (the browser's Select sends text). */
  branch_id: optional(numberLikeId(APPOINTMENT_MESSAGES.branch), APPOINTMENT_MESSAGES.branch),
  preferred_date: optional(
    calendarDate(APPOINTMENT_MESSAGES.invalidDate, APPOINTMENT_MESSAGES.invalidDate)
      .refine((day) => day >= appointmentDays().first, APPOINTMENT_MESSAGES.dateInPast)
      .refine((day) => day <= appointmentDays().last, APPOINTMENT_MESSAGES.dateTooFar),
    APPOINTMENT_MESSAGES.invalidDate,
  ),
  preferred_time: optional(z.enum(APPOINTMENT_TIMES), APPOINTMENT_MESSAGES.time),
};

/** How long an arranged appointment may last, in minutes (decision 050): staff choose one; an hour unless they do. */
export const APPOINTMENT_LENGTHS = [15, 20, 30, 45, 60, 90, 120] as const;
export const APPOINTMENT_USUAL_MINUTES = 60;
export const APPOINTMENT_LENGTH_MESSAGE = 'Choose a length from the list';

/**
 * An appointment staff have arranged with the visitor (decision 049): a day and a time as the clock reads where the
 * meeting is (the branch's, or the visitor's for a call), and how they meet.
 */
export const arrangedAppointment = z.object({
  day: calendarDate('Appointment date is required'),
  time: clockTime('Appointment time is required'),
  meeting: z.enum(APPOINTMENT_MEETINGS, { error: APPOINTMENT_MESSAGES.meeting }),
  /** How long it lasts (decision 050); an hour when left out. */
  minutes: z
    .number({ error: APPOINTMENT_LENGTH_MESSAGE })
    .refine((minutes) => (APPOINTMENT_LENGTHS as readonly number[]).includes(minutes), APPOINTMENT_LENGTH_MESSAGE)
    .nullish()
    .transform((minutes) => minutes ?? APPOINTMENT_USUAL_MINUTES),
});
export type ArrangedAppointment = z.output<typeof arrangedAppointment>;

/** "1 hour", "30 minutes", "1 hour 30 minutes". */
export function lengthLabel(minutes: number): string {
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return [hours ? `${hours} hour${hours > 1 ? 's' : ''}` : '', rest ? `${rest} minutes` : ''].filter(Boolean).join(' ');
}

/** "10:00–11:00": when it starts and ends on its clock (an end past midnight reads as the next day's time). */
export function appointmentSpan(time: string, minutes: number): string {
  const [hours = 0, mins = 0] = time.split(':').map(Number);
  const end = (hours * 60 + mins + minutes) % (24 * 60);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${time}–${pad(Math.floor(end / 60))}:${pad(end % 60)}`;
}

/**
 * "Thursday, 3 December 2026 at 14:30 · Video call"; "… at 14:30 for 30 minutes · …" when it is not the usual hour
 * (so what every earlier history line and mail said still reads the same).
 */
export function appointmentLabel(appointment: ArrangedAppointment): string {
  const length = appointment.minutes === APPOINTMENT_USUAL_MINUTES ? '' : ` for ${lengthLabel(appointment.minutes)}`;
  return `${dayLabel(appointment.day)} at ${appointment.time}${length} · ${APPOINTMENT_MEETING_LABELS[appointment.meeting]}`;
}
