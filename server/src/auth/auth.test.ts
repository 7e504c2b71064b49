import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../test/app.js';
import { ADMIN, locationPath, sessionToken, signIn, signOut } from '../../test/auth.js';
import { CookieJar } from '../../test/cookie-jar.js';
import { createTestDatabase } from '../../test/database.js';
import { craftAccessToken, unsignedToken } from '../../test/tokens.js';
import { DEFAULT_RATE_LIMITS } from '../config.js';
import type { Database } from '../db/database.js';
import { embeddedProviderSettings } from '../identity-provider/identity-provider.js';
import { hashPassword } from '../staff/password.js';
import { InvalidGrantError } from './relying-party.js';
import { createStaff, findStaffByEmail, updateStaff } from '../staff/staff.repository.js';

const SESSION_COOKIE = 'staff_session';

/** Rewrites the encrypted session cookie, e.g. to make its access token look nearly expired. */
function editSession(app: FastifyInstance, jar: CookieJar, changes: Record<string, unknown>): void {
  const value = jar.get(SESSION_COOKIE);
  const session = app.decodeSecureSession(value!, undefined, 'session')!;
  for (const [key, change] of Object.entries(changes))
    (session as unknown as { set(k: string, v: unknown): void }).set(key, change);
  jar.set(SESSION_COOKIE, app.encodeSecureSession(session, 'session'));
}

async function mySession(app: FastifyInstance, jar: CookieJar) {
  const response = await app.inject({ url: '/api/my/session', headers: { cookie: jar.header() } });
  jar.store(response);
  return response;
}

function trpc(app: FastifyInstance, path: string, token: string | undefined, input?: object) {
  const headers = token === undefined ? {} : { authorization: `Bearer ${token}` };
  if (input === undefined) return app.inject({ url: `/api/trpc/${path}`, headers });
  return app.inject({
    method: 'POST',
    url: `/api/trpc/${path}`,
    headers: { ...headers, 'content-type': 'application/json' },
    payload: input,
  });
}

