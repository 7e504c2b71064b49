import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { deriveKey } from '../auth/secrets.js';
import { rateLimitClient, type RateDecision } from '../rate-limit/rate-limiter.js';
import { INTERACTION_PATH } from './provider.js';

/*
 * Limits on the sign-in form (decision 063), after OWASP's "device cookies": wrong passwords are counted, never
 * successes, so an office of staff behind one address signs in as often as it likes. A browser that signed in to an
 * account before carries a device cookie for it, and its failures are counted for that cookie alone: a stranger
 * guessing an account's password cannot lock its owner out of the browsers they use. Any other browser is limited by
 * the account's failures and by its address's, so guessing costs an attacker ten tries per account and per address
 * each window; a success forgets the account's failures.
 */

/** The browser's proof it signed in to an account before: `<account>.<nonce>.<mac>`. */
const DEVICE_COOKIE = 'sign_in_device';
const DEVICE_COOKIE_DAYS = 365;

function mac(secret: Buffer, value: string): string {
  return createHmac('sha256', secret).update(value).digest('base64url');
}

/** Whose failures an attempt counts against: a known device, or an account and an address. */
export type SignInCounts = { device: string } | { account: string; address: string };

export function signInLimits(sessionSecret: string) {
  const key = deriveKey(sessionSecret, 'sign-in-device-cookie');

  /** The device cookie's id when it is valid and was given for `account`. */
  function knownDevice(request: FastifyRequest, account: string): string | undefined {
    const cookie = request.cookies[DEVICE_COOKIE];
    const [encoded, nonce, given] = cookie?.split('.') ?? [];
    if (!encoded || !nonce || !given) return undefined;
    const expected = Buffer.from(mac(key, `${encoded}.${nonce}`));
    const valid = expected.length === Buffer.from(given).length && timingSafeEqual(expected, Buffer.from(given));
    const owner = valid ? Buffer.from(encoded, 'base64url').toString('utf8') : undefined;
    return owner === account ? nonce : undefined;
  }

  return {
    /** What an attempt to sign in to `account` (its e-mail, lower case) from this request counts against. */
    countsOf(request: FastifyRequest, account: string): SignInCounts {
      const device = knownDevice(request, account);
      return device ? { device } : { account, address: rateLimitClient(request.ip) };
    },

    /** Whether one more attempt is allowed: the most restrictive of the counts it is under. */
    async mayTry(request: FastifyRequest, counts: SignInCounts): Promise<RateDecision> {
      const limiter = request.server.rateLimiter;
      if ('device' in counts) return limiter.mayTry('signIn', `device:${counts.device}`);
      const decisions = await Promise.all([
        limiter.mayTry('signIn', `account:${counts.account}`),
        limiter.mayTry('signIn', `address:${counts.address}`),
      ]);
      return decisions.find((decision) => !decision.allowed) ?? decisions[0];
    },

    async failed(request: FastifyRequest, counts: SignInCounts): Promise<void> {
      const limiter = request.server.rateLimiter;
      if ('device' in counts) return limiter.failed('signIn', `device:${counts.device}`);
      await limiter.failed('signIn', `account:${counts.account}`);
      await limiter.failed('signIn', `address:${counts.address}`);
    },

    /** After a success: the account's failures are forgotten, and the browser is known for it from now on. */
    async succeeded(request: FastifyRequest, reply: FastifyReply, account: string, counts: SignInCounts) {
      const limiter = request.server.rateLimiter;
      await limiter.forget('signIn', 'device' in counts ? `device:${counts.device}` : `account:${account}`);
      if ('device' in counts) return;
      const encoded = Buffer.from(account).toString('base64url');
      const nonce = randomBytes(16).toString('base64url');
      reply.setCookie(DEVICE_COOKIE, `${encoded}.${nonce}.${mac(key, `${encoded}.${nonce}`)}`, {
        path: INTERACTION_PATH,
        httpOnly: true,
        sameSite: 'lax',
        secure: request.protocol === 'https',
        maxAge: DEVICE_COOKIE_DAYS * 24 * 60 * 60,
      });
    },
  };
}
