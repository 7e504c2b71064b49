import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { decodeJwt } from 'jose';
import type { Config } from '../config.js';
import { securityEvent } from '../http/security-events.js';
import { messagePage, signOutPage } from '../identity-provider/pages.js';
import { InvalidGrantError, TokenRejectedError, type RelyingParty } from './relying-party.js';
import { safeReturnTo } from './return-to.js';
import { revokeAccessToken } from './revoked-tokens.repository.js';
import { endStaffSession, readSignInFlow, readStaffSession, startStaffSession, updateStaffSession } from './session.js';
import { staffForSignIn } from './staff-identity.js';

/** Tokens are accepted this long past their expiry (the verifier's clock tolerance), so revocations outlive that. */
const TOKEN_CLOCK_TOLERANCE_MS = 5_000;

/** Refresh the access token when less than this is left, so a token handed out is good for a while. */
const REFRESH_MARGIN_MS = 60_000;

/** When an access token expires (its `exp`, else what the token response said), in epoch ms. */
function accessTokenExpiry(token: string, fallback: number): number {
  try {
    const { exp } = decodeJwt(token);
    return typeof exp === 'number' ? Math.max(exp * 1000, fallback) : fallback;
  } catch {
    return fallback;
  }
}

function htmlPage(reply: FastifyReply, status: number, title: string, text: string) {
  return reply.code(status).type('text/html; charset=utf-8').send(messagePage(title, text));
}

/**
 * A state-changing POST must come from a page of this site: the browser's own `Sec-Fetch-Site` says so where it is
 * sent (every current browser), otherwise `Origin` must be the site's public origin. Another site's form, image or
 * script cannot forge either header.
 */
export function isFromThisSite(request: FastifyRequest, publicOrigin: string): boolean {
  const site = request.headers['sec-fetch-site'];
  if (typeof site === 'string') return site === 'same-origin';
  return request.headers.origin === publicOrigin;
}

/**
 * The relying party's HTTP side (spec §6, §7): sign-in, callback, the session endpoint the client takes its bearer
 * token from, and logout.
 */
