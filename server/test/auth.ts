import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { CookieJar } from './cookie-jar.js';

export const ADMIN = { email: 'admin@example.com', password: 'correct horse battery staple' };

/** The path (and query) of a redirect, whatever origin it names. */
export function locationPath(location: string | undefined): string {
  expect(location, 'expected a redirect').toBeDefined();
  const url = new URL(location!, 'http://localhost:3000');
  return `${url.pathname}${url.search}`;
}

/**
 * Signs in through the embedded provider exactly as a browser would: product login → provider → sign-in form →
 * provider → callback. Returns the cookie jar and where the callback sent the browser.
 */
export async function signIn(
  app: FastifyInstance,
  credentials: { email: string; password: string } = ADMIN,
  returnTo = '/admin',
  jar = new CookieJar(),
): Promise<{ jar: CookieJar; landedOn: string }> {
  const get = async (url: string) => {
    const response = await app.inject({ url, headers: { cookie: jar.header() } });
    jar.store(response);
    return response;
  };
  const login = await get(`/api/auth/login?returnTo=${encodeURIComponent(returnTo)}`);
  expect(login.statusCode).toBe(302);
  const authorize = await get(locationPath(login.headers.location));
  expect(authorize.statusCode, authorize.body).toBe(303);
  const interactionPath = locationPath(authorize.headers.location);
  const form = await get(interactionPath);
  expect(form.statusCode).toBe(200);
  expect(form.body).toContain('Staff sign-in');
  const submitted = await app.inject({
    method: 'POST',
    url: `${interactionPath}/login`,
    headers: { cookie: jar.header(), 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(credentials).toString(),
  });
  jar.store(submitted);
  expect(submitted.statusCode, submitted.body).toBe(303);
  const resumed = await get(locationPath(submitted.headers.location));
  expect(resumed.statusCode, resumed.body).toBe(303);
  const callback = await get(locationPath(resumed.headers.location));
  expect(callback.statusCode, callback.body).toBe(303);
  return { jar, landedOn: callback.headers.location! };
}

/** The bearer token the client would get from GET /api/my/session. */
export async function sessionToken(app: FastifyInstance, jar: CookieJar): Promise<string> {
  const response = await app.inject({ url: '/api/my/session', headers: { cookie: jar.header() } });
  jar.store(response);
  expect(response.statusCode).toBe(200);
  const body = response.json<{ code: string; token: string }>();
  expect(body.code).toBe('ok');
  return body.token;
}

/**
 * Signs out as the staff area's Logout does: an empty form POSTed from a page of the site (a browser sends
 * `Sec-Fetch-Site` and `Origin` itself). `headers` replaces those to play another site.
 */
export async function signOut(
  app: FastifyInstance,
  jar: CookieJar,
  headers: Record<string, string> = {
    origin: new URL(app.config.publicUrl).origin,
    'sec-fetch-site': 'same-origin',
  },
) {
  const response = await app.inject({
    method: 'POST',
    url: '/api/auth/logout',
    headers: { cookie: jar.header(), 'content-type': 'application/x-www-form-urlencoded', ...headers },
    payload: '',
  });
  jar.store(response);
  return response;
}
