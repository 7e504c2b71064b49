/**
 * Calendar days as `YYYY-MM-DD` strings, and the clocks they are read on. Day arithmetic runs in UTC, where every
 * day has 24 hours; a place's own day comes from its IANA time zone. No zod here: the browser takes it as it is.
 */
const DAY_MS = 86_400_000;

const dayOf = (time: number) => new Date(time).toISOString().slice(0, 10);

/** The calendar day `days` after `day` (before it when `days` is negative). */
export function dayAfter(day: string, days = 1): string {
  return dayOf(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS);
}

/** How many days from one calendar day to another (negative when `to` comes first). */
export function daysBetween(from: string, to: string): number {
  return (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS;
}

/** The day `days` after today in UTC: yesterday in UTC (-1) is still "today" somewhere on Earth. */
export function utcDayFromToday(days: number, now = new Date()): string {
  return dayOf(now.getTime() + days * DAY_MS);
}

/** The Monday of the week `weeksBack` weeks before the one `day` is in. */
export function weekStart(day: string, weeksBack = 0): string {
  const sinceMonday = (new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7;
  return dayAfter(day, -sinceMonday - 7 * weeksBack);
}

/** The calendar day and the time (`HH:MM`) an instant is on a clock (an IANA time zone). */
export function clockAt(timeZone: string, instant: Date): { day: string; time: string } {
  const parts = Object.fromEntries(
    // en-CA writes dates as YYYY-MM-DD.
    new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(instant)
      .map((part) => [part.type, part.value]),
  );
  return { day: `${parts.year}-${parts.month}-${parts.day}`, time: `${parts.hour}:${parts.minute}` };
}

/** The day it is at an instant (now by default) on a clock (an IANA time zone). */
export function todayIn(timeZone: string, now = new Date()): string {
  return clockAt(timeZone, now).day;
}
