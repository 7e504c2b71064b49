/**
 * A branch's opening hours (decision 051): for each day of the week, when it opens and closes on the branch's clock
 * (`HH:MM`, 24-hour), or null when it is closed that day. A branch without hours (null) has not said; nothing is
 * shown or checked for it. No zod here: the Contact Us page shows hours without the validation library.
 */
import { dayAfter } from './calendar-days.js';

export const WEEKDAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'] as const;
export type Weekday = (typeof WEEKDAYS)[number];

export const WEEKDAY_LABELS: Record<Weekday, string> = {
  monday: 'Monday',
  tuesday: 'Tuesday',
  wednesday: 'Wednesday',
  thursday: 'Thursday',
  friday: 'Friday',
  saturday: 'Saturday',
  sunday: 'Sunday',
};

export interface DayHours {
  opens: string;
  closes: string;
}

export type OpeningHours = Record<Weekday, DayHours | null>;

/** A week from each day's hours (none: closed that day). */
export const weekOf = (hoursOn: (day: Weekday) => DayHours | null | undefined): OpeningHours =>
  Object.fromEntries(WEEKDAYS.map((day) => [day, hoursOn(day) ?? null])) as OpeningHours;

/** "09:00–17:30", or "Closed". */
export const dayHoursLabel = (hours: DayHours | null): string => (hours ? `${hours.opens}–${hours.closes}` : 'Closed');

/**
 * The week as people read it on a shop door: runs of days with the same hours together ("Monday–Friday",
 * "09:00–17:30"; "Saturday", "10:00–13:00"; "Sunday", "Closed"); from Sunday where the working week starts there.
 */
export function openingHoursLines(week: OpeningHours): { days: string; hours: string }[] {
  const label = (day: Weekday) => dayHoursLabel(week[day]);
  // A week that runs Sunday to Friday (Nepal's) reads from Sunday, so its working days stay one run.
  const sundayFirst = label('sunday') === label('monday') && label('saturday') !== label('sunday');
  const days = sundayFirst ? (['sunday', ...WEEKDAYS.slice(0, 6)] as Weekday[]) : WEEKDAYS;
  const lines: { first: Weekday; last: Weekday; hours: string }[] = [];
  for (const day of days) {
    const hours = label(day);
    const previous = lines.at(-1);
    if (previous?.hours === hours) previous.last = day;
    else lines.push({ first: day, last: day, hours });
  }
  return lines.map(({ first, last, hours }) => ({
    days: first === last ? WEEKDAY_LABELS[first] : `${WEEKDAY_LABELS[first]}–${WEEKDAY_LABELS[last]}`,
    hours,
  }));
}

/** The day of the week of a calendar day (YYYY-MM-DD). */
export function weekdayOf(day: string): Weekday {
  // getUTCDay counts from Sunday.
  return WEEKDAYS[(new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7]!;
}

const minutesOf = (time: string) => {
  const [hours = 0, minutes = 0] = time.split(':').map(Number);
  return hours * 60 + minutes;
};

/**
 * Whether a meeting from `time` for `minutes` on `day` falls outside the branch's hours (on its clock): the day's
 * hours when it does (null: closed that day), undefined when it fits or the branch has not given its hours.
 */
export function outsideOpeningHours(
  week: OpeningHours | null,
  { day, time, minutes }: { day: string; time: string; minutes: number },
): { weekday: Weekday; hours: DayHours | null } | undefined {
  if (!week) return undefined;
  const weekday = weekdayOf(day);
  const hours = week[weekday];
  const start = minutesOf(time);
  if (hours && start >= minutesOf(hours.opens) && start + minutes <= minutesOf(hours.closes)) return undefined;
  return { weekday, hours };
}

/**
 * Days a branch is closed besides its week (decision 052): from `first_day` to `last_day` (YYYY-MM-DD, both
 * included, on the branch's clock), with what visitors read ("Christmas Day").
 */
export interface BranchClosure {
  name: string;
  first_day: string;
  last_day: string;
}

/** The closure that takes in a calendar day (YYYY-MM-DD), if any. */
export const closureOn = <Closure extends BranchClosure>(closures: readonly Closure[], day: string) =>
  closures.find((closure) => closure.first_day <= day && day <= closure.last_day);

const MONTHS = 'January February March April May June July August September October November December'.split(' ');

/**
 * A closure's days as people write them: "25 December 2026", "24–26 December 2026", "24 December 2026 – 1 January
 * 2027". Written out here, not by Intl: the server's and the browser's may space a range differently.
 */
export function closureDaysLabel({ first_day, last_day }: Pick<BranchClosure, 'first_day' | 'last_day'>): string {
  const [fromYear, fromMonth, fromDay] = first_day.split('-').map(Number) as [number, number, number];
  const [toYear, toMonth, toDay] = last_day.split('-').map(Number) as [number, number, number];
  const to = `${toDay} ${MONTHS[toMonth - 1]} ${toYear}`;
  if (first_day === last_day) return to;
  if (fromYear !== toYear) return `${fromDay} ${MONTHS[fromMonth - 1]} ${fromYear} – ${to}`;
  if (fromMonth !== toMonth) return `${fromDay} ${MONTHS[fromMonth - 1]} – ${to}`;
  return `${fromDay}–${to}`;
}

/**
 * What the branch's door says at a moment on its clock (decision 052): "Open now · closes 17:30", "Closed now ·
 * opens 09:00" (later today), "… opens tomorrow 09:00", "… opens Monday 09:00", past a long closure "… opens
 * 5 January 2027 09:00"; "Closed now" when it opens on none of the next five weeks.
 */
export function doorSign(
  week: OpeningHours,
  closures: readonly BranchClosure[],
  now: { day: string; time: string },
): { open: boolean; text: string } {
  const hoursOn = (day: string) => (closureOn(closures, day) ? null : week[weekdayOf(day)]);
  const today = hoursOn(now.day);
  if (today && today.opens <= now.time && now.time < today.closes) {
    return { open: true, text: `Open now · closes ${today.closes}` };
  }
  if (today && now.time < today.opens) return { open: false, text: `Closed now · opens ${today.opens}` };
  for (let ahead = 1; ahead <= 35; ahead++) {
    const day = dayAfter(now.day, ahead);
    const hours = hoursOn(day);
    if (!hours) continue;
    const when =
      ahead === 1
        ? 'tomorrow'
        : ahead < 7
          ? WEEKDAY_LABELS[weekdayOf(day)]
          : closureDaysLabel({ first_day: day, last_day: day });
    return { open: false, text: `Closed now · opens ${when} ${hours.opens}` };
  }
  return { open: false, text: 'Closed now' };
}
