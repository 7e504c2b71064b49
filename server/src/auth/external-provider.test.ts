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
  async function callback(jar = new CookieJar(), beforeCallback: (jar: CookieJar) => void = () => {}) {
    const login = await app.inject('/api/auth/login?returnTo=/admin/banner');
    jar.store(login);
    expect(login.statusCode).toBe(302);
    const authorize = new URL(login.headers.location!);
    expect(authorize.origin + authorize.pathname).toBe(`${provider.issuer}/authorize`);
    expect(authorize.searchParams.get('code_challenge_method')).toBe('S256');
    expect(authorize.searchParams.get('audience')).toBe(provider.audience);
    provider.nonce = authorize.searchParams.get('nonce')!;
    provider.codeChallenge = authorize.searchParams.get('code_challenge')!;
    const state = authorize.searchParams.get('state')!;
    beforeCallback(jar);
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

  it('sends the PKCE verifier of this sign-in from its signed cookie, and nothing else', async () => {
    provider.idToken = ({ genuine }) => provider.sign(genuine);
    const cases: [string, (jar: CookieJar) => void][] = [
      ['no verifier cookie', (jar) => jar.delete('staff_sign_in_verifier')],
      ['a verifier cookie written by someone else', (jar) => jar.set('staff_sign_in_verifier', 'x'.repeat(43))],
    ];
    for (const [label, tamper] of cases) {
      const { response, jar } = await callback(new CookieJar(), tamper);
      expect(response.statusCode, label).toBe(401);
      expect(jar.has('staff_session'), label).toBe(false);
    }
  });

  it('refreshes with the refresh token and keeps it when the provider does not rotate it', async () => {
    provider.idToken = ({ genuine }) => provider.sign(genuine);
    const { jar } = await callback();
    const session = () => app.decodeSecureSession(jar.get('staff_session')!, undefined, 'session')!;
    const nearExpiry = session();
    (nearExpiry as unknown as { set(k: string, v: unknown): void }).set('expiresAt', Date.now() + 1_000);
    jar.set('staff_session', app.encodeSecureSession(nearExpiry, 'session'));
    const response = await app.inject({ url: '/api/my/session', headers: { cookie: jar.header() } });
    jar.store(response);
    expect(response.json()).toMatchObject({ code: 'ok' });
    const me = await app.inject({
      url: '/api/trpc/me.get',
      headers: { authorization: `Bearer ${response.json<{ token: string }>().token}` },
    });
    expect(me.statusCode).toBe(200);
    const refreshed = session().data() as { expiresAt: number; refreshToken: string };
    expect(refreshed.expiresAt).toBeGreaterThan(Date.now() + 200_000);
    expect(refreshed.refreshToken).toBe(provider.refreshToken);
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

describe('an external provider that cannot be trusted or reached', () => {
  const external = (issuer: string) => ({
    identity: {
      kind: 'external' as const,
      issuer,
      clientId: 'consultancy-product',
      clientSecret: 'stand-in-client-secret',
      audience: 'https://api.consultancy.example',
      scope: 'openid email',
      rolesClaim: 'roles',
    },
  });

  it('starts without it, answers sign-in with a clear 503, and connects once it is there', async () => {
    const provider = new StandinProvider();
    await provider.start();
    const issuer = provider.issuer;
    await provider.stop();
    const app = await buildTestApp({ config: external(issuer) });
    try {
      expect((await app.inject('/healthz')).statusCode).toBe(200);
      const login = await app.inject('/api/auth/login');
      expect(login.statusCode).toBe(503);
      expect(login.body).toContain('The sign-in service cannot be reached.');
      expect(login.headers['set-cookie']).toBeUndefined();
      // Discovery is tried again on the next sign-in.
      const port = Number(new URL(issuer).port);
      await provider.start(port);
      const retried = await app.inject('/api/auth/login');
      expect(retried.statusCode).toBe(302);
      expect(retried.headers.location).toMatch(new RegExp(`^${issuer}/authorize\\?`));
    } finally {
      await app.close();
      await provider.stop();
    }
  });

  it('refuses a discovery document that names another issuer', async () => {
    const provider = new StandinProvider();
    await provider.start();
    provider.discoveryIssuer = 'https://evil.example';
    const app = await buildTestApp({ config: external(provider.issuer) });
    try {
      const login = await app.inject('/api/auth/login');
      expect(login.statusCode).toBe(503);
    } finally {
      await app.close();
      await provider.stop();
    }
  });
});
