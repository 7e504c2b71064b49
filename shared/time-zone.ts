import { z } from 'zod';

/** Whether the runtime (browser or server) knows `name` as an IANA time zone, e.g. Asia/Kathmandu. */
export function isTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

export const TIME_ZONE_MESSAGE = 'Choose a time zone from the list';

/**
 * An IANA time zone name (decision 050), stored as the list of zones spells it ("asia/kathmandu" → "Asia/Kathmandu"), or
 * the empty string for none (null).
 */
export const timeZoneOrNone = z
  .string({ error: TIME_ZONE_MESSAGE })
  .max(64, TIME_ZONE_MESSAGE)
  .refine((name) => name === '' || isTimeZone(name), { message: TIME_ZONE_MESSAGE })
  .transform((name) => (name === '' ? null : spelled(name)));

/** A new item's time zone: left out, null or empty for none. */
export const newTimeZone = timeZoneOrNone.nullish().transform((value) => value ?? null);

/** A changed time zone: left out keeps it; null or empty goes back to none. */
export const changedTimeZone = timeZoneOrNone.nullish();

/** `name` as the list of zones spells it, when it is there (the runtime accepts any case). */
function spelled(name: string): string {
  const lower = name.toLowerCase();
  const known = [...Intl.supportedValuesOf('timeZone'), ...timeZoneChoices()].find(
    (zone) => zone.toLowerCase() === lower,
  );
  return known ? (RENAMED[known] ?? known) : name;
}

/**
 * Today's names of zones that ICU's list still gives by their old ones (a counsellor in Kathmandu looks for
 * "Kathmandu"); the runtime accepts both.
 */
const RENAMED: Record<string, string> = {
  'Asia/Calcutta': 'Asia/Kolkata',
  'Asia/Katmandu': 'Asia/Kathmandu',
  'Asia/Rangoon': 'Asia/Yangon',
  'Asia/Saigon': 'Asia/Ho_Chi_Minh',
  'Atlantic/Faeroe': 'Atlantic/Faroe',
  'America/Godthab': 'America/Nuuk',
  'Europe/Kiev': 'Europe/Kyiv',
  'Pacific/Ponape': 'Pacific/Pohnpei',
  'Pacific/Truk': 'Pacific/Chuuk',
};

let choices: string[] | undefined;

/** The zones a staff member picks from: every zone the runtime knows, by today's names, in order. */
export function timeZoneChoices(): string[] {
  choices ??= [...new Set(Intl.supportedValuesOf('timeZone').map((zone) => RENAMED[zone] ?? zone))]
    .filter(isTimeZone)
    .sort();
  return choices;
}