describe('staff sign-in through the embedded provider', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    // These tests sign in more often than the per-address limit allows (the limit has its own test).
    app = await buildTestApp({
      config: { rateLimits: { ...DEFAULT_RATE_LIMITS, signIn: { max: 100, windowSeconds: 15 * 60 } } },
    });
  });
  afterAll(() => app.close());

  it('runs the whole flow: login, provider form, callback, token, API call, refresh, logout', async () => {
    const { jar, landedOn } = await signIn(app, ADMIN, '/admin/countries');
    expect(landedOn).toBe('/admin/countries');

    const session = await mySession(app, jar);
    expect(session.headers['cache-control']).toBe('no-store');
    const body = session.json<{ code: string; token: string }>();
    expect(body).toMatchObject({ code: 'ok', user: { email: ADMIN.email } });
    // Only the access token reaches the browser.
    expect(Object.keys(body).sort()).toEqual(['code', 'token', 'user']);
    expect(session.body).not.toMatch(/refresh|id_token/i);

    const me = await trpc(app, 'me.get', body.token);
    expect(me.statusCode, me.body).toBe(200);
    expect(me.json()).toMatchObject({ result: { data: { email: ADMIN.email, role: 'ADMIN' } } });

    // Near expiry, the session endpoint refreshes first and hands out a new token that works.
    editSession(app, jar, { expiresAt: Date.now() + 5_000 });
    const refreshed = await sessionToken(app, jar);
    expect(refreshed).not.toBe(body.token);
    expect((await trpc(app, 'me.get', refreshed)).statusCode).toBe(200);

    // Logout clears our session, revokes its refresh token and ends the provider's (RP-initiated logout).
    const { refreshToken } = app.decodeSecureSession(jar.get(SESSION_COOKIE)!, undefined, 'session')!.data() as {
      refreshToken: string;
    };
    expect((await app.relyingParty.refresh(refreshToken)).accessToken).toMatch(/^ey/);
    const logout = await signOut(app, jar);
    await expect(app.relyingParty.refresh(refreshToken)).rejects.toBeInstanceOf(InvalidGrantError);
    expect(logout.statusCode).toBe(303);
    const endSession = locationPath(logout.headers.location);
    expect(endSession).toMatch(/^\/oidc\/session\/end\?/);
    expect(new URL(logout.headers.location!).searchParams.get('post_logout_redirect_uri')).toBe(
      `${app.config.publicUrl}/`,
    );
    const confirmPage = await app.inject({ url: endSession, headers: { cookie: jar.header() } });
    jar.store(confirmPage);
    const form = /<form[^>]*action="([^"]+)"[\s\S]*?name="xsrf" value="([^"]+)"/.exec(confirmPage.body);
    expect(form, confirmPage.body).not.toBeNull();
    const confirmed = await app.inject({
      method: 'POST',
      url: locationPath(form![1]),
      headers: { cookie: jar.header(), 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ xsrf: form![2]!, logout: 'yes' }).toString(),
    });
    jar.store(confirmed);
    expect(confirmed.statusCode).toBe(303);
    expect(confirmed.headers.location).toBe(`${app.config.publicUrl}/`);

    expect((await mySession(app, jar)).statusCode).toBe(401);
    // The refresh token was revoked and the provider's session ended: signing in again asks for the password.
    const again = await app.inject({ url: '/api/auth/login', headers: { cookie: jar.header() } });
    jar.store(again);
    const authorize = await app.inject({
      url: locationPath(again.headers.location),
      headers: { cookie: jar.header() },
    });
    expect(locationPath(authorize.headers.location)).toMatch(/^\/auth\/interaction\//);
  });

  it('advertises only the authorization code flow with PKCE (S256) in its discovery document', async () => {
    const response = await app.inject({ url: '/oidc/.well-known/openid-configuration' });
    expect(response.statusCode).toBe(200);
    const discovery = response.json<Record<string, unknown>>();
    expect(discovery.response_types_supported).toEqual(['code']);
    expect(discovery.code_challenge_methods_supported).toEqual(['S256']);
    expect(discovery.grant_types_supported).not.toContain('implicit');
    // The client is confidential: only its way of authenticating is offered at every endpoint, never `none`.
    const authMethods = Object.entries(discovery).filter(([key]) => key.endsWith('_auth_methods_supported'));
    expect(authMethods.map(([key]) => key)).toContain('token_endpoint_auth_methods_supported');
    for (const [key, methods] of authMethods) expect(methods, key).toEqual(['client_secret_basic']);
    // The code comes back in the redirect's query, the only way the client reads it; no other mode is offered or taken.
    expect(discovery.response_modes_supported).toEqual(['query']);
    const login = await app.inject('/api/auth/login');
    const authorize = new URL(login.headers.location!);
    for (const mode of ['form_post', 'fragment']) {
      authorize.searchParams.set('response_mode', mode);
      const refused = await app.inject(authorize.pathname + authorize.search);
      // Refused on the provider's page, or sent back to the client as an error (never a code).
      const location = decodeURIComponent((refused.headers.location ?? '').replace(/\+/g, ' '));
      const said = refused.statusCode === 400 ? refused.body : location;
      expect(said, mode).toMatch(/response_mode is not allowed/);
      expect(said, mode).not.toMatch(/[?#&]code=/);
    }
  });

  it('answers 401 on /api/my/session without a session', async () => {
    const response = await app.inject('/api/my/session');
    expect(response.statusCode).toBe(401);
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('shows a clear message for a wrong password and starts no session', async () => {
    const jar = new CookieJar();
    const login = await app.inject('/api/auth/login');
    jar.store(login);
    const authorize = await app.inject({
      url: locationPath(login.headers.location),
      headers: { cookie: jar.header() },
    });
    jar.store(authorize);
    const interaction = locationPath(authorize.headers.location);
    const response = await app.inject({
      method: 'POST',
      url: `${interaction}/login`,
      headers: { cookie: jar.header(), 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ email: ADMIN.email, password: 'wrong password!' }).toString(),
    });
    expect(response.statusCode).toBe(401);
    expect(response.body).toContain('Wrong e-mail or password.');
    expect(response.body).toContain(`value="${ADMIN.email}"`);
    expect(jar.has(SESSION_COOKIE)).toBe(false);
  });

  it.each([
    'https://evil.example',
    '//evil.example',
    '/\\evil.example',
    '/.//evil.example/phish',
    '/..//evil.example',
    '/a/..//evil.example',
    '/%2e//evil.example',
  ])('keeps returnTo=%s on the site', async (returnTo) => {
    const { landedOn } = await signIn(app, ADMIN, returnTo);
    expect(landedOn).toBe('/admin');
  });

  it('refuses a callback with the wrong state', async () => {
    const jar = new CookieJar();
    jar.store(await app.inject('/api/auth/login'));
    const response = await app.inject({
      url: '/api/auth/callback?code=anything&state=not-the-state',
      headers: { cookie: jar.header() },
    });
    jar.store(response);
    expect(response.statusCode).toBe(400);
    expect(jar.has(SESSION_COOKIE)).toBe(false);
  });

  it('refuses a callback without a sign-in in progress', async () => {
    const response = await app.inject('/api/auth/callback?code=anything&state=anything');
    expect(response.statusCode).toBe(400);
    expect(response.cookies.some((c: { name: string }) => c.name === SESSION_COOKIE)).toBe(false);
  });

  it('handles ?error= from the provider without exchanging anything', async () => {
    const jar = new CookieJar();
    jar.store(await app.inject('/api/auth/login'));
    const response = await app.inject({
      url: '/api/auth/callback?error=access_denied&state=x',
      headers: { cookie: jar.header() },
    });
    expect(response.statusCode).toBe(401);
    expect(response.body).toContain('The sign-in was cancelled.');
  });

  it('refuses an ID token whose nonce does not match the sign-in', async () => {
    const jar = new CookieJar();
    const login = await app.inject('/api/auth/login?returnTo=/admin');
    jar.store(login);
    // Swap the nonce remembered for this sign-in; the provider will put the original one in the ID token.
    const flow = app.decodeSecureSession(jar.get('staff_sign_in')!, undefined, 'signInFlow')!;
    (flow as unknown as { set(k: string, v: unknown): void }).set('nonce', 'some-other-nonce');
    jar.set('staff_sign_in', app.encodeSecureSession(flow, 'signInFlow'));
    const callback = await signInFrom(app, jar, login.headers.location!);
    expect(callback.statusCode).toBe(401);
    expect(callback.body).toContain('The sign-in could not be verified.');
    expect(jar.has(SESSION_COOKIE)).toBe(false);
  });

  it('keeps the PKCE verifier in a signed cookie for the callback only, and refuses a code without it', async () => {
    const login = await app.inject('/api/auth/login');
    const verifier = login.cookies.find((cookie) => cookie.name === 'staff_sign_in_verifier');
    expect(verifier).toMatchObject({ path: '/api/auth', httpOnly: true, sameSite: 'Lax' });
    const authorize = new URL(login.headers.location!);
    expect(authorize.searchParams.get('code_challenge_method')).toBe('S256');
    // Signed: the cookie is the verifier and a signature of it, and the challenge is the verifier's hash.
    const unsigned = app.unsignCookie(verifier!.value);
    expect(unsigned.valid).toBe(true);
    expect(createHash('sha256').update(unsigned.value!).digest('base64url')).toBe(
      authorize.searchParams.get('code_challenge'),
    );

    for (const replace of [undefined, 'a'.repeat(43), app.signCookie('b'.repeat(43))]) {
      const jar = new CookieJar();
      const started = await app.inject('/api/auth/login');
      jar.store(started);
      if (replace === undefined) jar.delete('staff_sign_in_verifier');
      else jar.set('staff_sign_in_verifier', replace);
      const callback = await signInFrom(app, jar, started.headers.location!);
      expect(callback.statusCode, String(replace)).toBe(401);
      expect(jar.has(SESSION_COOKIE)).toBe(false);
    }
  });

  it('refuses a callback that names another issuer (RFC 9207), or none', async () => {
    for (const iss of ['https://evil.example', null]) {
      const jar = new CookieJar();
      const login = await app.inject('/api/auth/login');
      jar.store(login);
      const callback = await signInFrom(app, jar, login.headers.location!, (url) => {
        expect(url.searchParams.get('iss')).toBe(embeddedProviderSettings(app.config).issuer);
        if (iss) url.searchParams.set('iss', iss);
        else url.searchParams.delete('iss');
      });
      expect(callback.statusCode, String(iss)).toBe(401);
      expect(jar.has(SESSION_COOKIE)).toBe(false);
    }
  });

  it('clears the session and answers invalid_grant when the provider refuses the refresh', async () => {
    const { jar } = await signIn(app);
    editSession(app, jar, { expiresAt: Date.now(), refreshToken: 'revoked-or-made-up' });
    const response = await mySession(app, jar);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ code: 'invalid_grant' });
    expect(jar.has(SESSION_COOKIE)).toBe(false);
    expect((await mySession(app, jar)).statusCode).toBe(401);
  });
});

