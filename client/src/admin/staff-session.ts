/** The signed-in staff member, as GET /api/my/session describes them. */
export interface StaffUser {
  name: string;
  email: string;
  picture: string | null;
}

type SessionAnswer = { code: 'ok'; token: string; user: StaffUser } | { code: 'invalid_grant' };

/** Sends the browser to sign in, coming back to `returnTo` (the current page by default). */
export function goToSignIn(returnTo = `${window.location.pathname}${window.location.search}`): void {
  window.location.assign(`/api/auth/login?returnTo=${encodeURIComponent(returnTo)}`);
}

/** Where signing out goes (spec §2, §7). Only a POST from this site signs out; a plain GET asks to confirm. */
export const LOGOUT_PATH = '/api/auth/logout';

/** Signs out: posts an empty form to the logout path, a full navigation through the identity provider. */
export function signOut(): void {
  const form = document.createElement('form');
  form.method = 'post';
  form.action = LOGOUT_PATH;
  form.hidden = true;
  document.body.append(form);
  form.submit();
}

/** The provider refused to refresh the session (spec §6, §8): log out completely. */
export function forceLogout(): void {
  signOut();
}

/** Seconds since the epoch at which a JWT expires (0 when unreadable: treated as expired). */
function expiryOf(token: string): number {
  try {
    const payload = JSON.parse(atob(token.split('.')[1]!.replace(/-/g, '+').replace(/_/g, '/'))) as { exp?: number };
    return payload.exp ?? 0;
  } catch {
    return 0;
  }
}

/**
 * Hands out the bearer token for API calls, asking /api/my/session again shortly before it expires (the server
 * refreshes it). No session sends the browser to sign in; `invalid_grant` logs out.
 */
export class StaffTokens {
  private token: string | undefined;
  private pending: Promise<string> | undefined;
  user: StaffUser | undefined;

  /** Resolves with a token, or never (the page is navigating away to sign in or out). */
  get(): Promise<string> {
    if (this.token && expiryOf(this.token) - Date.now() / 1000 > 30) return Promise.resolve(this.token);
    this.pending ??= this.fetch().finally(() => (this.pending = undefined));
    return this.pending;
  }

  /** Forgets the token, e.g. after the API answered UNAUTHORIZED. */
  invalidate(): void {
    this.token = undefined;
  }

  private async fetch(): Promise<string> {
    const response = await fetch('/api/my/session', { credentials: 'same-origin', cache: 'no-store' });
    if (response.status === 401) return this.leave(goToSignIn);
    if (!response.ok) throw new Error('The session could not be checked. Please try again.');
    const answer = (await response.json()) as SessionAnswer;
    if (answer.code !== 'ok') return this.leave(forceLogout);
    this.token = answer.token;
    this.user = answer.user;
    return answer.token;
  }

  private leave(navigate: () => void): Promise<never> {
    navigate();
    return new Promise<never>(() => {});
  }
}

/** One per browser tab: the bearer token every admin API call (tRPC and uploads) carries (spec §6). */
export const staffTokens = new StaffTokens();
