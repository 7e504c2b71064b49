import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../test/app.js';
import { ADMIN, sessionToken, signIn, signOut } from '../../test/auth.js';
import { CookieJar } from '../../test/cookie-jar.js';
import { errorCode, gql, trpcCall } from '../../test/graphql.js';

/** Issue 7: a token is refused after its owner signs out, wherever it was copied to. */
describe('signing out', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp();
  });
  afterAll(() => app.close());

  const revocations = () => app.db.selectFrom('revoked_access_tokens').select(['token_sha256', 'expires_at']).execute();

  it('ends the access token on both APIs, even a copy kept from before, and stores only its hash', async () => {
    const { jar } = await signIn(app, ADMIN);
    const token = await sessionToken(app, jar);
    // The session cookie, as someone who copied it would keep it.
    const copiedCookies = jar.header();
    expect((await trpcCall(app, 'me.get', null, { token })).status).toBe(200);
    expect((await gql(app, 'query { getPages { id } }', {}, token)).errors).toEqual([]);

    const logout = await signOut(app, jar);
    expect(logout.statusCode).toBe(303);

    const viaTrpc = await trpcCall(app, 'me.get', null, { token });
    expect(viaTrpc.status).toBe(401);
    expect(viaTrpc.error?.message).toBe('You have signed out. Sign in again.');
    const viaGraphql = await gql(app, 'query { getPages { id } }', {}, token);
    expect(errorCode(viaGraphql)).toBe('UNAUTHENTICATED');

    const stored = await revocations();
    const hash = createHash('sha256').update(token).digest('hex');
    expect(stored.map((row) => row.token_sha256)).toContain(hash);
    expect(JSON.stringify(stored)).not.toContain(token.slice(0, 40));
    // Kept until the token would have expired anyway (a few minutes), not forever.
    const row = stored.find((entry) => entry.token_sha256 === hash)!;
    expect(Date.parse(row.expires_at)).toBeGreaterThan(Date.now());
    expect(Date.parse(row.expires_at)).toBeLessThan(Date.now() + 24 * 3600 * 1000);

    // The copied session cookie hands out the same, now refused, token; its refresh token was revoked too.
    const copied = await app.inject({ url: '/api/my/session', headers: { cookie: copiedCookies } });
    expect(copied.json<{ token?: string }>().token).toBe(token);
    expect((await trpcCall(app, 'me.get', null, { token })).status).toBe(401);
  });

  it('leaves other sessions of the same person working, and a new sign-in gets a working token', async () => {
    const first = await signIn(app, ADMIN);
    const second = await signIn(app, ADMIN, '/admin', new CookieJar());
    const firstToken = await sessionToken(app, first.jar);
    const secondToken = await sessionToken(app, second.jar);
    await signOut(app, first.jar);
    expect((await trpcCall(app, 'me.get', null, { token: firstToken })).status).toBe(401);
    expect((await trpcCall(app, 'me.get', null, { token: secondToken })).status).toBe(200);
    const again = await signIn(app, ADMIN);
    expect((await trpcCall(app, 'me.get', null, { token: await sessionToken(app, again.jar) })).status).toBe(200);
  });

  it('forgets revocations of tokens that have expired', async () => {
    await app.db
      .insertInto('revoked_access_tokens')
      .values({ token_sha256: 'f'.repeat(64), expires_at: new Date(Date.now() - 60_000) })
      .execute();
    const { jar } = await signIn(app, ADMIN);
    await sessionToken(app, jar);
    await signOut(app, jar);
    expect((await revocations()).map((row) => row.token_sha256)).not.toContain('f'.repeat(64));
  });

  describe('only from a page of this site', () => {
    const stillSignedIn = async (jar: CookieJar, token: string) => {
      expect((await trpcCall(app, 'me.get', null, { token })).status).toBe(200);
      const session = await app.inject({ url: '/api/my/session', headers: { cookie: jar.header() } });
      expect(session.statusCode).toBe(200);
    };

    it('answers a GET (a link, an image on another site) with a page asking to confirm, and signs nobody out', async () => {
      const { jar } = await signIn(app, ADMIN);
      const token = await sessionToken(app, jar);
      const page = await app.inject({
        url: '/api/auth/logout',
        headers: { cookie: jar.header(), 'sec-fetch-site': 'cross-site', referer: 'https://evil.example/' },
      });
      expect(page.statusCode).toBe(200);
      expect(page.headers['content-type']).toMatch(/^text\/html/);
      expect(page.body).toContain('<form method="post" action="/api/auth/logout">');
      await stillSignedIn(jar, token);
    });

    it('refuses a POST from anywhere else (403), keeping the session and token', async () => {
      const { jar } = await signIn(app, ADMIN);
      const token = await sessionToken(app, jar);
      const elsewhere: Record<string, Record<string, string>> = {
        'another site by Sec-Fetch-Site': { 'sec-fetch-site': 'cross-site', origin: 'https://evil.example' },
        'a sibling site by Sec-Fetch-Site': { 'sec-fetch-site': 'same-site' },
        'another origin without Sec-Fetch-Site': { origin: 'https://evil.example' },
        'an origin of "null"': { origin: 'null' },
        'no Origin and no Sec-Fetch-Site': {},
      };
      for (const [from, headers] of Object.entries(elsewhere)) {
        const refused = await signOut(app, jar, headers);
        expect(refused.statusCode, from).toBe(403);
        expect(refused.body, from).toContain('Sign-out refused');
        await stillSignedIn(jar, token);
      }
    });

    it('signs out a POST whose Origin is the site (a browser without Sec-Fetch-Site)', async () => {
      const { jar } = await signIn(app, ADMIN);
      const token = await sessionToken(app, jar);
      const done = await signOut(app, jar, { origin: new URL(app.config.publicUrl).origin });
      expect(done.statusCode).toBe(303);
      expect((await trpcCall(app, 'me.get', null, { token })).status).toBe(401);
    });
  });
});
