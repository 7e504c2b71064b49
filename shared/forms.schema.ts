import { z } from 'zod';
import { PRODUCT_NAME } from './brand.js';
import { appointmentPreferences } from './appointment.js';
import { utcDayFromToday } from './calendar-days.js';
import { leadSourceInput } from './lead-source.js';
import {
  GENERAL_FORM_SERVICES,
  HEAR_ABOUT_US,
  INTERESTED_SERVICES,
  POLICY_TYPES,
  type GeneralFormService,
  type HearAboutUs,
  type InterestedService,
  type PolicyType,
} from './enums.js';
import { calendarDate, countryId, id, numberLikeId } from './fields.js';
import { paginateInput } from './pagination.schema.js';

/**
 * The three public forms: the enquiry (contact us, spec §5 with its exact messages), book an appointment (the
 * general form) and OSHC health cover. The server applies these; the client forms use them too.
 */

export const FORM_MESSAGES = {
  branch: '*Branch is required',
  firstName: '*First Name is required',
  lastName: '*Last Name is required',
  emailAddress: '*Email Address is required',
  invalidEmailAddress: '*Enter a valid Email Address',
  contactNumber: '*Contact Number is required',
  invalidContactNumber: '*Enter a valid Contact Number',
  subject: '*Subject is required',
  hearAboutUs: '*Heard about us is required',
  // Spelled as the spec spells it.
  interestedService: '*Intrested service is required',
  message: '*Message is required',
  terms: `*Please Agree To ${PRODUCT_NAME} Terms & Privacy Policy`,
  captcha: '*Please confirm it',
  country: '*Country is required',
  service: '*Service is required',
  policyType: '*Policy type is required',
  policyStartDate: '*Policy start date is required',
  policyEndDate: '*Policy end date is required',
  invalidDate: '*Enter a valid date (YYYY-MM-DD)',
  startInPast: '*Policy start date cannot be in the past',
  endBeforeStart: '*Policy end date must be on or after the start date',
  tooLong: '*Policy end date must be within 10 years of the start date',
  phoneNo: '*Phone number is required',
  invalidPhoneNo: '*Enter a valid phone number',
  email: '*Email is required',
  invalidEmail: '*Enter a valid email address',
} as const;

/** What a successful submission shows (spec §4 "Enquiry submission status"). */
export const FORM_THANK_YOU = 'Thank you for reaching us. We will contact you soon !';
/** The booking and OSHC forms' own success lines (the spec words only the enquiry's). */
export const APPOINTMENT_THANK_YOU = 'Thank you for booking an appointment. We will contact you soon to confirm it !';
export const OSHC_THANK_YOU = 'Thank you for your health cover enquiry. We will send you a quote soon !';

/** What visitors and staff read for each enumeration value, in the order the forms offer them. */
export const HEAR_ABOUT_US_LABELS = {
  FRIENDS: 'Friends',
  SOCIAL_MEDIA: 'Social Media',
  OTHER: 'Other',
} as const satisfies Record<HearAboutUs, string>;
export const INTERESTED_SERVICE_LABELS = {
  EDUCATION: 'Education',
  VISA_AND_MIGRATION: 'Visa and Migration',
  INSURANCE: 'Insurance',
  OTHER: 'Other',
} as const satisfies Record<InterestedService, string>;
export const GENERAL_FORM_SERVICE_LABELS = {
  STUDY_ABROAD: 'Study Abroad',
  LANGUAGE_PREPARATION: 'Language Preparation (IELTS / PTE)',
  VISA_AND_MIGRATION: 'Visa and Migration',
  HEALTH_INSURANCE: 'Health Insurance',
  OTHERS: 'Others',
} as const satisfies Record<GeneralFormService, string>;
export const POLICY_TYPE_LABELS = {
  SINGLE: 'Single',
  COUPLE: 'Couple',
  FAMILY: 'Family',
} as const satisfies Record<PolicyType, string>;

