import type { FastifyInstance } from 'fastify';
import { CAPTCHA_CHALLENGE_PATH, CAPTCHA_CONFIG_PATH } from '../../../shared/captcha.js';
import { rateLimitedRoute } from '../rate-limit/rate-limit.js';
import type { Captcha } from './captcha.js';

/**
 * The captcha's HTTP side: which provider the site uses, and (ALTCHA) a fresh signed, expiring challenge.
 * Never cached: every challenge must be new.
 */
export function captchaRoutes(app: FastifyInstance, { captcha }: { captcha: Captcha }): void {
  app.get(CAPTCHA_CONFIG_PATH, async (_request, reply) =>
    reply.header('Cache-Control', 'no-store').send(captcha.config),
  );

  // Challenges are cheap to make, but each one is a form submission's ticket: limited per client.
  app.get(CAPTCHA_CHALLENGE_PATH, { onRequest: rateLimitedRoute('captchaChallenges') }, async (_request, reply) => {
    reply.header('Cache-Control', 'no-store');
    if (!captcha.challenge) {
      return reply.code(404).send({ error: 'Not Found', message: 'This site does not use ALTCHA challenges' });
    }
    return reply.send(await captcha.challenge());
  });
}
