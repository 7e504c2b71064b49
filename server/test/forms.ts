import { solveChallenge } from 'altcha-lib/v1';
import type { FastifyInstance } from 'fastify';
import { altchaToken, CAPTCHA_CHALLENGE_PATH, type AltchaChallenge } from '../../shared/captcha.js';
import { createCaptcha } from '../src/captcha/captcha.js';
import { DEFAULT_RATE_LIMITS, type RateLimits } from '../src/config.js';
import { buildTestApp } from './app.js';
import { gql } from './graphql.js';

export const CONTACT_US = `mutation($input: ContactUsFormInput!) { addContactUsFormData(input: $input) { success message id } }`;
export const GENERAL = `mutation($input: GeneralFormInput!) { addGeneralFormData(input: $input) { success message id } }`;
export const OSHC = `mutation($input: OshcFormInput!) { addOshcFormData(input: $input) { success message id } }`;

/** Room for tests that send many forms from one address (127.0.0.1); override a bucket to test its limit. */
export function roomyRateLimits(overrides: Partial<RateLimits> = {}): RateLimits {
  const plenty = { max: 10_000, windowSeconds: 60 };
  return {
    ...DEFAULT_RATE_LIMITS,
    captchaChallenges: plenty,
    enquiries: plenty,
    appointments: plenty,
    oshcRequests: plenty,
    ...overrides,
  };
}

/**
 * The real app for public-form tests: ALTCHA with an easy proof of work (about 500 hashes) and room in the rate
 * limits, unless `options.config` says otherwise.
 */
export function buildFormsTestApp(options: Parameters<typeof buildTestApp>[0] = {}): Promise<FastifyInstance> {
  return buildTestApp({
    captcha: createCaptcha({ kind: 'altcha', hmacKey: 'forms-test-key', maxNumber: 1000 }),
    ...options,
    config: { rateLimits: roomyRateLimits(), ...options.config },
  });
}

/** A real ALTCHA solution of a challenge fetched from the API, as the widget submits it. */
export async function captchaToken(app: FastifyInstance, headers: Record<string, string> = {}): Promise<string> {
  const challenge = (await app.inject({ url: CAPTCHA_CHALLENGE_PATH, headers })).json<AltchaChallenge>();
  const solution = await solveChallenge(challenge.challenge, challenge.salt, 'SHA-256', challenge.maxnumber).promise;
  return altchaToken({ ...challenge, number: solution!.number });
}

/** An enquiry to the Kathmandu branch as a visitor fills it in, with a fresh captcha solution. */
export async function enquiryInput(app: FastifyInstance, overrides: Record<string, unknown> = {}) {
  return {
    branch_id: 2,
    first_name: 'Sita',
    last_name: 'Sharma',
    email_address: 'sita@example.com',
    phone_number: '+977 980 1234567',
    subject: 'Study in Australia',
    hear_about_us: 'FRIENDS',
    interested_service: 'EDUCATION',
    message: 'I would like to study nursing.',
    has_agreed_to_terms: true,
    reCaptcha_token: await captchaToken(app),
    ...overrides,
  };
}

/** A booking (the general form) from the Canada site, with a fresh captcha solution. */
export async function bookingInput(app: FastifyInstance, overrides: Record<string, unknown> = {}) {
  return {
    first_name: 'Liam',
    last_name: 'Tremblay',
    email_address: 'liam@example.com',
    contact_number: '+1 416 555 0123',
    services: 'STUDY_ABROAD',
    has_agreed_to_terms: true,
    country_id: 3,
    reCaptcha_token: await captchaToken(app),
    ...overrides,
  };
}

/** The date `days` from today (YYYY-MM-DD), as a date field of a form takes it. */
export function inDays(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}

/** An OSHC quote request from the Australia site for a year's single cover, with a fresh captcha solution. */
export async function oshcInput(app: FastifyInstance, overrides: Record<string, unknown> = {}) {
  return {
    policy_types: 'SINGLE',
    policy_start_date: inDays(10),
    policy_end_date: inDays(375),
    phone_no: '0412 345 678',
    email: 'cover@example.com',
    country_id: 4,
    reCaptcha_token: await captchaToken(app),
    ...overrides,
  };
}

/** How many rows a form's table holds. */
export async function countEntries(
  app: FastifyInstance,
  table: 'contact_us_entries' | 'general_form_entries' | 'oshc_form_entries',
): Promise<number> {
  const row = await app.db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The lead a form's stored entry became. */
async function leadOfEntry(app: FastifyInstance, kind: 'CONTACT_US' | 'GENERAL', entryId: number): Promise<number> {
  const lead = await app.db
    .selectFrom('leads')
    .select('id')
    .where('kind', '=', kind)
    .where('entry_id', '=', entryId)
    .executeTakeFirstOrThrow();
  return lead.id;
}

/** Sends an enquiry as a visitor would (GraphQL, a solved captcha) and answers its lead's id; fails on any error. */
export async function sendEnquiryLead(app: FastifyInstance, overrides: Record<string, unknown> = {}): Promise<number> {
  const sent = await gql<{ addContactUsFormData: { id: number } }>(app, CONTACT_US, {
    input: await enquiryInput(app, overrides),
  });
  if (sent.errors.length > 0) throw new Error(`Enquiry refused: ${sent.errors.map((e) => e.message).join('; ')}`);
  return leadOfEntry(app, 'CONTACT_US', sent.data!.addContactUsFormData.id);
}

/** Books an appointment as a visitor would (GraphQL) and answers its lead's id; fails on any error. */
export async function sendBookingLead(app: FastifyInstance, overrides: Record<string, unknown> = {}): Promise<number> {
  const sent = await gql<{ addGeneralFormData: { id: number } }>(app, GENERAL, {
    input: await bookingInput(app, overrides),
  });
  if (sent.errors.length > 0) throw new Error(`Booking refused: ${sent.errors.map((e) => e.message).join('; ')}`);
  return leadOfEntry(app, 'GENERAL', sent.data!.addGeneralFormData.id);
}
