import { z } from 'zod';
import { isCountryCode } from './country-codes.js';
import { ENABLE_STATUSES } from './enums.js';
import { id, requiredText } from './fields.js';
import { listFilter } from './pagination.schema.js';
import { changedTimeZone, newTimeZone } from './time-zone.js';

/** A country site (spec §3 "Country"); the flag image travels separately (GraphQL multipart upload). */
export const enableStatus = z.enum(ENABLE_STATUSES, { error: 'Choose ENABLE or DISABLE' });
export const countryName = requiredText('Country name', 100);

/** Optional as a whole, so the client may call the list without arguments. */
export const getCountriesInput = z
  .object({ filter: listFilter })
  .nullish()
  .transform((value) => ({ filter: value?.filter ?? null }));
export type GetCountriesInput = z.infer<typeof getCountriesInput>;

export const COUNTRY_CODE_MESSAGE = 'Enter the country’s two-letter ISO code, e.g. np';

/** A country site's address code (decision 066) as staff enter it: a real country's ISO code, stored lower case. */
export const countryCode = z
  .string({ error: COUNTRY_CODE_MESSAGE })
  .trim()
  .toLowerCase()
  .refine(isCountryCode, { message: COUNTRY_CODE_MESSAGE });

/** An address code that may be left out: absent, null or empty is none (add: found from the name; change: kept). */
export const optionalCountryCode = z.preprocess(
  (value) => (value === null || (typeof value === 'string' && value.trim() === '') ? undefined : value),
  countryCode.optional(),
);

/*
 * `time_zone` is the clock of the country's appointments, for their calendar invitations and reminders (decision
 * 050); null or the empty string: the site's time zone (TIME_ZONE).
 */
export const addCountryInput = z.object({
  name: countryName,
  // The site's address (decision 066); left out, it is found from the name when the name is a country's.
  code: optionalCountryCode,
  time_zone: newTimeZone,
  // A new country is live unless staff say otherwise.
  is_enabled: enableStatus.nullish().transform((value) => value ?? 'ENABLE'),
});
export type AddCountryInput = z.infer<typeof addCountryInput>;

/** `id` plus the changed fields; a missing or null field is left as it is. */
export const updateCountryInput = z.object({
  id,
  name: countryName.nullish().transform((value) => value ?? undefined),
  code: optionalCountryCode,
  is_enabled: enableStatus.nullish().transform((value) => value ?? undefined),
  // Unlike the spec's fields, null is a value here: the site's time zone.
  time_zone: changedTimeZone,
});
export type UpdateCountryInput = z.infer<typeof updateCountryInput>;
