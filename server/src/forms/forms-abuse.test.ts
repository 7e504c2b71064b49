import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FORM_MESSAGES, FORM_THANK_YOU } from '../../../shared/forms.schema.js';
import { logCapture } from '../../test/app.js';
import {
  bookingInput,
  buildFormsTestApp,
  captchaToken,
  CONTACT_US,
  countEntries,
  enquiryInput,
  GENERAL,
  roomyRateLimits,
} from '../../test/forms.js';
import { errorCode, expectFieldErrors, gql, trpcCall } from '../../test/graphql.js';
import type { Config } from '../config.js';
import { INVALID_TEXT_MESSAGE } from '../errors.js';
import { HONEYPOT_MESSAGE } from './forms.service.js';

/** Abuse of the public forms (issue 7): rate limits, the honeypot, resends, hostile input. Stored rows decide. */

type Submission = { addContactUsFormData: { success: boolean; message: string; id: number } };

/** The forms' app with its log lines at hand. */
async function formsApp(config: Partial<Config> = {}) {
  const { lines, logger } = logCapture();
  const app = await buildFormsTestApp({ logger, config });
  return {
    app,
    lines,
    captchaToken: () => captchaToken(app),
    enquiry: (overrides: Record<string, unknown> = {}) => enquiryInput(app, overrides),
    enquiries: () => countEntries(app, 'contact_us_entries'),
    securityEvents: (event: string) => lines.filter((line) => line.security === event),
  };
}

describe('rate limits of the public forms', () => {
  const limit = 3;
  let t: Awaited<ReturnType<typeof formsApp>>;
  beforeAll(async () => {
    t = await formsApp({
      rateLimits: roomyRateLimits({ enquiries: { max: limit, windowSeconds: 600 } }),
    });
  });
  afterAll(() => t.app.close());

  it('count each form on both APIs together, then answer 429 with the wait and store nothing', async () => {
    const { app } = t;
    const before = await t.enquiries();
    const viaGraphql = await gql(app, CONTACT_US, { input: await t.enquiry() });
    expect(viaGraphql.errors).toEqual([]);
    const viaTrpc = await trpcCall(app, 'forms.contactUs', await t.enquiry(), { mutation: true });
    expect(viaTrpc.error).toBeUndefined();
    const third = await gql(app, CONTACT_US, { input: await t.enquiry() });
    expect(third.errors).toEqual([]);
    expect(await t.enquiries()).toBe(before + 3);

    // The limit is reached: the next enquiry is refused on either API, with a wait the client can honour.
    const refusedGraphql = await app.inject({
      method: 'POST',
      url: '/api/graphql',
      headers: { 'content-type': 'application/json' },
      payload: { query: CONTACT_US, variables: { input: await t.enquiry() } },
    });
    expect(refusedGraphql.statusCode).toBe(429);
    const retryAfter = Number(refusedGraphql.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(500);
    expect(retryAfter).toBeLessThanOrEqual(600);
    const body = refusedGraphql.json<{ errors: { message: string; extensions: { code: string } }[] }>();
    expect(body.errors[0]?.extensions.code).toBe('TOO_MANY_REQUESTS');
    expect(body.errors[0]?.message).toBe('Too many messages from your network — please try again in 10 minutes.');

    const refusedTrpc = await app.inject({
      method: 'POST',
      url: '/api/trpc/forms.contactUs',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify(await t.enquiry()),
    });
    expect(refusedTrpc.statusCode).toBe(429);
    expect(Number(refusedTrpc.headers['retry-after'])).toBeGreaterThan(500);
    expect(refusedTrpc.json<{ error: { data: { code: string } } }>().error.data.code).toBe('TOO_MANY_REQUESTS');
    expect(await t.enquiries()).toBe(before + 3);
    // The other forms count on their own: the same network may still book an appointment.
    const booking = await gql(app, GENERAL, { input: await bookingInput(app) });
    expect(booking.errors).toEqual([]);

    // Logged as security events, with the request id and the address.
    const events = t.securityEvents('rate_limited');
    expect(events).toHaveLength(2);
    expect(events[0]).toMatchObject({
      ip: '127.0.0.1',
      bucket: 'enquiries',
      reqId: refusedGraphql.headers['x-request-id'],
    });
    expect(events[1]).toMatchObject({ reqId: refusedTrpc.headers['x-request-id'] });
  });

  it('count a forged X-Forwarded-For from an untrusted peer as the peer itself', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/graphql',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': '198.51.100.77' },
      payload: { query: CONTACT_US, variables: { input: await t.enquiry() } },
    });
    expect(response.statusCode).toBe(429);
  });
});