/** The longest free text a form accepts (message, comment). */
export const FORM_TEXT_MAX = 5000;

function required(message: string, max = 200) {
  return z
    .string({ error: message })
    .trim()
    .min(1, message)
    .max(max, `${message.replace(' is required', '')} must be at most ${max} characters`)
    .refine((value) => !value.includes('\u0000'), message);
}

/**
 * A required one-line field (a name, a subject): no line breaks or other control characters, which a mail header or
 * a CSV row would take for structure (issue 52); every output escapes them, and now they are refused at the door.
 */
function requiredLine(message: string, max = 200) {
  return required(message, max).refine(
    // eslint-disable-next-line no-control-regex -- control characters are what is refused
    (value) => !/[\u0000-\u001f\u007f]/.test(value),
    `${message.replace(' is required', '')} must be one line of text`,
  );
}

function emailField(message: string, invalid: string) {
  return z.string({ error: message }).trim().min(1, message).max(320, invalid).pipe(z.email(invalid));
}

/** Digits with the usual separators and an optional leading +; 6 to 20 digits. */
function phoneField(message: string, invalid: string) {
  return z
    .string({ error: message })
    .trim()
    .min(1, message)
    .max(30, invalid)
    .regex(/^\+?[\d\s().-]+$/, invalid)
    .refine((value) => {
      const digits = value.replace(/\D/g, '').length;
      return digits >= 6 && digits <= 20;
    }, invalid);
}

const agreedToTerms = z.literal(true, { error: FORM_MESSAGES.terms });
/** The captcha solution (ALTCHA payload or reCAPTCHA token); the wire name is the spec's. */
const captchaToken = z.string({ error: FORM_MESSAGES.captcha }).trim().min(1, FORM_MESSAGES.captcha).max(4000);
/** A client-made UUID: resending the same submission stores it once and gets the same answer. */
const submissionId = z
  .uuid('Invalid submission id')
  .nullish()
  .transform((value) => value ?? null);
/**
 * The honeypot: a field every form carries that people never see or reach (it is off-screen, hidden from
 * assistive technology and skipped by the keyboard), which form-filling robots fill in. A filled one stores nothing.
 */
export const HONEYPOT_FIELD = 'website';
const honeypot = z
  .string()
  .max(10_000)
  .nullish()
  .transform((value) => value ?? '');
const formCountry = z.number({ error: FORM_MESSAGES.country }).int().positive(FORM_MESSAGES.country);

/** "The branch id is converted to a number if it is not one" (spec §5): 3 and "3" both name branch 3. */
const branchId = numberLikeId(FORM_MESSAGES.branch);

export const contactUsFormInput = z.object({
  branch_id: branchId,
  first_name: requiredLine(FORM_MESSAGES.firstName, 100),
  last_name: requiredLine(FORM_MESSAGES.lastName, 100),
  email_address: emailField(FORM_MESSAGES.emailAddress, FORM_MESSAGES.invalidEmailAddress),
  phone_number: phoneField(FORM_MESSAGES.contactNumber, FORM_MESSAGES.invalidContactNumber),
  subject: requiredLine(FORM_MESSAGES.subject, 200),
  hear_about_us: z.enum(HEAR_ABOUT_US, { error: FORM_MESSAGES.hearAboutUs }),
  interested_service: z.enum(INTERESTED_SERVICES, { error: FORM_MESSAGES.interestedService }),
  message: required(FORM_MESSAGES.message, FORM_TEXT_MAX),
  has_agreed_to_terms: agreedToTerms,
  reCaptcha_token: captchaToken,
  submission_id: submissionId,
  came_from: leadSourceInput,
  [HONEYPOT_FIELD]: honeypot,
});
export type ContactUsFormInput = z.infer<typeof contactUsFormInput>;

