import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { logCapture } from '../../test/app.js';
import { ADMIN, locationPath, sessionToken, signIn, signOut } from '../../test/auth.js';
import { CookieJar } from '../../test/cookie-jar.js';
import { buildFormsTestApp, CONTACT_US, enquiryInput } from '../../test/forms.js';
import { gql, staffToken, trpcCall } from '../../test/graphql.js';

/** Issue 7: security events are structured log lines; credentials and visitors' personal data never reach the log. */

/** Values a visitor types, each unique enough to be searched for in the whole log. */
const VISITOR = {
  first_name: 'Priyanka',
  last_name: 'Lamichhane-Zyx',
  email_address: 'priyanka.zyx@example.com',
  phone_number: '+977 981 7654321',
  subject: 'Subject Qwv',
  message: 'Message Kjh about my visa',
};

describe('the log', () => {
  let app: FastifyInstance;
  const { lines, logger } = logCapture();
  const events = (event: string) => lines.filter((line) => line.security === event);

  beforeAll(async () => {
    app = await buildFormsTestApp({ logger });
  });
  afterAll(() => app.close());

  const enquiry = () => enquiryInput(app, VISITOR);

  it('records sign-in success and failure with the request id and address', async () => {
    const { jar } = await signIn(app, ADMIN);
    const succeeded = events('sign_in_succeeded');
    expect(succeeded).toHaveLength(1);
    expect(succeeded[0]).toMatchObject({ ip: '127.0.0.1', staffId: expect.any(Number) as unknown, level: 30 });
    expect(succeeded[0]!.reqId).toEqual(expect.any(String));

    // A wrong password on the provider's form.
    const failed = new CookieJar();
    const login = await app.inject('/api/auth/login');
    failed.store(login);
    const authorize = await app.inject({
      url: locationPath(login.headers.location),
      headers: { cookie: failed.header() },
    });
    failed.store(authorize);
    const attempt = await app.inject({
      method: 'POST',
      url: `${locationPath(authorize.headers.location)}/login`,
      headers: { cookie: failed.header(), 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ email: ADMIN.email, password: 'not the password' }).toString(),
    });
    expect(attempt.statusCode).toBe(401);
    const failure = events('sign_in_failed').at(-1)!;
    expect(failure).toMatchObject({ ip: '127.0.0.1', account: ADMIN.email, reason: 'wrong password', level: 40 });
    expect(failure.reqId).toBe(attempt.headers['x-request-id']);

    await signOut(app, jar);
    expect(events('signed_out')).toHaveLength(1);
  });

  it('records 401 and 403 refusals on both APIs', async () => {
    const anonymous = await trpcCall(app, 'staff.list', null);
    expect(anonymous.status).toBe(401);
    const editor = await staffToken(app, 'EDITOR', [2]);
    const forbidden = await gql(app, 'mutation { addCountry(name: "Japan") { id } }', {}, editor);
    expect(forbidden.errors[0]?.extensions?.code).toBe('FORBIDDEN');
    expect(events('unauthenticated').at(-1)).toMatchObject({ api: 'trpc', ip: '127.0.0.1' });
    expect(events('forbidden').at(-1)).toMatchObject({ api: 'graphql', ip: '127.0.0.1' });
    expect(events('forbidden').at(-1)!.reqId).toEqual(expect.any(String));
  });

  it('never holds a credential or what a visitor typed, whatever happened to the request', async () => {
    const { jar } = await signIn(app, ADMIN);
    const token = await sessionToken(app, jar);
    // Stored, refused by the captcha, and failed inside (the table is gone for a moment).
    expect((await gql(app, CONTACT_US, { input: await enquiry() })).errors).toEqual([]);
    await gql(app, CONTACT_US, { input: { ...(await enquiry()), reCaptcha_token: 'forged' } });
    await sql`alter table contact_us_entries rename to contact_us_entries_away`.execute(app.db);
    try {
      const failed = await trpcCall(app, 'forms.contactUs', await enquiry(), { mutation: true, token });
      expect(failed.status).toBe(500);
    } finally {
      await sql`alter table contact_us_entries_away rename to contact_us_entries`.execute(app.db);
    }
    // The internal failure itself is in the log, for whoever investigates it.
    const failure = lines.find((line) => line.msg === 'procedure failed');
    expect((failure?.err as { message?: string } | undefined)?.message).toMatch(/contact_us_entries/);

    const log = JSON.stringify(lines);
    for (const value of Object.values(VISITOR)) expect(log).not.toContain(value);
    expect(log).not.toContain(token);
    expect(log).not.toContain(ADMIN.password);
    expect(log).not.toMatch(/staff_session=[^;"\\]{10}/);
    // The sign-in callback's one-time code is cut out of the logged URL.
    const callbacks = lines.filter((line) =>
      String((line.req as { url?: string } | undefined)?.url).startsWith('/api/auth/callback'),
    );
    expect(callbacks.length).toBeGreaterThan(0);
    for (const line of callbacks) expect((line.req as { url: string }).url).toMatch(/code=\[Redacted\]/);
  });

  it("cuts preview tokens out of logged URLs: in a post preview's path, a page's query and an API read's input", async () => {
    const token = 'eyJwb3N0IjoxfQ.SiGnAtUrE_123';
    const input = encodeURIComponent(JSON.stringify({ country_id: 2, name: 'Visa', preview: token }));
    await app.inject(`/blog/preview/${token}`);
    await app.inject(`/visa/student?preview=${token}`);
    await app.inject(`/api/trpc/site.page?input=${input}`);
    await app.inject({ method: 'POST', url: `/nowhere?preview=${token}` });
    const urls = lines.map((line) => (line.req as { url?: string } | undefined)?.url).filter(Boolean);
    expect(urls).toEqual(
      expect.arrayContaining([
        '/blog/preview/[Redacted]',
        '/visa/student?preview=[Redacted]',
        expect.stringMatching(/^\/api\/trpc\/site\.page\?input=.*%22preview%22%3A%22\[Redacted\]%22/),
      ]),
    );
    const requestLines = lines.filter((line) => line.msg === 'request completed');
    expect(JSON.stringify(requestLines)).not.toContain('SiGnAtUrE');
    // Fastify's own line for an unknown route names the URL in its message.
    expect(lines.map((line) => line.msg)).toContain('Route POST:/nowhere?preview=[Redacted] not found');
    expect(JSON.stringify(lines.filter((line) => String(line.msg).startsWith('Route ')))).not.toContain('SiGnAtUrE');
  });

  it('redacts personal fields and secrets in any object a handler logs', () => {
    const before = lines.length;
    app.log.info(
      { input: { ...VISITOR, reCaptcha_token: 'captcha-secret-1' }, session: { accessToken: 'at-secret-2' } },
      'x',
    );
    const line = lines[before]!;
    expect(line.input).toMatchObject({
      email_address: '[Redacted]',
      message: '[Redacted]',
      reCaptcha_token: '[Redacted]',
    });
    expect(line.session).toEqual({ accessToken: '[Redacted]' });
    // Words that are also form fields stay readable where they are not a visitor's input.
    app.log.error({ err: { message: 'relation does not exist', params: ['Priyanka'] } }, 'y');
    expect(lines[before + 1]!.err).toMatchObject({ message: 'relation does not exist', params: '[Redacted]' });
  });
});
