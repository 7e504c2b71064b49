import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { utcDayFromToday as inDays } from '../../../shared/calendar-days.js';
import { FORM_MESSAGES, FORM_THANK_YOU } from '../../../shared/forms.schema.js';
import { CSV_EXPORT_MAX } from '../../../shared/pagination.schema.js';
import {
  bookingInput,
  buildFormsTestApp,
  captchaToken as formsCaptchaToken,
  CONTACT_US,
  countEntries,
  enquiryInput,
  GENERAL,
  OSHC,
} from '../../test/forms.js';
import { errorCode, expectFieldErrors, gql, staffToken, trpcCall } from '../../test/graphql.js';

const CONTACT_US_FIELDS = `id country_id branch_id branch { id name } first_name last_name email_address phone_number
  subject hear_about_us interested_service message has_agreed_to_terms created_at`;
const GENERAL_FIELDS = `id country_id first_name last_name email_address contact_number services comment
  has_agreed_to_terms created_at`;
const OSHC_FIELDS = 'id country_id policy_types policy_start_date policy_end_date phone_no email created_at';

type Submission = { addContactUsFormData: { success: boolean; message: string; id: number } };

describe('public forms', () => {
  let app: FastifyInstance;
  let admin: string;
  let nepalEditor: string;
  /** A branch of a disabled country. */
  let hiddenBranch: number;

  const captchaToken = () => formsCaptchaToken(app);
  const enquiry = (overrides: Record<string, unknown> = {}) => enquiryInput(app, overrides);
  const booking = (overrides: Record<string, unknown> = {}) => bookingInput(app, overrides);

  async function cover(overrides: Record<string, unknown> = {}) {
    return {
      policy_types: 'COUPLE',
      policy_start_date: inDays(10),
      policy_end_date: inDays(375),
      phone_no: '0412 345 678',
      email: 'cover@example.com',
      country_id: 4,
      reCaptcha_token: await captchaToken(),
      ...overrides,
    };
  }

  const count = (table: 'contact_us_entries' | 'general_form_entries' | 'oshc_form_entries') =>
    countEntries(app, table);

  beforeAll(async () => {
    // Every test solves its own challenges and sends more forms than a visitor may.
    app = await buildFormsTestApp();
    admin = await staffToken(app, 'ADMIN');
    nepalEditor = await staffToken(app, 'EDITOR', [2]);
    const hidden = await app.db
      .insertInto('countries')
      .values({ name: 'United Kingdom', is_enabled: 'DISABLE' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const branch = await app.db
      .insertInto('branches')
      .values({
        country_id: hidden.id,
        name: 'London',
        email: 'london@example.com',
        phone_number: '+44 20 7946 0000',
        address: 'London',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    hiddenBranch = branch.id;
  });
  afterAll(() => app.close());

  describe('addContactUsFormData', () => {
    it('stores the enquiry with its branch’s country and the visitor’s IP, and thanks the visitor', async () => {
      const input = await enquiry();
      const response = await gql<Submission>(app, CONTACT_US, { input });
      expect(response.errors).toEqual([]);
      const { id, ...answer } = response.data!.addContactUsFormData;
      expect(answer).toEqual({ success: true, message: 'Thank you for reaching us. We will contact you soon !' });
      const row = await app.db
        .selectFrom('contact_us_entries')
        .select(['country_id', 'branch_id', 'first_name', 'email_address', 'hear_about_us', 'has_agreed_to_terms'])
        .select(sql<string>`host(submitter_ip)`.as('ip'))
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      expect(row).toEqual({
        country_id: 2,
        branch_id: 2,
        first_name: 'Sita',
        email_address: 'sita@example.com',
        hear_about_us: 'FRIENDS',
        has_agreed_to_terms: true,
        ip: '127.0.0.1',
      });
    });

    it('converts a branch id sent as a string (variables and literals)', async () => {
      const asVariable = await gql<Submission>(app, CONTACT_US, { input: await enquiry({ branch_id: '1' }) });
      expect(asVariable.errors).toEqual([]);
      const stored = await app.db
        .selectFrom('contact_us_entries')
        .select(['branch_id', 'country_id'])
        .where('id', '=', asVariable.data!.addContactUsFormData.id)
        .executeTakeFirstOrThrow();
      expect(stored).toEqual({ branch_id: 1, country_id: 4 });
      const token = await captchaToken();
      const literal = await gql<Submission>(
        app,
        `mutation { addContactUsFormData(input: {
          branch_id: "3", first_name: "Ram", last_name: "Thapa", email_address: "ram@example.com",
          phone_number: "9801234567", subject: "Visa", hear_about_us: SOCIAL_MEDIA, interested_service: VISA_AND_MIGRATION,
          message: "Help with a visa", has_agreed_to_terms: true, reCaptcha_token: "${token}" }) { success id } }`,
      );
      expect(literal.errors).toEqual([]);
      const row = await app.db
        .selectFrom('contact_us_entries')
        .select(['branch_id', 'interested_service'])
        .where('id', '=', literal.data!.addContactUsFormData.id)
        .executeTakeFirstOrThrow();
      expect(row).toEqual({ branch_id: 3, interested_service: 'VISA_AND_MIGRATION' });
    });

    it('answers every rule of spec §5 with its message and stores nothing', async () => {
      const before = await count('contact_us_entries');
      const empty = await gql(app, CONTACT_US, { input: {} });
      expectFieldErrors(empty, {
        branch_id: '*Branch is required',
        first_name: '*First Name is required',
        last_name: '*Last Name is required',
        email_address: '*Email Address is required',
        phone_number: '*Contact Number is required',
        subject: '*Subject is required',
        hear_about_us: '*Heard about us is required',
        interested_service: '*Intrested service is required',
        message: '*Message is required',
        has_agreed_to_terms: '*Please Agree To Horizon Education & Migration Terms & Privacy Policy',
        reCaptcha_token: '*Please confirm it',
      });
      const input = await enquiry({
        branch_id: 'two',
        email_address: 'not-an-email',
        phone_number: 'call me',
        message: 'x'.repeat(5001),
        has_agreed_to_terms: false,
      });
      const wrong = await gql(app, CONTACT_US, { input });
      expect(wrong.errors[0]?.extensions?.fields).toEqual({
        branch_id: '*Branch is required',
        email_address: '*Enter a valid Email Address',
        phone_number: '*Enter a valid Contact Number',
        message: '*Message must be at most 5000 characters',
        has_agreed_to_terms: '*Please Agree To Horizon Education & Migration Terms & Privacy Policy',
      });
      expect(await count('contact_us_entries')).toBe(before);
      // The refused form did not use up its captcha solution.
      const retried = await gql<Submission>(app, CONTACT_US, {
        input: { ...(await enquiry()), reCaptcha_token: input.reCaptcha_token },
      });
      expect(retried.errors).toEqual([]);
    });

    it('verifies the captcha before storing: a wrong or reused solution stores nothing', async () => {
      const input = await enquiry();
      expect((await gql(app, CONTACT_US, { input })).errors).toEqual([]);
      const before = await count('contact_us_entries');
      const replay = await gql(app, CONTACT_US, { input });
      expectFieldErrors(replay, { reCaptcha_token: '*Please confirm it' });
      const forged = await gql(app, CONTACT_US, { input: { ...input, reCaptcha_token: 'forged' } });
      expect(errorCode(forged)).toBe('BAD_USER_INPUT');
      expect(await count('contact_us_entries')).toBe(before);
    });

    it('stores a resent submission once and answers the same', async () => {
      const submission_id = randomUUID();
      const input = await enquiry({ submission_id });
      const first = await gql<Submission>(app, CONTACT_US, { input });
      expect(first.errors).toEqual([]);
      // The resend carries the same (now used) captcha solution.
      const again = await gql<Submission>(app, CONTACT_US, { input });
      expect(again.errors).toEqual([]);
      expect(again.data).toEqual(first.data);
      const rows = await app.db
        .selectFrom('contact_us_entries')
        .select('id')
        .where('submission_id', '=', submission_id)
        .execute();
      expect(rows).toEqual([{ id: first.data!.addContactUsFormData.id }]);
      const malformed = await gql(app, CONTACT_US, { input: await enquiry({ submission_id: 'abc' }) });
      expect(malformed.errors[0]?.extensions?.fields).toEqual({ submission_id: 'Invalid submission id' });
    });

    it('refuses unknown branches and branches of disabled countries', async () => {
      const before = await count('contact_us_entries');
      const unknown = await gql(app, CONTACT_US, { input: await enquiry({ branch_id: 999 }) });
      expect(errorCode(unknown)).toBe('NOT_FOUND');
      expect(unknown.errors[0]?.extensions?.fields).toEqual({ branch_id: 'Branch not found' });
      const hidden = await gql(app, CONTACT_US, { input: await enquiry({ branch_id: hiddenBranch }) });
      expect(errorCode(hidden)).toBe('NOT_FOUND');
      expect(await count('contact_us_entries')).toBe(before);
    });
  });

  describe('getAllContactUsFormData', () => {
    it('lists a country’s enquiries newest first, with their branch, to its staff', async () => {
      const input = await enquiry({ branch_id: 3, first_name: 'Newest' });
      const butwal = await gql<Submission>(app, CONTACT_US, { input });
      const query = `query($country: Int!) { getAllContactUsFormData(country_id: $country, paginate: { perPage: 2 }) {
        data { ${CONTACT_US_FIELDS} } pagination { page perPage pageCount total } } }`;
      const response = await gql<{
        getAllContactUsFormData: { data: Record<string, unknown>[]; pagination: { total: number } };
      }>(app, query, { country: 2 }, nepalEditor);
      expect(response.errors).toEqual([]);
      const page = response.data!.getAllContactUsFormData;
      const total = await app.db
        .selectFrom('contact_us_entries')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('country_id', '=', 2)
        .executeTakeFirstOrThrow();
      expect(page.pagination.total).toBe(Number(total.n));
      expect(page.data).toHaveLength(2);
      // Stored as sent (the captcha token is not kept), with its country and branch.
      const { reCaptcha_token: _token, ...sent } = input;
      expect(page.data[0]).toMatchObject({
        ...sent,
        id: butwal.data!.addContactUsFormData.id,
        country_id: 2,
        branch: { id: 3, name: 'Butwal' },
      });
      expect(page.data[0]!.created_at).toMatch(/^\d{4}-\d\d-\d\dT/);
      expect(errorCode(await gql(app, query, { country: 4 }, nepalEditor))).toBe('FORBIDDEN');
      expect(errorCode(await gql(app, query, { country: 2 }))).toBe('UNAUTHENTICATED');
    });

    it('keeps enquiries of a deleted branch, without the branch', async () => {
      const branch = await app.db
        .insertInto('branches')
        .values({
          country_id: 3,
          name: 'Toronto',
          email: 'to@example.com',
          phone_number: '+1 416 555 0100',
          address: 'Bay St',
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const sent = await gql<Submission>(app, CONTACT_US, { input: await enquiry({ branch_id: branch.id }) });
      await app.db.deleteFrom('branches').where('id', '=', branch.id).execute();
      const response = await gql<{ getAllContactUsFormData: { data: Record<string, unknown>[] } }>(
        app,
        `query { getAllContactUsFormData(country_id: 3) { data { id branch_id branch { id } } } }`,
        {},
        admin,
      );
      expect(response.data!.getAllContactUsFormData.data).toEqual([
        { id: sent.data!.addContactUsFormData.id, branch_id: null, branch: null },
      ]);
    });
  });

  describe('addGeneralFormData', () => {
    it('stores a booking with the country it was sent from; the comment is optional', async () => {
      const response = await gql<{ addGeneralFormData: { success: boolean; message: string; id: number } }>(
        app,
        GENERAL,
        { input: await booking() },
      );
      expect(response.errors).toEqual([]);
      expect(response.data!.addGeneralFormData).toMatchObject({ success: true, message: FORM_THANK_YOU });
      const row = await app.db
        .selectFrom('general_form_entries')
        .select(['country_id', 'services', 'comment', 'contact_number', 'has_agreed_to_terms'])
        .select(sql<string>`host(submitter_ip)`.as('ip'))
        .where('id', '=', response.data!.addGeneralFormData.id)
        .executeTakeFirstOrThrow();
      expect(row).toEqual({
        country_id: 3,
        services: 'STUDY_ABROAD',
        comment: '',
        contact_number: '+1 416 555 0123',
        has_agreed_to_terms: true,
        ip: '127.0.0.1',
      });
    });

    it('refuses bad input, a disabled country and a missing captcha, storing nothing', async () => {
      const before = await count('general_form_entries');
      const bad = await gql(app, GENERAL, {
        input: await booking({
          services: null,
          has_agreed_to_terms: false,
          comment: 'x'.repeat(5001),
          reCaptcha_token: null,
        }),
      });
      expectFieldErrors(bad, {
        services: '*Service is required',
        comment: '*Comment must be at most 5000 characters',
        has_agreed_to_terms: '*Please Agree To Horizon Education & Migration Terms & Privacy Policy',
        reCaptcha_token: '*Please confirm it',
      });
      const hidden = await gql(app, GENERAL, { input: await booking({ country_id: 5 }) });
      expect(errorCode(hidden)).toBe('NOT_FOUND');
      const unverified = await gql(app, GENERAL, { input: await booking({ reCaptcha_token: 'nope' }) });
      expect(errorCode(unverified)).toBe('BAD_USER_INPUT');
      expect(await count('general_form_entries')).toBe(before);
    });
  });

  describe('getAllGeneralFormData', () => {
    it('lists a country’s bookings to its staff', async () => {
      const sent = await gql<{ addGeneralFormData: { id: number } }>(app, GENERAL, {
        input: await booking({ comment: 'Mornings please', services: 'HEALTH_INSURANCE' }),
      });
      const query = `query { getAllGeneralFormData(country_id: 3) { data { ${GENERAL_FIELDS} } pagination { total } } }`;
      const response = await gql<{ getAllGeneralFormData: { data: Record<string, unknown>[] } }>(app, query, {}, admin);
      expect(response.errors).toEqual([]);
      expect(response.data!.getAllGeneralFormData.data[0]).toMatchObject({
        id: sent.data!.addGeneralFormData.id,
        country_id: 3,
        first_name: 'Liam',
        last_name: 'Tremblay',
        email_address: 'liam@example.com',
        services: 'HEALTH_INSURANCE',
        comment: 'Mornings please',
        has_agreed_to_terms: true,
      });
      expect(errorCode(await gql(app, query))).toBe('UNAUTHENTICATED');
      expect(errorCode(await gql(app, query, {}, nepalEditor))).toBe('FORBIDDEN');
    });
  });

  describe('addOshcFormData', () => {
    it('stores a cover request with its dates and country', async () => {
      const input = await cover();
      const response = await gql<{ addOshcFormData: { success: boolean; id: number } }>(app, OSHC, { input });
      expect(response.errors).toEqual([]);
      const row = await app.db
        .selectFrom('oshc_form_entries')
        .select(['country_id', 'policy_types', 'policy_start_date', 'policy_end_date', 'phone_no', 'email'])
        .where('id', '=', response.data!.addOshcFormData.id)
        .executeTakeFirstOrThrow();
      expect(row).toEqual({
        country_id: 4,
        policy_types: 'COUPLE',
        policy_start_date: input.policy_start_date,
        policy_end_date: input.policy_end_date,
        phone_no: '0412 345 678',
        email: 'cover@example.com',
      });
    });

    it('refuses dates out of order, in the past or impossible, storing nothing', async () => {
      const before = await count('oshc_form_entries');
      const reversed = await gql(app, OSHC, {
        input: await cover({ policy_start_date: inDays(30), policy_end_date: inDays(29) }),
      });
      expectFieldErrors(reversed, {
        policy_end_date: '*Policy end date must be on or after the start date',
      });
      const past = await gql(app, OSHC, { input: await cover({ policy_start_date: inDays(-3) }) });
      expect(past.errors[0]?.extensions?.fields).toEqual({
        policy_start_date: '*Policy start date cannot be in the past',
      });
      const impossible = await gql(app, OSHC, {
        input: await cover({ policy_start_date: '2999-02-30', policy_end_date: '3000-01-01', policy_types: null }),
      });
      expect(impossible.errors[0]?.extensions?.fields).toMatchObject({
        policy_types: '*Policy type is required',
        policy_start_date: '*Enter a valid date (YYYY-MM-DD)',
      });
      expect(await count('oshc_form_entries')).toBe(before);
    });
  });

  describe('getAllOshcFormData', () => {
    it('lists a country’s cover requests with YYYY-MM-DD dates; no page argument needed', async () => {
      const input = await cover({
        country_id: 2,
        policy_types: 'FAMILY',
        policy_start_date: inDays(0),
        policy_end_date: inDays(0),
      });
      const sent = await gql<{ addOshcFormData: { id: number } }>(app, OSHC, { input });
      expect(sent.errors).toEqual([]);
      const query = `query { getAllOshcFormData(country_id: 2) { data { ${OSHC_FIELDS} } pagination { total } } }`;
      const response = await gql<{ getAllOshcFormData: { data: Record<string, unknown>[] } }>(
        app,
        query,
        {},
        nepalEditor,
      );
      expect(response.errors).toEqual([]);
      expect(response.data!.getAllOshcFormData.data).toEqual([
        expect.objectContaining({
          id: sent.data!.addOshcFormData.id,
          country_id: 2,
          policy_types: 'FAMILY',
          policy_start_date: inDays(0),
          policy_end_date: inDays(0),
        }),
      ]);
      const other = `query { getAllOshcFormData(country_id: 4) { data { id } } }`;
      expect(errorCode(await gql(app, other, {}, nepalEditor))).toBe('FORBIDDEN');
    });
  });

  describe('tRPC', () => {
    it('forms.contactUs submits like GraphQL, and forms.contactUsEntries answers the same list', async () => {
      const sent = await trpcCall<{ success: boolean; message: string; id: number }>(
        app,
        'forms.contactUs',
        await enquiry({ branch_id: '2', first_name: 'Via tRPC' }),
        { mutation: true },
      );
      expect(sent.data).toMatchObject({ success: true, message: FORM_THANK_YOU });
      const refused = await trpcCall(
        app,
        'forms.contactUs',
        { ...(await enquiry()), has_agreed_to_terms: false },
        { mutation: true },
      );
      expect(refused.error?.code).toBe('BAD_REQUEST');
      // The schema's own refusal carries the field's message, as GraphQL's does, for the form to show.
      expect(refused.error?.fields).toEqual({ has_agreed_to_terms: FORM_MESSAGES.terms });
      expect(refused.error?.message).toBe(FORM_MESSAGES.terms);
      const viaTrpc = await trpcCall<{ data: Record<string, unknown>[] }>(
        app,
        'forms.contactUsEntries',
        { country_id: 2, paginate: { perPage: 100 } },
        { token: admin },
      );
      const viaGraphql = await gql<{ getAllContactUsFormData: { data: Record<string, unknown>[] } }>(
        app,
        `query { getAllContactUsFormData(country_id: 2, paginate: { perPage: 100 }) { data { ${CONTACT_US_FIELDS} } pagination { total } } }`,
        {},
        admin,
      );
      expect(viaTrpc.data!.data).toEqual(viaGraphql.data!.getAllContactUsFormData.data);
      expect(viaTrpc.data!.data[0]).toMatchObject({ id: sent.data!.id, first_name: 'Via tRPC' });
      const denied = await trpcCall(app, 'forms.contactUsEntries', { country_id: 4 }, { token: nepalEditor });
      expect(denied.error?.code).toBe('FORBIDDEN');
    });

    it('forms.generalForm and forms.oshc store entries that forms.*Entries list', async () => {
      const booked = await trpcCall<{ id: number }>(app, 'forms.generalForm', await booking({ country_id: 4 }), {
        mutation: true,
      });
      const covered = await trpcCall<{ id: number }>(app, 'forms.oshc', await cover({ country_id: 3 }), {
        mutation: true,
      });
      const bookings = await trpcCall<{ data: { id: number }[] }>(
        app,
        'forms.generalFormEntries',
        { country_id: 4 },
        { token: admin },
      );
      const covers = await trpcCall<{ data: { id: number; policy_start_date: string }[] }>(
        app,
        'forms.oshcEntries',
        { country_id: 3 },
        { token: admin },
      );
      expect(bookings.data!.data.map((entry) => entry.id)).toEqual([booked.data!.id]);
      expect(covers.data!.data.map((entry) => entry.id)).toEqual([covered.data!.id]);
      expect(covers.data!.data[0]!.policy_start_date).toBe(inDays(10));
    });
  });
  describe('staff filters and exports', () => {
    /** A country of its own, so other tests' entries do not count here. */
    let country: number;
    let branchA: number;
    let branchB: number;

    const enquiryRow = (branchId: number, n: number) => ({
      country_id: country,
      branch_id: branchId,
      first_name: `Person ${n}`,
      last_name: 'Bulk',
      email_address: `person${n}@example.com`,
      phone_number: '+61 400 000 000',
      subject: 'Bulk',
      hear_about_us: 'OTHER' as const,
      interested_service: 'OTHER' as const,
      message: 'Hello',
      has_agreed_to_terms: true,
    });

    /** `n` OSHC entries for `countryId`, stored in one statement. */
    const storeCovers = (countryId: number, n: number) =>
      sql`insert into oshc_form_entries (country_id, policy_types, policy_start_date, policy_end_date, phone_no, email)
        select ${countryId}, 'SINGLE'::policy_type, date '2030-01-01', date '2031-01-01', '0400 000 000',
          'cover' || i || '@example.com'
        from generate_series(1, ${n}) as i`.execute(app.db);

    beforeAll(async () => {
      const made = await app.db
        .insertInto('countries')
        .values({ name: 'New Zealand', is_enabled: 'ENABLE' })
        .returning('id')
        .executeTakeFirstOrThrow();
      country = made.id;
      const branches = await app.db
        .insertInto('branches')
        .values(
          ['Auckland', 'Wellington'].map((name) => ({
            country_id: country,
            name,
            email: `${name.toLowerCase()}@example.com`,
            phone_number: '+64 9 555 0100',
            address: name,
          })),
        )
        .returning('id')
        .execute();
      [branchA, branchB] = branches.map((branch) => branch.id) as [number, number];
      await app.db
        .insertInto('contact_us_entries')
        .values([1, 2, 3].map((n) => enquiryRow(branchA, n)))
        .execute();
      await app.db
        .insertInto('contact_us_entries')
        .values([4, 5].map((n) => enquiryRow(branchB, n)))
        .execute();
    });

    it('narrows a country’s enquiries to one branch, in GraphQL and tRPC alike', async () => {
      const query = `query($country: Int!, $branch: Int) {
        getAllContactUsFormData(country_id: $country, branch_id: $branch) { data { branch { name } } pagination { total } } }`;
      type Answer = {
        getAllContactUsFormData: { data: { branch: { name: string } }[]; pagination: { total: number } };
      };
      const onlyA = await gql<Answer>(app, query, { country, branch: branchA }, admin);
      expect(onlyA.errors).toEqual([]);
      expect(onlyA.data!.getAllContactUsFormData.pagination.total).toBe(3);
      expect(new Set(onlyA.data!.getAllContactUsFormData.data.map((entry) => entry.branch.name))).toEqual(
        new Set(['Auckland']),
      );
      const all = await gql<Answer>(app, query, { country }, admin);
      expect(all.data!.getAllContactUsFormData.pagination.total).toBe(5);
      const onlyB = await trpcCall<{ data: { branch_id: number }[]; pagination: { total: number } }>(
        app,
        'forms.contactUsEntries',
        { country_id: country, branch_id: branchB },
        { token: admin },
      );
      expect(onlyB.data!.pagination.total).toBe(2);
      expect(onlyB.data!.data.map((entry) => entry.branch_id)).toEqual([branchB, branchB]);
      // Another country's branch matches none of this country's enquiries.
      const elsewhere = await trpcCall<{ pagination: { total: number } }>(
        app,
        'forms.contactUsEntries',
        { country_id: country, branch_id: 2 },
        { token: admin },
      );
      expect(elsewhere.data!.pagination.total).toBe(0);
    });

    it('exports every entry of the filter in one answer, beyond the 100 a page may hold, newest first', async () => {
      await storeCovers(country, 150);
      await app.db
        .insertInto('general_form_entries')
        .values(
          Array.from({ length: 120 }, (_, n) => ({
            country_id: country,
            first_name: `Guest ${n}`,
            last_name: 'Bulk',
            email_address: `guest${n}@example.com`,
            contact_number: '+64 21 555 0100',
            services: 'OTHERS' as const,
            comment: '',
            has_agreed_to_terms: true,
          })),
        )
        .execute();
      type Export<T> = { data: T[]; pagination: { total: number } };
      const covers = await trpcCall<Export<{ id: number; email: string; policy_start_date: string }>>(
        app,
        'forms.oshcEntriesExport',
        { country_id: country },
        { token: admin },
      );
      expect(covers.data!.pagination.total).toBe(150);
      expect(covers.data!.data).toHaveLength(150);
      const ids = covers.data!.data.map((entry) => entry.id);
      expect(ids).toEqual([...ids].sort((a, b) => b - a));
      expect(covers.data!.data[0]).toMatchObject({ email: 'cover150@example.com', policy_start_date: '2030-01-01' });

      const bookings = await trpcCall<Export<{ country_id: number }>>(
        app,
        'forms.generalFormEntriesExport',
        { country_id: country },
        { token: admin },
      );
      expect(bookings.data!.data).toHaveLength(120);
      expect(new Set(bookings.data!.data.map((entry) => entry.country_id))).toEqual(new Set([country]));

      const enquiries = await trpcCall<Export<{ first_name: string; branch: { id: number; name: string } }>>(
        app,
        'forms.contactUsEntriesExport',
        { country_id: country, branch_id: branchB },
        { token: admin },
      );
      expect(enquiries.data!.data.map((entry) => [entry.first_name, entry.branch.name])).toEqual([
        ['Person 5', 'Wellington'],
        ['Person 4', 'Wellington'],
      ]);
    });

    it('refuses exports to visitors and to staff of other countries', async () => {
      for (const path of [
        'forms.contactUsEntriesExport',
        'forms.generalFormEntriesExport',
        'forms.oshcEntriesExport',
      ]) {
        const anonymous = await trpcCall(app, path, { country_id: country });
        expect(anonymous.error?.code, path).toBe('UNAUTHORIZED');
        const editor = await trpcCall(app, path, { country_id: country }, { token: nepalEditor });
        expect(editor.error?.code, path).toBe('FORBIDDEN');
        const own = await trpcCall(app, path, { country_id: 2 }, { token: nepalEditor });
        expect(own.error, path).toBeUndefined();
      }
    });

    it(`stops at ${CSV_EXPORT_MAX} entries and tells how many there are`, async () => {
      const bulk = await app.db
        .insertInto('countries')
        .values({ name: 'Fiji', is_enabled: 'ENABLE' })
        .returning('id')
        .executeTakeFirstOrThrow();
      await storeCovers(bulk.id, CSV_EXPORT_MAX + 1);
      const covers = await trpcCall<{ data: { email: string }[]; pagination: { total: number } }>(
        app,
        'forms.oshcEntriesExport',
        { country_id: bulk.id },
        { token: admin },
      );
      expect(covers.data!.data).toHaveLength(CSV_EXPORT_MAX);
      expect(covers.data!.pagination.total).toBe(CSV_EXPORT_MAX + 1);
      // The oldest one is the one left out.
      expect(covers.data!.data.map((entry) => entry.email)).not.toContain('cover1@example.com');
    });
  });
});