export const generalFormInput = z.object({
  first_name: requiredLine(FORM_MESSAGES.firstName, 100),
  last_name: requiredLine(FORM_MESSAGES.lastName, 100),
  email_address: emailField(FORM_MESSAGES.emailAddress, FORM_MESSAGES.invalidEmailAddress),
  contact_number: phoneField(FORM_MESSAGES.contactNumber, FORM_MESSAGES.invalidContactNumber),
  services: z.enum(GENERAL_FORM_SERVICES, { error: FORM_MESSAGES.service }),
  comment: z
    .string()
    .trim()
    .max(FORM_TEXT_MAX, `*Comment must be at most ${FORM_TEXT_MAX} characters`)
    .refine((value) => !value.includes('\u0000'), '*Comment contains an invalid character')
    .nullish()
    .transform((value) => value ?? ''),
  ...appointmentPreferences,
  has_agreed_to_terms: agreedToTerms,
  country_id: formCountry,
  reCaptcha_token: captchaToken,
  submission_id: submissionId,
  came_from: leadSourceInput,
  [HONEYPOT_FIELD]: honeypot,
});
export type GeneralFormInput = z.infer<typeof generalFormInput>;

function dateField(message: string) {
  return calendarDate(message, FORM_MESSAGES.invalidDate);
}

/**
 * The earliest start date accepted: yesterday in UTC, which is "today" somewhere on Earth (UTC-12), so a visitor
 * in any time zone may start a policy on their own today.
 */
export function earliestPolicyStart(now = new Date()): string {
  return utcDayFromToday(-1, now);
}

function addYears(date: string, years: number): string {
  return `${String(Number(date.slice(0, 4)) + years).padStart(4, '0')}${date.slice(4)}`;
}

export const oshcFormInput = z
  .object({
    policy_types: z.enum(POLICY_TYPES, { error: FORM_MESSAGES.policyType }),
    policy_start_date: dateField(FORM_MESSAGES.policyStartDate).refine(
      (value) => value >= earliestPolicyStart(),
      FORM_MESSAGES.startInPast,
    ),
    policy_end_date: dateField(FORM_MESSAGES.policyEndDate),
    phone_no: phoneField(FORM_MESSAGES.phoneNo, FORM_MESSAGES.invalidPhoneNo),
    email: emailField(FORM_MESSAGES.email, FORM_MESSAGES.invalidEmail),
    country_id: formCountry,
    reCaptcha_token: captchaToken,
    submission_id: submissionId,
    came_from: leadSourceInput,
    [HONEYPOT_FIELD]: honeypot,
  })
  .superRefine((form, ctx) => {
    if (form.policy_end_date < form.policy_start_date) {
      ctx.addIssue({ code: 'custom', path: ['policy_end_date'], message: FORM_MESSAGES.endBeforeStart });
    } else if (form.policy_end_date > addYears(form.policy_start_date, 10)) {
      ctx.addIssue({ code: 'custom', path: ['policy_end_date'], message: FORM_MESSAGES.tooLong });
    }
  });
export type OshcFormInput = z.infer<typeof oshcFormInput>;

/** Which entries a staff list or export covers: one country's, newest first. */
export const formEntriesFilter = z.object({ country_id: countryId });
export type FormEntriesFilter = z.infer<typeof formEntriesFilter>;
/** Enquiries can also be narrowed to one branch of the country. */
export const contactUsEntriesFilter = formEntriesFilter.extend({
  branch_id: id.nullish().transform((value) => value ?? null),
});
export type ContactUsEntriesFilter = z.infer<typeof contactUsEntriesFilter>;

/** The staff lists of entries, a page at a time. */
export const formEntriesArgs = formEntriesFilter.extend({ paginate: paginateInput });
export type FormEntriesArgs = z.infer<typeof formEntriesArgs>;
export const contactUsEntriesArgs = contactUsEntriesFilter.extend({ paginate: paginateInput });
export type ContactUsEntriesArgs = z.infer<typeof contactUsEntriesArgs>;