describe('rate limits behind a trusted proxy', () => {
  let t: Awaited<ReturnType<typeof formsApp>>;
  beforeAll(async () => {
    t = await formsApp({
      trustProxy: ['127.0.0.1'],
      rateLimits: roomyRateLimits({ enquiries: { max: 1, windowSeconds: 600 } }),
    });
  });
  afterAll(() => t.app.close());

  const send = async (forwardedFor: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/graphql',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': forwardedFor },
      payload: { query: CONTACT_US, variables: { input: await t.enquiry() } },
    });

  it('count each visitor the proxy names on their own; an IPv6 visitor by their /64', async () => {
    expect((await send('203.0.113.1')).statusCode).toBe(200);
    expect((await send('203.0.113.1')).statusCode).toBe(429);
    expect((await send('203.0.113.2')).statusCode).toBe(200);
    expect((await send('2001:db8:1:2::10')).statusCode).toBe(200);
    // Another address of the same /64 network.
    expect((await send('2001:db8:1:2:ffff::99')).statusCode).toBe(429);
    expect(t.securityEvents('rate_limited').map((line) => line.ip)).toEqual(['203.0.113.1', '2001:db8:1:2:ffff::99']);
  });

  it('count every alias of a mutation in one document', async () => {
    const first = await t.enquiry({ message: 'first alias' });
    const second = await t.enquiry({ message: 'second alias' });
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/graphql',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': '203.0.113.50' },
      payload: {
        query: `mutation($a: ContactUsFormInput!, $b: ContactUsFormInput!) {
          a: addContactUsFormData(input: $a) { id }
          b: addContactUsFormData(input: $b) { id }
        }`,
        variables: { a: first, b: second },
      },
    });
    expect(response.statusCode).toBe(429);
    const body = response.json<{ errors: { path: string[]; extensions: { code: string } }[] }>();
    expect(body.errors).toMatchObject([{ path: ['b'], extensions: { code: 'TOO_MANY_REQUESTS' } }]);
    // The first alias was within the limit and is stored; the second is not.
    const stored = await t.app.db
      .selectFrom('contact_us_entries')
      .select('message')
      .where('message', 'in', ['first alias', 'second alias'])
      .execute();
    expect(stored).toEqual([{ message: 'first alias' }]);
  });
});