export async function authRoutes(
  app: FastifyInstance,
  { rp, config }: { rp: RelyingParty; config: Config },
): Promise<void> {
  app.addHook('onRequest', async (request, reply) => {
    if (request.url.startsWith('/api/auth/') || request.url.startsWith('/api/my/'))
      reply.header('Cache-Control', 'no-store');
  });

  app.get<{ Querystring: { returnTo?: string } }>('/api/auth/login', async (request, reply) => {
    let url: URL;
    try {
      url = await rp.startSignIn(request, reply, safeReturnTo(request.query.returnTo));
    } catch (error) {
      request.log.error({ err: error }, 'identity provider unreachable');
      return htmlPage(
        reply,
        503,
        'Sign-in unavailable',
        'The sign-in service cannot be reached. Please try again shortly.',
      );
    }
    return reply.redirect(url.href, 302);
  });

  app.get<{ Querystring: Record<string, string | undefined> }>('/api/auth/callback', async (request, reply) => {
    const flow = readSignInFlow(request);
    // One use only, whatever happens next (the cookie is cleared on the way out; this request still reads it).
    request.signInFlow.delete();
    if (!flow) {
      return htmlPage(
        reply,
        400,
        'Sign-in expired',
        'The sign-in took too long or was started in another browser. Please sign in again.',
      );
    }
    const { error, state } = request.query;
    if (error) {
      securityEvent(request.log, 'sign_in_failed', {
        ip: request.ip,
        reason: 'refused by the identity provider',
        error,
        description: request.query.error_description,
      });
      const text =
        error === 'access_denied' ? 'The sign-in was cancelled.' : 'The identity provider could not sign you in.';
      return htmlPage(reply, 401, 'Sign-in not completed', `${text} Please try again.`);
    }
    if (state !== flow.state) {
      securityEvent(request.log, 'sign_in_failed', { ip: request.ip, reason: 'callback with a wrong state' });
      return htmlPage(reply, 400, 'Sign-in failed', 'This sign-in link is not valid. Please sign in again.');
    }

    let signedIn: Awaited<ReturnType<RelyingParty['finishSignIn']>>;
    try {
      signedIn = await rp.finishSignIn(request, reply, flow);
    } catch (failure) {
      if (!(failure instanceof TokenRejectedError)) throw failure;
      securityEvent(request.log, 'sign_in_failed', { ip: request.ip, reason: 'tokens failed verification' });
      request.log.warn({ err: failure }, 'sign-in rejected');
      return htmlPage(reply, 401, 'Sign-in failed', 'The sign-in could not be verified. Please sign in again.');
    }
    const { tokens, claims } = signedIn;
    const match = await staffForSignIn(app.db, claims);
    if ('refused' in match) {
      securityEvent(request.log, 'sign_in_failed', {
        ip: request.ip,
        reason: `not active staff (${match.refused})`,
        sub: claims.sub,
      });
      return htmlPage(
        reply,
        403,
        'No access',
        'Your account does not have access to the staff area. Ask an administrator.',
      );
    }
    startStaffSession(request, {
      sub: claims.sub,
      staffId: match.staff.id,
      email: match.staff.email,
      name: match.staff.name,
      ...(typeof claims.picture === 'string' ? { picture: claims.picture } : {}),
      accessToken: tokens.accessToken,
      ...(tokens.refreshToken ? { refreshToken: tokens.refreshToken } : {}),
      expiresAt: tokens.expiresAt,
    });
    securityEvent(request.log, 'sign_in_succeeded', { ip: request.ip, staffId: match.staff.id });
    // Checked again on the way out: the cookie is ours, but the rule is cheap and the redirect must never leave.
    return reply.redirect(safeReturnTo(flow.returnTo), 303);
  });

  app.get('/api/my/session', async (request, reply) => {
    const session = readStaffSession(request);
    if (!session) return reply.code(401).send({ code: 'unauthenticated' });
    const user = { name: session.name, email: session.email, picture: session.picture ?? null };
    if (session.expiresAt - Date.now() > REFRESH_MARGIN_MS) return { code: 'ok', token: session.accessToken, user };
    try {
      if (!session.refreshToken) throw new InvalidGrantError('no refresh token');
      const tokens = await rp.refresh(session.refreshToken);
      updateStaffSession(request, tokens);
      return { code: 'ok', token: tokens.accessToken, user };
    } catch (error) {
      if (error instanceof InvalidGrantError) {
        request.log.info({ staffId: session.staffId }, 'refresh refused: session ended');
        endStaffSession(request);
        return { code: 'invalid_grant' };
      }
      request.log.error({ err: error }, 'token refresh failed');
      // The provider is down: a token that is still valid is better than none.
      if (session.expiresAt > Date.now()) return { code: 'ok', token: session.accessToken, user };
      return reply.code(503).send({ code: 'unavailable' });
    }
  });

  // Signing out changes state, so it is a POST from a page of this site; a GET (the spec's link opened in a new tab,
  // or another site's <img>) only shows a page asking to confirm, and never signs anyone out.
  app.get('/api/auth/logout', async (_request, reply) =>
    reply.type('text/html; charset=utf-8').send(signOutPage('/api/auth/logout')),
  );

  const publicOrigin = new URL(config.publicUrl).origin;
  // Its own scope: the Logout button posts an empty HTML form, a body type no other route takes.
  // eslint-disable-next-line @typescript-eslint/require-await -- Fastify loads a plugin scope from an async function
  await app.register(async (scope) => {
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 1024 },
      (_request, _body, done) => done(null, {}),
    );
    scope.post('/api/auth/logout', (request, reply) => signOut(request, reply));
  });

  async function signOut(request: FastifyRequest, reply: FastifyReply) {
    if (!isFromThisSite(request, publicOrigin)) {
      securityEvent(request.log, 'forbidden', { ip: request.ip, reason: 'sign-out from another site' });
      return htmlPage(
        reply,
        403,
        'Sign-out refused',
        'This sign-out did not come from the staff area. Use Logout in the staff area to sign out.',
      );
    }
    const session = readStaffSession(request);
    endStaffSession(request);
    if (session) {
      // The access token is a signed JWT the API checks on its own: refuse it from now on, on every instance.
      const expiresAt = accessTokenExpiry(session.accessToken, session.expiresAt) + TOKEN_CLOCK_TOLERANCE_MS;
      if (expiresAt > Date.now()) await revokeAccessToken(app.db, session.accessToken, new Date(expiresAt));
      securityEvent(request.log, 'signed_out', { ip: request.ip, staffId: session.staffId });
    }
    if (session?.refreshToken) {
      await rp
        .revoke(session.refreshToken)
        .catch((error: unknown) => request.log.warn({ err: error }, 'revocation failed'));
    }
    const endSession = await rp.endSessionUrl().catch((error: unknown) => {
      request.log.warn({ err: error }, 'no end-session URL');
      return undefined;
    });
    // 303: the browser follows with a GET, whatever the provider's end-session page is.
    return reply.redirect(endSession?.href ?? '/', 303);
  }
}
