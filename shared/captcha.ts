/**
 * The captcha of the public forms (spec §2 "Enquiry / contact form", §5 "Captcha token"), as the client sees it.
 * The token always travels in the form's `reCaptcha_token` field, whichever provider is configured.
 */

/** Where the client fetches a fresh ALTCHA challenge. */
export const CAPTCHA_CHALLENGE_PATH = '/api/captcha/challenge';
/** Which provider the server uses, so the client renders the matching widget. */
export const CAPTCHA_CONFIG_PATH = '/api/captcha/config';

export type CaptchaConfig = { kind: 'altcha'; challengeUrl: string } | { kind: 'recaptcha'; siteKey: string };

/** A signed, expiring ALTCHA challenge (the classic SHA-256 protocol that ALTCHA widgets solve). */
export interface AltchaChallenge {
  algorithm: 'SHA-256';
  /** Hex SHA-256 of `salt + number`; the solver searches `number` from 0 to `maxnumber`. */
  challenge: string;
  maxnumber: number;
  /** Carries the expiry (`?expires=<unix seconds>`), so it is covered by the signature. */
  salt: string;
  signature: string;
}

/** What a solved challenge sends back: the challenge plus the number found. */
export interface AltchaSolution {
  algorithm: 'SHA-256';
  challenge: string;
  number: number;
  salt: string;
  signature: string;
}

/** The token to put in `reCaptcha_token`: the solution as base64 JSON, as ALTCHA widgets submit it. */
export function altchaToken(solution: AltchaSolution): string {
  return btoa(JSON.stringify(solution));
}
