import type { CaptchaVerifier } from './captcha.js';

/** The form services' `verifyCaptcha` for one request (tRPC and GraphQL contexts both carry the verifier). */
export function captchaFor(ctx: {
  captcha: CaptchaVerifier;
  ip?: string | null;
}): (token: string, submissionId?: string | null) => Promise<boolean> {
  return (token, submissionId = null) => ctx.captcha.verify(token, ctx.ip ?? null, submissionId);
}