describe('robots and resends', () => {
  let t: Awaited<ReturnType<typeof formsApp>>;
  beforeAll(async () => {
    t = await formsApp();
  });
  afterAll(() => t.app.close());

  it('store nothing when the honeypot is filled, on both APIs, and log it', async () => {
    const before = await t.enquiries();
    const viaGraphql = await gql(t.app, CONTACT_US, { input: await t.enquiry({ website: 'http://spam.example' }) });
    expect(errorCode(viaGraphql)).toBe('BAD_USER_INPUT');
    expect(viaGraphql.errors[0]?.message).toBe(HONEYPOT_MESSAGE);
    const viaTrpc = await trpcCall(t.app, 'forms.contactUs', await t.enquiry({ website: 'x' }), { mutation: true });
    expect(viaTrpc.status).toBe(400);
    expect(viaTrpc.error?.message).toBe(HONEYPOT_MESSAGE);
    expect(await t.enquiries()).toBe(before);
    const events = t.securityEvents('honeypot_filled');
    expect(events).toHaveLength(2);
    expect(events[0]).toMatchObject({ ip: '127.0.0.1', form: 'contact_us_entries' });
    // The visitor's details are not in the log.
    expect(JSON.stringify(t.lines)).not.toContain('sita@example.com');
    // An empty honeypot (what people send) is fine.
    expect((await gql(t.app, CONTACT_US, { input: await t.enquiry({ website: '' }) })).errors).toEqual([]);
    expect(await t.enquiries()).toBe(before + 1);
  });

  it('log a failed captcha as a security event', async () => {
    const refused = await gql(t.app, CONTACT_US, { input: await t.enquiry({ reCaptcha_token: 'forged' }) });
    expect(refused.errors[0]?.extensions?.fields).toEqual({ reCaptcha_token: FORM_MESSAGES.captcha });
    expect(t.securityEvents('captcha_failed').at(-1)).toMatchObject({ ip: '127.0.0.1', form: 'contact_us_entries' });
  });

  it.each([
    ['GraphQL', (input: Record<string, unknown>) => gql<Submission>(t.app, CONTACT_US, { input })],
    ['tRPC', (input: Record<string, unknown>) => trpcCall(t.app, 'forms.contactUs', input, { mutation: true })],
  ])('store one row when the same submission arrives five times at once over %s', async (_api, send) => {
    const submission_id = randomUUID();
    const input = await t.enquiry({ submission_id, message: `Five copies ${submission_id}` });
    const answers = await Promise.all(Array.from({ length: 5 }, () => send(input)));
    const ids = answers.map((answer) =>
      'errors' in answer ? answer.data?.addContactUsFormData.id : (answer.data as { id: number } | undefined)?.id,
    );
    const rows = await t.app.db
      .selectFrom('contact_us_entries')
      .select(['id', 'message'])
      .where('submission_id', '=', submission_id)
      .execute();
    expect(rows).toHaveLength(1);
    expect(ids).toEqual(Array(5).fill(rows[0]!.id));
    expect(rows[0]!.message).toBe(`Five copies ${submission_id}`);
  });

  it('still refuse the same captcha solution for a different submission', async () => {
    const token = await t.captchaToken();
    const first = await gql(t.app, CONTACT_US, {
      input: await t.enquiry({ reCaptcha_token: token, submission_id: randomUUID() }),
    });
    expect(first.errors).toEqual([]);
    const other = await gql(t.app, CONTACT_US, {
      input: await t.enquiry({ reCaptcha_token: token, submission_id: randomUUID() }),
    });
    expect(other.errors[0]?.extensions?.fields).toEqual({ reCaptcha_token: FORM_MESSAGES.captcha });
  });
});

