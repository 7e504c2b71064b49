import { randomInt } from 'node:crypto';
import { solveChallenge } from 'altcha-lib/v1';
import { altchaToken, CAPTCHA_CHALLENGE_PATH, type AltchaChallenge } from '../../../shared/captcha.js';
import { ADMIN } from './server.js';

/** A visitor's address as the trusted proxy (the test) forwards it; random per run, so runs never share a count. */
export function visitorAddress(): string {
  return `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;
}

/** Just enough of a browser's cookie store for the sign-in flow over fetch. */
export class CookieJar {
  private readonly cookies = new Map<string, string>();

  store(response: Response): void {
    for (const line of response.headers.getSetCookie()) {
      const [pair = '', ...attributes] = line.split(';');
      const separator = pair.indexOf('=');
      const name = pair.slice(0, separator).trim();
      const value = pair.slice(separator + 1).trim();
      const expired = attributes.some((attribute) => /^\s*max-age=0\s*$/i.test(attribute));
      if (expired || value === '') this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  header(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }
}

/** The path and query of a redirect, whichever origin it names (instances share one PUBLIC_URL). */
function pathOf(location: string | null): string {
  if (!location) throw new Error('expected a redirect');
  const url = new URL(location, 'http://localhost');
  return `${url.pathname}${url.search}`;
}

/**
 * Signs the administrator in on `url` exactly as a browser would (product login → embedded provider → sign-in
 * form → callback) and returns the cookies of the session.
 */
export async function signIn(url: string): Promise<CookieJar> {
  const jar = new CookieJar();
  const step = async (path: string, init: RequestInit = {}) => {
    const response = await fetch(`${url}${path}`, {
      ...init,
      redirect: 'manual',
      headers: { ...(init.headers as Record<string, string>), cookie: jar.header() },
    });
    jar.store(response);
    return response;
  };
  const login = await step('/api/auth/login?returnTo=/admin');
  const authorize = await step(pathOf(login.headers.get('location')));
  const interaction = pathOf(authorize.headers.get('location'));
  await step(interaction);
  const submitted = await step(`${interaction}/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(ADMIN).toString(),
  });
  if (submitted.status !== 303) throw new Error(`Sign-in form answered ${submitted.status}: ${await submitted.text()}`);
  const resumed = await step(pathOf(submitted.headers.get('location')));
  const callback = await step(pathOf(resumed.headers.get('location')));
  if (callback.status !== 303) throw new Error(`Sign-in callback answered ${callback.status}`);
  return jar;
}

/** The access token the staff area would get from GET /api/my/session. */
export async function sessionToken(url: string, jar: CookieJar): Promise<string> {
  const response = await fetch(`${url}/api/my/session`, { headers: { cookie: jar.header() } });
  const body = (await response.json()) as { token?: string };
  if (!body.token) throw new Error(`No session on ${url}: ${response.status}`);
  return body.token;
}

/** A solution of a fresh challenge from `url`, as the form's widget would send it, for the visitor `from`. */
export async function captchaToken(url: string, from: string): Promise<string> {
  const response = await fetch(`${url}${CAPTCHA_CHALLENGE_PATH}`, { headers: { 'x-forwarded-for': from } });
  if (!response.ok) throw new Error(`Captcha challenge answered ${response.status}`);
  const challenge = (await response.json()) as AltchaChallenge;
  const solution = await solveChallenge(challenge.challenge, challenge.salt, 'SHA-256', challenge.maxnumber).promise;
  return altchaToken({ ...challenge, number: solution!.number });
}

export const CONTACT_US = `mutation($input: ContactUsFormInput!) {
  addContactUsFormData(input: $input) { success message id }
}`;

/** An enquiry's fields as a visitor types them (the captcha solution is added separately). */
export function enquiry(label: string) {
  return {
    branch_id: 2,
    first_name: `Ånjali ${label}`,
    last_name: 'Gurung-Ó’Brien',
    email_address: `visitor.${label.replace(/[^a-z0-9]+/gi, '-')}@example.com`,
    phone_number: '+977 980 1234567',
    subject: `Study in Australia — ${label}`,
    hear_about_us: 'FRIENDS',
    interested_service: 'EDUCATION',
    message: `Namaste 🙏 ${label}\nI would like to study "nursing" in Sydney & Melbourne <b>2027</b>.\n\t— नमस्ते`,
    has_agreed_to_terms: true,
  };
}

/** POST /api/graphql as a visitor `from` (through the trusted proxy). */
export function graphql(url: string, query: string, variables: object, from: string, token?: string) {
  return fetch(`${url}/api/graphql`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-forwarded-for': from,
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: JSON.stringify({ query, variables }),
  });
}
