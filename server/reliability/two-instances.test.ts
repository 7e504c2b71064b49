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

  it('keep their own pages, and show a change made through the other at once', async () => {
    showOutput();
    const visitor = visitorAddress();
    const token = await sessionToken(a.url, await signIn(a.url));
    const NEPAL = 2;
    const view = (server: RunningServer, path: string, country = NEPAL) =>
      fetch(`${server.url}${path}`, { headers: { accept: 'text/html', cookie: `site_country=${country}` } });
    const change = async (query: string, variables: object) => {
      const body = (await (await graphql(a.url, query, variables, visitor, token)).json()) as { errors?: unknown };
      expect(body.errors).toBeUndefined();
    };
    /** B shows `text` on the page within a moment: the notification crosses from A's commit to B's listener. */
    const shownOnB = async (path: string, text: string, country = NEPAL) => {
      const deadline = Date.now() + 2_000;
      while (!(await (await view(b, path, country)).text()).includes(text)) {
        if (Date.now() > deadline) throw new Error(`B's ${path} does not show "${text}"`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    };
    const keptOnB = async (path: string, country = NEPAL) => {
      await view(b, path, country);
      expect((await view(b, path, country)).headers.get('x-page-cache'), path).toBe('hit');
    };

    // A banner on Home, with a picture uploaded through A.
    await keptOnB('/');
    const upload = new FormData();
    upload.set(
      'operations',
      JSON.stringify({
        query: 'mutation($images: [Upload!]!) { uploadImages(images: $images, category: BANNER) { id } }',
        variables: { images: [null] },
      }),
    );
    upload.set('map', JSON.stringify({ 0: ['variables.images.0'] }));
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
      'base64',
    );
    upload.set('0', new Blob([png], { type: 'image/png' }), 'intake.png');
    const uploaded = (await (
      await fetch(`${a.url}/api/graphql`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'x-apollo-operation-name': 'upload', 'x-forwarded-for': visitor },
        body: upload,
      })
    ).json()) as { data: { uploadImages: { id: number }[] } };
    const home = (await database.query<{ id: number }>(`select id from pages where name = 'Home'`))[0]!.id;
    const title = `Intakes open ${randomUUID().slice(0, 6)}`;
    await change('mutation($input: AddBannerInput!) { addBanner(input: $input) { id } }', {
      input: { title, description: 'February', image_id: uploaded.data.uploadImages[0]!.id, page_ids: [home] },
    });
    await shownOnB('/', title);

    // A page's text.
    await keptOnB('/about-us');
    const heading = `About our team ${randomUUID().slice(0, 6)}`;
    const aboutUs = (await database.query<{ id: number }>(`select id from pages where name = 'About Us'`))[0]!.id;
    const updated = await fetch(`${a.url}/api/trpc/page.updateContent`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ page_id: aboutUs, heading, summary: 'Who we are.', body: 'We help students.' }),
    });
    expect(updated.status).toBe(200);
    await shownOnB('/about-us', heading);

    // Nepal's own text of a page (decision 067): Nepal's address shows it at once, the other sites the shared text.
    await keptOnB('/np/visa/student');
    const own = `Student visas from Nepal ${randomUUID().slice(0, 6)}`;
    const studentVisa = (await database.query<{ id: number }>(`select id from pages where name = 'Student Visa'`))[0]!
      .id;
    const written = await fetch(`${a.url}/api/trpc/page.updateContent`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ page_id: studentVisa, country_id: NEPAL, heading: own }),
    });
    expect(written.status).toBe(200);
    await shownOnB('/np/visa/student', own);
    expect(await (await view(b, '/ca/visa/student')).text()).not.toContain(own);

    // A branch of Nepal.
    await keptOnB('/contact-us');
    const branch = `Pokhara ${randomUUID().slice(0, 6)}`;
    await change('mutation($input: AddBranchInput!) { addBranch(input: $input) { id } }', {
      input: {
        country_id: NEPAL,
        name: branch,
        email: 'pokhara@example.com',
        phone_number: '+977 61 500000',
        address: 'Lakeside, Pokhara',
      },
    });
    await shownOnB('/contact-us', branch);

    // A country's name, which its pages show in the contact strip.
    const CANADA = 3;
    await keptOnB('/about-us', CANADA);
    const name = `Canada ${randomUUID().slice(0, 6)}`;
    await change('mutation($name: String) { updateCountry(id: 3, name: $name) { id } }', { name });
    await shownOnB('/about-us', name, CANADA);
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
