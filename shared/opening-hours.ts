/**
 * A branch's opening hours (decision 051): for each day of the week, when it opens and closes on the branch's clock
 * (`HH:MM`, 24-hour), or null when it is closed that day. A branch without hours (null) has not said; nothing is
 * shown or checked for it. No zod here: the Contact Us page shows hours without the validation library.
 */

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
