import { z } from 'zod';

/** Field schemas used across forms, so every form says the same thing about the same kind of value. */

export const id = z.number({ error: 'A numeric id is required' }).int().positive('Invalid id');
/** The image an item shows, chosen from the library. */
export const imageId = z.number({ error: 'Image is required' }).int().positive('Image is required');
/** The video an item shows, chosen from the library. */
export const videoId = z.number({ error: 'Video is required' }).int().positive('Video is required');
/**
 * `confirm` of the shared items' deletes (spec §4): absent or null means a plain delete, which an item still linked
 * elsewhere refuses.
 */
export const confirmDelete = z
  .boolean()
  .nullish()
  .transform((value) => value === true);
/** A calendar date as `YYYY-MM-DD` that exists (no 2025-02-30). */
export function calendarDate(required: string, invalid = 'Enter a valid date (YYYY-MM-DD)') {
  return z
    .string({ error: required })
    .trim()
    .min(1, required)
    .regex(/^\d{4}-\d{2}-\d{2}$/, invalid)
    .refine((value) => {
      const date = new Date(`${value}T00:00:00Z`);
      return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
    }, invalid);
}

/** A time of day as `HH:MM` (24-hour), as a browser's time input gives it. */
export function clockTime(required: string) {
  return z
    .string({ error: required })
    .trim()
    .regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Enter the time as HH:MM (24-hour)');
}

/** An id that may arrive as a number or a string of digits (a form's Select sends text), with one message. */
export function numberLikeId(message: string) {
  return z
    .union([z.number(), z.string().trim()], { error: message })
    .pipe(z.coerce.number<string | number>({ error: message }).int(message).positive(message));
}

export const countryId = z.number({ error: 'Country is required' }).int().positive('Country is required');

/** Ids chosen together (items to add to a country, the countries an item shows in): one to 100 of them. */
export function idList(element: z.ZodNumber, { required, tooMany }: { required: string; tooMany: string }) {
  return z.array(element, { error: required }).min(1, required).max(100, tooMany);
}

/** An `idList` chosen in a multi-select, in its words: "Select at least one country", "Select at most 100 countries". */
export const selectedIds = (one: string, many: string, element: z.ZodNumber = id) =>
  idList(element, { required: `Select at least one ${one}`, tooMany: `Select at most 100 ${many}` });

export function requiredText(label: string, max = 200) {
  return z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`)
    .refine((value) => !value.includes('\u0000'), `${label} contains an invalid character`);
}

export function optionalText(label: string, max = 200) {
  return z
    .string()
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .refine((value) => !value.includes('\u0000'), `${label} contains an invalid character`)
    .nullish()
    .transform((value) => (value ? value : null));
}

export const email = z
  .string({ error: 'Email is required' })
  .trim()
  .max(320)
  .pipe(z.email('Enter a valid email address'));

/** Digits with the usual separators and an optional leading +; 6 to 20 digits. */
export const phoneNumber = z
  .string({ error: 'Phone number is required' })
  .trim()
  .min(1, 'Phone number is required')
  .max(30, 'Phone number is too long')
  .regex(/^\+?[\d\s().-]+$/, 'Enter a valid phone number')
  .refine((value) => {
    const digits = value.replace(/\D/g, '').length;
    return digits >= 6 && digits <= 20;
  }, 'Enter a valid phone number');

/**
 * A WhatsApp number: international (a leading + and the country code, as WhatsApp's links need), 8 to 15 digits
 * (E.164) with the usual separators; kept as staff wrote it.
 */
export const whatsappNumber = z
  .string()
  .trim()
  .max(30, 'WhatsApp number is too long')
  .regex(/^\+[\d\s().-]+$/, 'Enter the WhatsApp number with its country code, e.g. +61 491 570 156')
  .refine((value) => {
    const digits = value.replace(/\D/g, '');
    return digits.length >= 8 && digits.length <= 15 && !digits.startsWith('0');
  }, 'Enter the WhatsApp number with its country code, e.g. +61 491 570 156');

/** The link that opens a chat with a WhatsApp number (WhatsApp's click-to-chat: the digits alone). */
export function whatsappLink(number: string): string {
  return `https://wa.me/${number.replace(/\D/g, '')}`;
}

/** http(s) links only (no javascript: or data: URLs). */
export function url(label: string) {
  return z
    .string({ error: `${label} is required` })
    .trim()
    .max(2048, `${label} is too long`)
    .pipe(z.url({ protocol: /^https?$/, error: `${label} must be an http(s) link` }));
}
