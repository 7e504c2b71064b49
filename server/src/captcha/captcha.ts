import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { createChallenge, extractParams } from 'altcha-lib/v1';
import { z } from 'zod';
import {
  CAPTCHA_CHALLENGE_PATH,
  type AltchaChallenge,
  type AltchaSolution,
  type CaptchaConfig,
} from '../../../shared/captcha.js';
import { deriveKey } from '../auth/secrets.js';
import { ALTCHA_MAX_NUMBER, type Config } from '../config.js';
import { memoryUsedSolutionStore, type UsedSolutionStore } from './used-solutions.js';

/** Checks that a public form was sent by a person. */
export interface CaptchaVerifier {
  /**
   * True when `token` (the form's `reCaptcha_token`) is a valid solution not used by another submission: one
   * already accepted for the same `submissionId` is accepted again (the same form resent). Never throws: fails
   * closed.
   */
  verify(token: string, ip: string | null, submissionId?: string | null): Promise<boolean>;
}

export interface Captcha extends CaptchaVerifier {
  /** What the client needs to render the widget. */
  readonly config: CaptchaConfig;
  /** A fresh signed challenge (ALTCHA only). */
  readonly challenge?: () => Promise<AltchaChallenge>;
}

/** Something to report provider failures to (a Fastify logger fits). */
interface WarnLog {
  warn(obj: object, msg: string): void;
}

export type CaptchaOptions =
  | {
      kind: 'altcha';
      /** Signs challenges; derive it from SESSION_SECRET so every instance agrees (see `captchaFromConfig`). */
      hmacKey: string;
      /** The proof of work: the solver tries up to this many hashes (half on average). */
      maxNumber?: number;
      expiresInSeconds?: number;
      store?: UsedSolutionStore;
    }
  | {
      kind: 'recaptcha';
      siteKey: string;
      secret: string;
      fetch?: typeof fetch;
      timeoutMs?: number;
      log?: WarnLog;
    };

/** Long enough to fill in the enquiry form after the widget solved its challenge. */
export const ALTCHA_EXPIRES_IN_SECONDS = 20 * 60;
export const RECAPTCHA_VERIFY_URL = 'https://www.google.com/recaptcha/api/siteverify';

export function createCaptcha(options: CaptchaOptions): Captcha {
  const captcha = options.kind === 'altcha' ? altchaCaptcha(options) : recaptchaCaptcha(options);
  return { ...captcha, verify: oneCheckPerSubmission((...args) => captcha.verify(...args)) };
}

/**
 * Copies of one submission arriving together (a client retrying while the first is in flight) share one
 * verification, so the single-use check cannot refuse the copies of the submission it accepted.
 */
function oneCheckPerSubmission(verify: CaptchaVerifier['verify']): CaptchaVerifier['verify'] {
  const running = new Map<string, Promise<boolean>>();
  return (token, ip, submissionId = null) => {
    if (!submissionId) return verify(token, ip, null);
    const key = `${submissionId} ${token}`;
    let check = running.get(key);
    if (!check) {
      check = verify(token, ip, submissionId).finally(() => running.delete(key));
      running.set(key, check);
    }
    return check;
  };
}

/**
 * The captcha the configuration asks for: ALTCHA keyed from SESSION_SECRET (its used solutions in `store`, shared
 * by instances through Redis), or Google reCAPTCHA (which rejects reused tokens itself).
 */
export function captchaFromConfig(
  config: Pick<Config, 'captcha' | 'sessionSecret'>,
  log?: WarnLog,
  store?: UsedSolutionStore,
): Captcha {
  if (config.captcha.kind === 'recaptcha') {
    return createCaptcha({
      kind: 'recaptcha',
      siteKey: config.captcha.siteKey,
      secret: config.captcha.secretKey,
      log,
    });
  }
  return createCaptcha({
    kind: 'altcha',
    hmacKey: deriveKey(config.sessionSecret, 'altcha-hmac').toString('hex'),
    maxNumber: config.captcha.maxNumber,
    ...(store ? { store } : {}),
  });
}

