import type { FastifyInstance } from 'fastify';
import { generateKeyPair, type JWTPayload } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../test/app.js';
import { signOut } from '../../test/auth.js';
import { CookieJar } from '../../test/cookie-jar.js';
import { StandinProvider } from '../../test/standin-provider.js';
import { unsignedToken } from '../../test/tokens.js';
import { createStaff } from '../staff/staff.repository.js';

describe('sign-in through an external provider', () => {
  const provider = new StandinProvider();
  let app: FastifyInstance;

  beforeAll(async () => {
    await provider.start();
    app = await buildTestApp({
      config: {
        identity: {
          kind: 'external',
          issuer: provider.issuer,
          clientId: provider.clientId,
          clientSecret: provider.clientSecret,
          audience: provider.audience,
          scope: 'openid email profile offline_access',
          rolesClaim: 'roles',
        },
      },
    });
    await createStaff(app.db, {
      email: 'external.staff@example.com',
      name: 'External',
      role: 'EDITOR',
      passwordHash: null,
    });
  });
  afterAll(async () => {
    await app.close();
    await provider.stop();
  });

  /** Starts a sign-in, lets the provider "authenticate", and returns the callback's response. */
  async function callback(jar = new CookieJar()) {
    const login = await app.inject('/api/auth/login?returnTo=/admin/banner');
    jar.store(login);
    expect(login.statusCode).toBe(302);
    const authorize = new URL(login.headers.location!);
    expect(authorize.origin + authorize.pathname).toBe(`${provider.issuer}/authorize`);
    expect(authorize.searchParams.get('code_challenge_method')).toBe('S256');
    expect(authorize.searchParams.get('audience')).toBe(provider.audience);
    provider.nonce = authorize.searchParams.get('nonce')!;
    const state = authorize.searchParams.get('state')!;
    const response = await app.inject({
      url: `/api/auth/callback?code=code-123&state=${encodeURIComponent(state)}`,
      headers: { cookie: jar.header() },
    });
    jar.store(response);
    return { response, jar };
  }

  it('signs in with a genuine ID token and matches the staff row by verified e-mail', async () => {
    provider.idToken = ({ genuine }) => provider.sign(genuine);
    const { response, jar } = await callback();
    expect(response.statusCode, response.body).toBe(303);
    expect(response.headers.location).toBe('/admin/banner');
    expect(jar.has('staff_session')).toBe(true);
  });

  const forgeries: [string, (genuine: JWTPayload) => Promise<string>][] = [
    ['a forged signature', async (genuine) => provider.sign(genuine, (await generateKeyPair('RS256')).privateKey)],
    ['alg: none', (genuine) => Promise.resolve(unsignedToken(genuine))],
    ['a wrong audience', (genuine) => provider.sign({ ...genuine, aud: 'someone-else' })],
    ['a wrong issuer', (genuine) => provider.sign({ ...genuine, iss: 'https://evil.example' })],
    ['an expired token', (genuine) => provider.sign({ ...genuine, iat: 1_700_000_000, exp: 1_700_000_300 })],
    ['a wrong nonce', (genuine) => provider.sign({ ...genuine, nonce: 'replayed-nonce' })],
  ];

  it.each(forgeries)('refuses an ID token with %s and starts no session', async (_label, forge) => {
    provider.idToken = ({ genuine }) => forge(genuine);
    const { response, jar } = await callback();
    expect(response.statusCode).toBe(401);
    expect(response.body).toContain('could not be verified');
    expect(jar.has('staff_session')).toBe(false);
  });

  it('refuses someone the staff table does not know', async () => {
    provider.idToken = ({ genuine }) => provider.sign({ ...genuine, sub: 'ext|999', email: 'stranger@example.com' });
    const { response, jar } = await callback();
    expect(response.statusCode).toBe(403);
    expect(jar.has('staff_session')).toBe(false);
  });

  it('refuses an unverified e-mail address', async () => {
    provider.idToken = ({ genuine }) =>
      provider.sign({ ...genuine, sub: 'ext|777', email: 'external.staff@example.com', email_verified: false });
    const { response } = await callback();
    expect(response.statusCode).toBe(403);
  });

  it('accepts its access tokens on the API, with the role from the roles claim', async () => {
    provider.idToken = ({ genuine }) => provider.sign(genuine);
    await callback();
    const asEditor = await provider.accessToken({ sub: 'ext|12345' });
    const me = await app.inject({ url: '/api/trpc/me.get', headers: { authorization: `Bearer ${asEditor}` } });
    expect(me.json()).toMatchObject({ result: { data: { role: 'EDITOR' } } });
    const asAdmin = await provider.accessToken({ sub: 'ext|12345', roles: ['ADMIN'] });
    const promoted = await app.inject({ url: '/api/trpc/me.get', headers: { authorization: `Bearer ${asAdmin}` } });
    expect(promoted.json()).toMatchObject({ result: { data: { role: 'ADMIN' } } });
  });

  it('logs out through the provider’s end-session endpoint', async () => {
    provider.idToken = ({ genuine }) => provider.sign(genuine);
    const { jar } = await callback();
    const logout = await signOut(app, jar);
    expect(logout.statusCode).toBe(303);
    expect(logout.headers.location).toMatch(new RegExp(`^${provider.issuer}/logout\\?`));
  });
});
