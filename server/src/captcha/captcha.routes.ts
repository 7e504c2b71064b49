import type { FastifyInstance } from 'fastify';
import { CAPTCHA_CHALLENGE_PATH, CAPTCHA_CONFIG_PATH } from '../../../shared/captcha.js';
import type { Captcha } from './captcha.js';

/** Challenges are cheap to make but each one is a form submission's ticket: limit them per client. */
export const CHALLENGES_PER_MINUTE = 30;

/**
 * The captcha's HTTP side: which provider the site uses, and (ALTCHA) a fresh signed, expiring challenge.
 * Never cached: every challenge must be new.
 */
export function captchaRoutes(
  app: FastifyInstance,
  { captcha, challengesPerMinute = CHALLENGES_PER_MINUTE }: { captcha: Captcha; challengesPerMinute?: number },
): void {
  const rateLimit = { max: challengesPerMinute, timeWindow: '1 minute' };
  app.get(CAPTCHA_CONFIG_PATH, async (_request, reply) =>
    reply.header('Cache-Control', 'no-store').send(captcha.config),
  );

  app.get(CAPTCHA_CHALLENGE_PATH, { config: { rateLimit } }, async (_request, reply) => {
    reply.header('Cache-Control', 'no-store');
    if (!captcha.challenge) {
      return reply.code(404).send({ error: 'Not Found', message: 'This site does not use ALTCHA challenges' });
    }
    return reply.send(await captcha.challenge());
  });
}
