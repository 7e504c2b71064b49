import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, onTestFailed } from 'vitest';
import { CAPTCHA_CHALLENGE_PATH } from '../../shared/captcha.js';
import { DEFAULT_RATE_LIMITS } from '../src/config.js';
import { captchaToken, CONTACT_US, enquiry, graphql, sessionToken, signIn, visitorAddress } from './support/client.js';
import { createDatabase, REDIS_URL, type TestDatabase } from './support/postgres.js';
import { startServer, type RunningServer } from './support/server.js';

/**
 * Issue 7: two instances of the site on one PostgreSQL (and one Redis), behind one address: a change made through
 * one is seen through the other at once, a session started on one works on the other, and limits are shared.
 */
describe('two instances of the site', () => {
  let database: TestDatabase;
  let a: RunningServer;
  let b: RunningServer;
  beforeAll(async () => {
    database = await createDatabase();
    // One site: the same public address, secret and Redis; the first instance migrates and seeds.
    const site = { DATABASE_URL: database.url(), REDIS_URL, PUBLIC_URL: 'http://consultancy.test' };
    a = await startServer(site);
    b = await startServer(site);
  });
  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    await database?.drop();
  });

  const showOutput = () =>
    onTestFailed(() => console.log(`A:\n${a.output().slice(-4000)}\nB:\n${b.output().slice(-4000)}`));

  it('share sessions, content and sign-outs', async () => {
    showOutput();
    const visitor = visitorAddress();
    // Signed in on A; the staff area then talks to B (a load balancer's choice).
    const jar = await signIn(a.url);
    const token = await sessionToken(b.url, jar);
    const contact = { id: 0, email: `office.${randomUUID().slice(0, 8)}@example.com` };
    const current = await graphql(b.url, 'query { getHeaderContactInfos(country_id: 1) { id } }', {}, visitor);
    contact.id = (
      (await current.json()) as { data: { getHeaderContactInfos: { id: number } } }
    ).data.getHeaderContactInfos.id;

    // Changed through A with the token B handed out…
    const changed = await graphql(
      a.url,
      'mutation($input: UpdateHeaderContactInfosInput!) { updateHeaderContactInfos(input: $input) { email } }',
      { input: contact },
      visitor,
      token,
    );
    expect(await changed.json()).toEqual({ data: { updateHeaderContactInfos: { email: contact.email } } });
    // …and seen through B at once, over the API and on a page.
    const read = await graphql(b.url, 'query { getHeaderContactInfos(country_id: 1) { email } }', {}, visitor);
    expect(await read.json()).toEqual({ data: { getHeaderContactInfos: { email: contact.email } } });
    const page = await fetch(`${b.url}/contact-us`, { headers: { accept: 'text/html', cookie: 'site_country=1' } });
    expect(await page.text()).toContain(contact.email);

    // Signing out on A ends the token on B too.
    const signedOut = await fetch(`${a.url}/api/auth/logout`, {
      method: 'POST',
      // From a page of the site, whose public address both instances share.
      headers: {
        cookie: jar.header(),
        origin: 'http://consultancy.test',
        'content-type': 'application/x-www-form-urlencoded',
      },
      redirect: 'manual',
    });
    expect(signedOut.status).toBe(303);
    const after = await graphql(b.url, 'query { getPages { id } }', {}, visitor, token);
    const body = (await after.json()) as { errors: { extensions: { code: string } }[] };
    expect(body.errors[0]?.extensions.code).toBe('UNAUTHENTICATED');
  });

  it('count one visitor’s captcha challenges together, whichever instance answers', async () => {
    showOutput();
    const visitor = visitorAddress();
    const challenge = (server: RunningServer) =>
      fetch(`${server.url}${CAPTCHA_CHALLENGE_PATH}`, { headers: { 'x-forwarded-for': visitor } });
    const { max } = DEFAULT_RATE_LIMITS.captchaChallenges;
    const statuses: number[] = [];
    // Alternating: each instance alone sees only half of the limit.
    for (let i = 0; i < max; i++) statuses.push((await challenge(i % 2 === 0 ? a : b)).status);
    expect(statuses.every((status) => status === 200)).toBe(true);
    const refusedByA = await challenge(a);
    const refusedByB = await challenge(b);
    expect([refusedByA.status, refusedByB.status]).toEqual([429, 429]);
    expect(Number(refusedByB.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('accept a captcha solution once across both', async () => {
    showOutput();
    const visitor = visitorAddress();
    const token = await captchaToken(a.url, visitor);
    const first = await graphql(a.url, CONTACT_US, { input: { ...enquiry('first'), reCaptcha_token: token } }, visitor);
    expect(first.status).toBe(200);
    const replay = await graphql(
      b.url,
      CONTACT_US,
      { input: { ...enquiry('replay'), reCaptcha_token: token } },
      visitor,
    );
    const body = (await replay.json()) as { errors: { extensions: { fields: Record<string, string> } }[] };
    expect(body.errors[0]?.extensions.fields).toEqual({ reCaptcha_token: '*Please confirm it' });
    const stored = await database.query<{ message: string }>('select message from contact_us_entries');
    expect(stored.map((row) => row.message)).toEqual([enquiry('first').message]);
  });
});
