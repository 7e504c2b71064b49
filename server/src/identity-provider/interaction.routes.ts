import formbody from '@fastify/formbody';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type Provider from 'oidc-provider';
import { z } from 'zod';
import { securityEvent } from '../http/security-events.js';
import { rateLimitMessage } from '../rate-limit/rate-limit.js';
import { verifyPassword } from '../staff/password.js';
import { findPasswordHash } from '../staff/staff.repository.js';
import { loginPage, messagePage } from './pages.js';
import { INTERACTION_PATH } from './provider.js';
import { signInLimits } from './sign-in-limits.js';

/** Said with a refusal: the limits that refused hold back new browsers, not the ones that signed in before. */
const KNOWN_BROWSERS = 'A browser that signed in to this account before can still sign in.';

const loginForm = z.object({
  email: z.string().trim().max(320).default(''),
  password: z.string().max(1024).default(''),
});

/**
 * The embedded provider's sign-in page. The interaction is bound to the provider's `_interaction` cookie
 * (SameSite=Lax), so another site cannot post this form on someone's behalf.
 */
export async function interactionRoutes(app: FastifyInstance, { provider }: { provider: Provider }): Promise<void> {
  await app.register(formbody, { bodyLimit: 8 * 1024 });

  const expired = (reply: FastifyReply) =>
    reply
      .code(400)
      .type('text/html; charset=utf-8')
      .send(messagePage('Sign-in expired', 'This sign-in page has expired. Open the staff area again to sign in.'));

  app.get<{ Params: { uid: string } }>(`${INTERACTION_PATH}/:uid`, async (request, reply) => {
    reply.header('Cache-Control', 'no-store');
    const details = await provider.interactionDetails(request.raw, reply.raw).catch(() => undefined);
    if (!details || details.uid !== request.params.uid) return expired(reply);
    return reply
      .type('text/html; charset=utf-8')
      .send(loginPage({ action: `${INTERACTION_PATH}/${details.uid}/login` }));
  });

  const limits = signInLimits(app.config.sessionSecret);

  app.post<{ Params: { uid: string } }>(`${INTERACTION_PATH}/:uid/login`, async (request, reply) => {
    reply.header('Cache-Control', 'no-store');
    const details = await provider.interactionDetails(request.raw, reply.raw).catch(() => undefined);
    if (!details || details.uid !== request.params.uid || details.prompt.name !== 'login') return expired(reply);
    const form = loginForm.safeParse(request.body ?? {});
    const { email, password } = form.success ? form.data : { email: '', password: '' };
    // Against password guessing (Config.rateLimits.signIn, decision 063): checked before the password is.
    const counts = limits.countsOf(request, email.toLowerCase());
    const decision = await limits.mayTry(request, counts);
    if (!decision.allowed) {
      securityEvent(request.log, 'rate_limited', { ip: request.ip, bucket: 'signIn', limit: decision.limit });
      const message = `${rateLimitMessage('signIn', decision.retryAfterSeconds)} ${KNOWN_BROWSERS}`;
      return reply
        .code(429)
        .header('Retry-After', String(decision.retryAfterSeconds))
        .type('text/html; charset=utf-8')
        .send(messagePage('Too many sign-in attempts', message));
    }
    const account = email ? await findPasswordHash(app.db, email) : undefined;
    // Always run the hash check, so the response time does not reveal whether the e-mail exists.
    const passwordOk = await verifyPassword(password, account?.password_hash ?? null);
    if (!account || !passwordOk || !account.is_active) {
      await limits.failed(request, counts);
      securityEvent(request.log, 'sign_in_failed', {
        ip: request.ip,
        // The account tried (a staff e-mail): `email` itself would be redacted as personal data.
        account: email,
        reason: !account ? 'unknown account' : !passwordOk ? 'wrong password' : 'account disabled',
      });
      return reply
        .code(401)
        .type('text/html; charset=utf-8')
        .send(
          loginPage({
            action: `${INTERACTION_PATH}/${details.uid}/login`,
            email,
            error: account && passwordOk ? 'This account is disabled.' : 'Wrong e-mail or password.',
          }),
        );
    }
    await limits.succeeded(request, reply, email.toLowerCase(), counts);
    const redirectTo = await provider.interactionResult(
      request.raw,
      reply.raw,
      { login: { accountId: String(account.id) } },
      { mergeWithLastSubmission: false },
    );
    return reply.redirect(redirectTo, 303);
  });
}
