import { z } from 'zod';
import { countryId, email, id, phoneNumber, requiredText, url, whatsappNumber } from './fields.js';
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
});
export type AddBranchInput = z.infer<typeof addBranchInput>;

/**
 * `id` plus the changed fields; for the links, the WhatsApp number and the time zone, null or '' clears them and a
 * missing field leaves them.
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
});
export type UpdateBranchInput = z.infer<typeof updateBranchInput>;

export const countryBranchInput = z.object({ country_id: countryId });
export const deleteBranchInput = z.object({ branch_id: id });