describe('hostile input to the public forms', () => {
  let t: Awaited<ReturnType<typeof formsApp>>;
  beforeAll(async () => {
    t = await formsApp();
  });
  afterAll(() => t.app.close());

  const long = 'x'.repeat(10_000);
  const cases: [string, Record<string, unknown>, Record<string, string>][] = [
    // The one text check of both APIs answers before the form's own schema (issue 14).
    ['a NUL byte', { first_name: 'Si\u0000ta' }, { first_name: INVALID_TEXT_MESSAGE }],
    [
      'line breaks and control characters in one-line fields',
      { first_name: 'Sita\r\nBcc: everyone@example.net', last_name: 'Sharma\u0007', subject: 'Visa\nX-Spam: no' },
      {
        first_name: '*First Name must be one line of text',
        last_name: '*Last Name must be one line of text',
        subject: '*Subject must be one line of text',
      },
    ],
    [
      '10,000-character fields',
      { first_name: long, message: long },
      {
        first_name: '*First Name must be at most 100 characters',
        message: '*Message must be at most 5000 characters',
      },
    ],
    ['a non-numeric branch id', { branch_id: 'abc' }, { branch_id: FORM_MESSAGES.branch }],
    ['a negative branch id', { branch_id: -4 }, { branch_id: FORM_MESSAGES.branch }],
    [
      'an over-long honeypot',
      { website: `${long}x` },
      { website: 'Too big: expected string to have <=10000 characters' },
    ],
  ];

  it.each(cases)('refuses %s over tRPC with field messages, storing nothing', async (_what, overrides, fields) => {
    const before = await t.enquiries();
    const response = await trpcCall(t.app, 'forms.contactUs', await t.enquiry(overrides), { mutation: true });
    expect(response.status).toBe(400);
    expect(response.error?.code).toBe('BAD_REQUEST');
    expect(response.error?.fields).toMatchObject(fields);
    expect(await t.enquiries()).toBe(before);
  });

  it.each(cases)('refuses %s over GraphQL with field messages, storing nothing', async (_what, overrides, fields) => {
    const before = await t.enquiries();
    const response = await gql(t.app, CONTACT_US, { input: await t.enquiry(overrides) });
    expectFieldErrors(response, fields);
    expect(await t.enquiries()).toBe(before);
  });

  it('refuses unknown enumeration values on both APIs, storing nothing', async () => {
    const before = await t.enquiries();
    const viaTrpc = await trpcCall(t.app, 'forms.contactUs', await t.enquiry({ hear_about_us: 'TELEVISION' }), {
      mutation: true,
    });
    expect(viaTrpc.status).toBe(400);
    expect(viaTrpc.error?.fields).toEqual({ hear_about_us: FORM_MESSAGES.hearAboutUs });
    const viaGraphql = await gql(t.app, CONTACT_US, { input: await t.enquiry({ interested_service: 'CRYPTO' }) });
    expect(viaGraphql.status).toBe(400);
    expect(errorCode(viaGraphql)).toBe('BAD_USER_INPUT');
    expect(viaGraphql.errors[0]?.message).toMatch(/InterestedService/);
    expect(await t.enquiries()).toBe(before);
  });

  it('refuses a non-numeric country id on both APIs, storing nothing', async () => {
    const booking = () => bookingInput(t.app, { country_id: '3 OR 1=1' });
    const viaTrpc = await trpcCall(t.app, 'forms.generalForm', await booking(), { mutation: true });
    expect(viaTrpc.status).toBe(400);
    expect(viaTrpc.error?.fields).toEqual({ country_id: FORM_MESSAGES.country });
    const viaGraphql = await gql(t.app, GENERAL, { input: await booking() });
    expect(viaGraphql.status).toBe(400);
    expect(errorCode(viaGraphql)).toBe('BAD_USER_INPUT');
    const rows = await t.app.db.selectFrom('general_form_entries').select('id').execute();
    expect(rows).toEqual([]);
  });

  it.each([
    ['__proto__', '{"__proto__": {"polluted": true}}'],
    ['constructor.prototype', '{"constructor": {"prototype": {"polluted": true}}}'],
  ])('refuses a %s key in the body of either API with a 400, storing nothing', async (_key, pollution) => {
    const before = await t.enquiries();
    const input = JSON.stringify(await t.enquiry());
    const polluted = `${input.slice(0, -1)}, "extra": ${pollution}}`;
    const viaTrpc = await t.app.inject({
      method: 'POST',
      url: '/api/trpc/forms.contactUs',
      headers: { 'content-type': 'application/json' },
      payload: polluted,
    });
    expect(viaTrpc.statusCode).toBe(400);
    const viaGraphql = await t.app.inject({
      method: 'POST',
      url: '/api/graphql',
      headers: { 'content-type': 'application/json' },
      payload: `{"query": ${JSON.stringify(CONTACT_US)}, "variables": {"input": ${polluted}}}`,
    });
    expect(viaGraphql.statusCode).toBe(400);
    expect(viaGraphql.body).not.toMatch(/at .*\.js:\d+/);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(await t.enquiries()).toBe(before);
  });

  it('stores what is sent exactly, as text', async () => {
    const message = `<script>alert(1)</script> "quotes" 'single' \\ back \u00e9\u4e2d\ud83d\ude00 =SUM(A1)`;
    const response = await gql<Submission>(t.app, CONTACT_US, { input: await t.enquiry({ message }) });
    expect(response.data?.addContactUsFormData.message).toBe(FORM_THANK_YOU);
    const row = await t.app.db
      .selectFrom('contact_us_entries')
      .select('message')
      .where('id', '=', response.data!.addContactUsFormData.id)
      .executeTakeFirstOrThrow();
    expect(row.message).toBe(message);
  });
});