const hex64 = z.string().regex(/^[0-9a-f]{64}$/);
const altchaSolution = z.object({
  algorithm: z.literal('SHA-256'),
  challenge: hex64,
  number: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER),
  salt: z.string().min(1).max(500),
  signature: hex64,
});

/**
 * What altcha-lib's `verifySolution` checks (SHA-256 of salt and number is the challenge, and the challenge carries
 * our HMAC), with node:crypto at once instead of WebCrypto's promises and key import: it runs for every form sent.
 */
function solvesSignedChallenge(solution: AltchaSolution, hmacKey: string): boolean {
  const challenge = createHash('sha256').update(`${solution.salt}${solution.number}`).digest();
  const signature = createHmac('sha256', hmacKey).update(solution.challenge).digest();
  return (
    timingSafeEqual(challenge, Buffer.from(solution.challenge, 'hex')) &&
    timingSafeEqual(signature, Buffer.from(solution.signature, 'hex'))
  );
}

function parseAltchaToken(token: string): AltchaSolution | undefined {
  if (token.length > 2000) return undefined;
  try {
    const parsed = altchaSolution.safeParse(JSON.parse(Buffer.from(token, 'base64').toString('utf8')));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

function altchaCaptcha(options: Extract<CaptchaOptions, { kind: 'altcha' }>): Captcha {
  const maxNumber = options.maxNumber ?? ALTCHA_MAX_NUMBER;
  const expiresInSeconds = options.expiresInSeconds ?? ALTCHA_EXPIRES_IN_SECONDS;
  const store = options.store ?? memoryUsedSolutionStore();
  return {
    config: { kind: 'altcha', challengeUrl: CAPTCHA_CHALLENGE_PATH },
    async challenge() {
      const challenge = await createChallenge({
        algorithm: 'SHA-256',
        hmacKey: options.hmacKey,
        maxNumber,
        expires: new Date(Date.now() + expiresInSeconds * 1000),
      });
      return { ...challenge, algorithm: 'SHA-256', maxnumber: maxNumber };
    },
    async verify(token, _ip, submissionId = null) {
      const solution = parseAltchaToken(token);
      if (!solution) return false;
      // Every challenge this server issues expires; one without an expiry was not made here.
      const expires = Number(extractParams(solution).expires);
      if (!Number.isSafeInteger(expires)) return false;
      if (expires * 1000 < Date.now() || !solvesSignedChallenge(solution, options.hmacKey)) return false;
      // The signature identifies the challenge: a second solution of the same challenge is a replay.
      return store.claim(solution.signature, expires * 1000, submissionId);
    },
  };
}

function recaptchaCaptcha(options: Extract<CaptchaOptions, { kind: 'recaptcha' }>): Captcha {
  const fetchImpl = options.fetch ?? fetch;
  const timeoutMs = options.timeoutMs ?? 5000;
  return {
    config: { kind: 'recaptcha', siteKey: options.siteKey },
    async verify(token, ip) {
      if (!token || token.length > 4000) return false;
      const body = new URLSearchParams({ secret: options.secret, response: token });
      if (ip) body.set('remoteip', ip);
      try {
        const response = await fetchImpl(RECAPTCHA_VERIFY_URL, {
          method: 'POST',
          body,
          signal: AbortSignal.timeout(timeoutMs),
        });
        if (!response.ok) {
          options.log?.warn({ status: response.status }, 'reCAPTCHA verification answered with an error');
          return false;
        }
        const result = (await response.json()) as { success?: unknown };
        // Google rejects reused tokens itself (`timeout-or-duplicate`).
        return result.success === true;
      } catch (error) {
        // Google unreachable or a malformed answer: refuse rather than let unverified forms through.
        options.log?.warn({ err: error }, 'reCAPTCHA verification failed');
        return false;
      }
    },
  };
}
