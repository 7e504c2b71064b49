import { z } from 'zod';
import {
  calendarDate,
  clockTime,
  countryId,
  email,
  id,
  phoneNumber,
  requiredText,
  url,
  whatsappNumber,
} from './fields.js';
import { daysBetween } from './calendar-days.js';
import { WEEKDAYS, weekOf, type OpeningHours } from './opening-hours.js';
import { changedTimeZone, newTimeZone } from './time-zone.js';

/** An http(s) link, or none: '' and null both mean none. */
function linkOrNone(label: string) {
  return z.union([z.literal('').transform(() => null), url(label)]).nullable();
}

/** A WhatsApp number, or none: '' (blanks alone too) and null both mean none. */
const whatsappOrNone = z
  .union([
    z
      .string()
      .trim()
      .length(0)
      .transform(() => null),
    whatsappNumber,
  ])
  .nullable();

/** A day's hours: it opens, then closes later the same day. */
const dayHours = z
  .object({ opens: clockTime('Opening time is required'), closes: clockTime('Closing time is required') })
  .refine((hours) => hours.closes > hours.opens, {
    message: 'Closing time must be after opening time',
    path: ['closes'],
    // Only of two times: a time not given, or not HH:MM, has its own message.
    when: (payload) => payload.issues.length === 0,
  })
  .nullable();

/**
 * A branch's week (decision 051): each day's hours, or null when closed; a day left out is closed. A week closed
 * every day says nothing, so it is stored as none (null), as null itself is.
 */
export const openingHours = z
  .strictObject(
    Object.fromEntries(WEEKDAYS.map((day) => [day, dayHours.optional()])) as Record<
      (typeof WEEKDAYS)[number],
      z.ZodOptional<typeof dayHours>
    >,
    { error: 'Give the hours of the days of the week (monday to sunday)' },
  )
  .nullable()
  .transform((week): OpeningHours | null =>
    week && WEEKDAYS.some((day) => week[day]) ? weekOf((day) => week[day]) : null,
  );

/**
 * A branch of a country site (spec §3 "Branch"); `messenger_url` is the chat dialog's messenger page (§2), and
 * `whatsapp_number` the branch's WhatsApp, offered beside it and on Contact Us.
 */
export const addBranchInput = z.object({
  country_id: countryId,
  name: requiredText('Branch name', 100),
  email,
  phone_number: phoneNumber,
  address: requiredText('Address', 300),
  google_map_link: linkOrNone('Google map link')
    .optional()
    .transform((value) => value ?? null),
  messenger_url: linkOrNone('Messenger link')
    .optional()
    .transform((value) => value ?? null),
  whatsapp_number: whatsappOrNone.optional().transform((value) => value ?? null),
  /** The clock of its appointments when not its country's (decision 050). */
  time_zone: newTimeZone,
  /** When it is open, on its clock; left out or null: not given. */
  opening_hours: openingHours.optional().transform((week) => week ?? null),
});
export type AddBranchInput = z.infer<typeof addBranchInput>;

/**
 * `id` plus the changed fields; for the links, the WhatsApp number and the time zone, null or '' clears them and a
 * missing field leaves them (the opening hours: null clears them).
 */
export const updateBranchInput = z.object({
  id,
  country_id: countryId.nullish().transform((value) => value ?? undefined),
  name: requiredText('Branch name', 100)
    .nullish()
    .transform((value) => value ?? undefined),
  email: email.nullish().transform((value) => value ?? undefined),
  phone_number: phoneNumber.nullish().transform((value) => value ?? undefined),
  address: requiredText('Address', 300)
    .nullish()
    .transform((value) => value ?? undefined),
  google_map_link: linkOrNone('Google map link').optional(),
  messenger_url: linkOrNone('Messenger link').optional(),
  whatsapp_number: whatsappOrNone.optional(),
  time_zone: changedTimeZone,
  opening_hours: openingHours.optional(),
});
export type UpdateBranchInput = z.infer<typeof updateBranchInput>;

export const countryBranchInput = z.object({ country_id: countryId });
export const deleteBranchInput = z.object({ branch_id: id });

/** The longest closure (decision 052): a branch closed for longer is better taken off the site. */
export const CLOSURE_MAX_DAYS = 92;

const closureName = requiredText('Name', 100);
const firstDay = calendarDate('First day is required');
/** None (or '') is the first day: a closure of one day. */
const lastDay = z.union([z.literal('').transform(() => null), calendarDate('Last day is required')]).nullable();

/** What is wrong with a closure's days, as a field message on `last_day`; undefined when they are right. */
export function closureDaysProblem(firstDay: string, lastDay: string): string | undefined {
  if (lastDay < firstDay) return 'Last day must be on or after the first day';
  if (daysBetween(firstDay, lastDay) >= CLOSURE_MAX_DAYS) return `A closure lasts at most ${CLOSURE_MAX_DAYS} days`;
  return undefined;
}

/** Checks the days when both are given (a change of one is checked against the stored other by the service). */
const checkDays = (closure: { first_day?: string; last_day?: string | null }, ctx: z.RefinementCtx) => {
  if (!closure.first_day || !closure.last_day) return;
  const problem = closureDaysProblem(closure.first_day, closure.last_day);
  if (problem) ctx.addIssue({ code: 'custom', message: problem, path: ['last_day'] });
};

/**
 * A day or days a country's branches are closed besides their week (decision 052): one branch's (`branch_id`), or,
 * with none, every branch of the country's; `last_day` left out: the first day only.
 */
export const addBranchClosureInput = z
  .object({
    country_id: countryId,
    branch_id: id.nullish().transform((value) => value ?? null),
    name: closureName,
    first_day: firstDay,
    last_day: lastDay.optional().transform((value) => value ?? null),
  })
  .superRefine(checkDays);
export type AddBranchClosureInput = z.infer<typeof addBranchClosureInput>;

/** `id` plus the changed fields (the country stays); `branch_id: null`: every branch; `last_day: null`: one day. */
export const updateBranchClosureInput = z
  .object({
    id,
    branch_id: id.nullable().optional(),
    name: closureName.nullish().transform((value) => value ?? undefined),
    first_day: firstDay.nullish().transform((value) => value ?? undefined),
    last_day: lastDay.optional(),
  })
  .superRefine(checkDays);
export type UpdateBranchClosureInput = z.infer<typeof updateBranchClosureInput>;

export const branchClosuresOfCountryInput = z.object({ country_id: countryId });
export const deleteBranchClosureInput = z.object({ id });
