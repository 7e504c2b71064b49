import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../test/app.js';
import { ADMIN, locationPath } from '../../test/auth.js';
import { CookieJar } from '../../test/cookie-jar.js';
import { DEFAULT_RATE_LIMITS } from '../config.js';
import { hashPassword } from '../staff/password.js';
import { createStaff } from '../staff/staff.repository.js';

const LIMIT = DEFAULT_RATE_LIMITS.signIn.max;

/** Decision 063: failures counted per account and per address, never successes; known browsers are not held back. */
describe('the sign-in form', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp();
  });
  afterAll(() => app?.close());

  /** Posts the sign-in form once, from `remoteAddress`, in the browser `jar`, through a fresh interaction. */
  async function attempt(
    credentials: { email: string; password: string },
    remoteAddress: string,
    jar = new CookieJar(),
  ) {
    const get = async (url: string) => {
      const response = await app.inject({ url, remoteAddress, headers: { cookie: jar.header() } });
      jar.store(response);
      return response;
    };
    const login = await get('/api/auth/login');
    const authorize = await get(locationPath(login.headers.location));
    const interaction = locationPath(authorize.headers.location);
    const submitted = await app.inject({
      method: 'POST',
      url: `${interaction}/login`,
      remoteAddress,
      headers: { cookie: jar.header(), 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams(credentials).toString(),
    });
    jar.store(submitted);
    return submitted;
  }
  const wrong = (email = ADMIN.email) => ({ email, password: 'a wrong guess' });

  it('counts successes never: an office behind one address signs in again and again', async () => {
    for (let i = 0; i <= LIMIT + 2; i++) expect((await attempt(ADMIN, '192.0.2.10')).statusCode).toBe(303);
  });

  it("holds back new browsers after an account's failures from anywhere, but not a browser that signed in before", async () => {
    const known = new CookieJar();
    expect((await attempt(ADMIN, '192.0.2.20', known)).statusCode).toBe(303);
    // A stranger guesses from addresses of their own, one guess each.
    for (let i = 0; i < LIMIT; i++) expect((await attempt(wrong(), `198.51.100.${i + 1}`)).statusCode).toBe(401);
    const refused = await attempt(ADMIN, '203.0.113.9');
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.headers['content-type']).toMatch(/^text\/html/);
    expect(refused.body).toContain('Too many sign-in attempts. Try again in 15 minutes.');
    expect(refused.body).toContain('A browser that signed in to this account before can still sign in.');
    // Refused before the password is checked: even the right one waits, on a new browser.
    expect((await attempt(ADMIN, '203.0.113.10')).statusCode).toBe(429);
    // The admin's own browser is not: its failures are its own.
    expect((await attempt(ADMIN, '192.0.2.20', known)).statusCode).toBe(303);
  });

  /** A staff member who signs in with a password, not held back by earlier tests. */
  async function newStaff(name: string) {
    const credentials = { email: `${name}@example.com`, password: `${name} password 1` };
    const passwordHash = await hashPassword(credentials.password);
    await createStaff(app.db, { email: credentials.email, name, role: 'EDITOR', passwordHash });
    return credentials;
  }

  it("holds back new browsers after an address's failures on any accounts, but not a browser that signed in before", async () => {
    const editor = await newStaff('address-editor');
    const known = new CookieJar();
    expect((await attempt(editor, '192.0.2.30', known)).statusCode).toBe(303);
    for (let i = 0; i < LIMIT; i++) {
      expect((await attempt(wrong(`nobody-${i}@example.com`), '198.51.100.200')).statusCode).toBe(401);
    }
    expect((await attempt(wrong('someone-else@example.com'), '198.51.100.200')).statusCode).toBe(429);
    expect((await attempt(editor, '198.51.100.200')).statusCode).toBe(429);
    // Behind the same address, the editor's own browser is not held back.
    expect((await attempt(editor, '198.51.100.200', known)).statusCode).toBe(303);
  });

  it("forgets an account's failures after a success", async () => {
    const editor = await newStaff('reset-editor');
    // One short of the account's limit, then a success: the count starts again.
    for (let i = 0; i < LIMIT - 1; i++) {
      expect((await attempt(wrong(editor.email), `198.51.100.${50 + i}`)).statusCode).toBe(401);
    }
    expect((await attempt(editor, '192.0.2.40')).statusCode).toBe(303);
    for (let i = 0; i < LIMIT - 1; i++) {
      expect((await attempt(wrong(editor.email), `198.51.100.${80 + i}`)).statusCode).toBe(401);
    }
    // 18 failures in the window, but never ten since a success.
    expect((await attempt(editor, '192.0.2.41')).statusCode).toBe(303);
    // Ten without one, and the limit holds.
    for (let i = 0; i < LIMIT; i++) await attempt(wrong(editor.email), `198.51.100.${110 + i}`);
    expect((await attempt(editor, '192.0.2.42')).statusCode).toBe(429);
  });
});
