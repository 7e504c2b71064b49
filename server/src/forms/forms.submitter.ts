import type { FastifyBaseLogger } from 'fastify';
import { captchaFor } from '../captcha/captcha.context.js';
import type { CaptchaVerifier } from '../captcha/captcha.js';
import { securityEvent } from '../http/security-events.js';
import type { LeadNotifier } from '../leads/leads.service.js';
import type { Submitter } from './forms.service.js';

/** Who sent a public form, as both APIs build it from their request context. */
export function submitterFor(ctx: {
  ip: string;
  captcha: CaptchaVerifier;
  log: FastifyBaseLogger;
  leadNotifier: LeadNotifier;
}): Submitter {
  return {
    notify: ctx.leadNotifier,
    ip: ctx.ip,
    verifyCaptcha: captchaFor(ctx),
    report: (event, form) => securityEvent(ctx.log, event, { ip: ctx.ip, form }),
  };
}