/**
 * Continues a sign-in from the provider's authorize URL with the admin's password; returns the callback response.
 * `tamper` plays an attacker between the provider's answer and the callback.
 */
async function signInFrom(
  app: FastifyInstance,
  jar: CookieJar,
  authorizeUrl: string,
  tamper: (callback: URL) => void = () => {},
) {
  const get = async (url: string) => {
    const response = await app.inject({ url, headers: { cookie: jar.header() } });
    jar.store(response);
    return response;
  };
  const authorize = await get(locationPath(authorizeUrl));
  const interaction = locationPath(authorize.headers.location);
  await get(interaction);
  const submitted = await app.inject({
    method: 'POST',
    url: `${interaction}/login`,
    headers: { cookie: jar.header(), 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(ADMIN).toString(),
  });
  jar.store(submitted);
  const resumed = await get(locationPath(submitted.headers.location));
  const callback = new URL(resumed.headers.location!);
  tamper(callback);
  return get(locationPath(callback.href));
}

describe('API authentication and authorization', () => {
  let app: FastifyInstance;
  let adminToken: string;
  /** An update of a country's contact strip (its row id is the country id in the seed). */
  const contactStrip = (countryId: number) => ({
    id: countryId,
    email: `changed-${countryId}@example.com`,
    phone_number: '+1 555 0100',
    address: 'Changed address',
  });
  const storedEmail = async (countryId: number) =>
    (
      await app.db
        .selectFrom('header_contact_infos')
        .select('email')
        .where('country_id', '=', countryId)
        .executeTakeFirst()
    )?.email;

  beforeAll(async () => {
    app = await buildTestApp();
    adminToken = await sessionToken(app, (await signIn(app)).jar);
    await createStaff(app.db, {
      email: 'editor@example.com',
      name: 'Nepal Editor',
      role: 'EDITOR',
      passwordHash: await hashPassword('editor password 123'),
      countryIds: [2],
    });
  });
  afterAll(() => app.close());

  it('lets anyone call public procedures', async () => {
    expect((await trpc(app, 'site.layout?input=%7B%7D', undefined)).statusCode).toBe(200);
  });

  const refusedTokens: [string, () => Promise<string | undefined>][] = [
    ['no token', () => Promise.resolve(undefined)],
    ['a malformed token', () => Promise.resolve('not-a-jwt')],
    ['a token signed by another key', () => craftAccessToken(app, { sub: '1' }, { signWith: 'stranger' })],
    [
      'an unsigned token (alg: none)',
      () => {
        const { issuer, audience } = embeddedProviderSettings(app.config);
        const now = Math.floor(Date.now() / 1000);
        return Promise.resolve(unsignedToken({ iss: issuer, aud: audience, sub: '1', iat: now, exp: now + 600 }));
      },
    ],
    ['a token for another audience', () => craftAccessToken(app, { sub: '1', aud: 'https://other.example/api' })],
    ['a token from another issuer', () => craftAccessToken(app, { sub: '1', iss: 'https://other.example' })],
    ['an expired token', () => craftAccessToken(app, { sub: '1', iat: 1_700_000_000, exp: 1_700_000_600 })],
  ];

  it.each(refusedTokens)('answers UNAUTHORIZED to %s and writes nothing', async (_label, makeToken) => {
    const before = await storedEmail(1);
    const response = await trpc(app, 'headerContactInfo.update', await makeToken(), contactStrip(1));
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ error: { data: { code: 'UNAUTHORIZED' } } });
    expect(await storedEmail(1)).toBe(before);
  });

  it('accepts a genuine token (the control for the cases above)', async () => {
    const response = await trpc(
      app,
      'headerContactInfo.update',
      await craftAccessToken(app, { sub: '1' }),
      contactStrip(1),
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(await storedEmail(1)).toBe('changed-1@example.com');
  });

  it('answers FORBIDDEN to a valid token of someone who is not staff', async () => {
    const response = await trpc(app, 'me.get', await craftAccessToken(app, { sub: 'someone-else' }));
    expect(response.statusCode).toBe(403);
  });

  it('answers FORBIDDEN once a staff member is deactivated, even with a token issued before', async () => {
    const staff = await createStaff(app.db, {
      email: 'leaver@example.com',
      name: 'Leaver',
      role: 'ADMIN',
      passwordHash: await hashPassword('leaver password 123'),
    });
    const token = await sessionToken(
      app,
      (await signIn(app, { email: 'leaver@example.com', password: 'leaver password 123' })).jar,
    );
    expect((await trpc(app, 'me.get', token)).statusCode).toBe(200);
    await updateStaff(app.db, staff.id, { isActive: false });
    expect((await trpc(app, 'me.get', token)).statusCode).toBe(403);
  });

  describe('an EDITOR', () => {
    let editorToken: string;
    beforeAll(async () => {
      const { jar } = await signIn(app, { email: 'editor@example.com', password: 'editor password 123' });
      editorToken = await sessionToken(app, jar);
    });

    it('changes content of their own country', async () => {
      const response = await trpc(app, 'headerContactInfo.update', editorToken, contactStrip(2));
      expect(response.statusCode, response.body).toBe(200);
      expect(await storedEmail(2)).toBe('changed-2@example.com');
    });

    it('is FORBIDDEN to change another country, and nothing is written', async () => {
      const before = await storedEmail(3);
      const response = await trpc(app, 'headerContactInfo.update', editorToken, contactStrip(3));
      expect(response.statusCode).toBe(403);
      expect(await storedEmail(3)).toBe(before);
    });

    it('is FORBIDDEN to manage staff', async () => {
      expect((await trpc(app, 'staff.list', editorToken)).statusCode).toBe(403);
      expect((await trpc(app, 'staff.list', adminToken)).statusCode).toBe(200);
    });
  });

  it('matches staff by the provider subject recorded at sign-in', async () => {
    expect((await findStaffByEmail(app.db, 'editor@example.com'))?.oidc_subject).toMatch(/^\d+$/);
  });
});

describe('the provider across a restart', () => {
  it('keeps sessions and tokens valid (a session from before still refreshes after)', async () => {
    const database: Database = await createTestDatabase();
    const keepOpen = { ...database, close: () => Promise.resolve() };
    const first = await buildTestApp({ database: keepOpen });
    const { jar } = await signIn(first);
    const tokenBefore = await sessionToken(first, jar);
    await first.close();

    const second = await buildTestApp({ database });
    try {
      // The access token from before is still accepted (same signing key) …
      expect((await trpc(second, 'me.get', tokenBefore)).statusCode).toBe(200);
      // … and the session refreshes against the provider's stored grant.
      editSession(second, jar, { expiresAt: Date.now() });
      const tokenAfter = await sessionToken(second, jar);
      expect(tokenAfter).not.toBe(tokenBefore);
      expect((await trpc(second, 'me.get', tokenAfter)).statusCode).toBe(200);
    } finally {
      await second.close();
    }
  });
});
