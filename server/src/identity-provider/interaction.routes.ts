import formbody from '@fastify/formbody';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type Provider from 'oidc-provider';
import { z } from 'zod';
import { securityEvent } from '../http/security-events.js';
import { rateLimitedRoute } from '../rate-limit/rate-limit.js';
import { verifyPassword } from '../staff/password.js';
import { findPasswordHash } from '../staff/staff.repository.js';
import { loginPage, messagePage } from './pages.js';
import { INTERACTION_PATH } from './provider.js';

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

  app.post<{ Params: { uid: string } }>(
    `${INTERACTION_PATH}/:uid/login`,
    {
      // Against password guessing (Config.rateLimits.signIn), answered with the sign-in page and its reason.
      onRequest: rateLimitedRoute('signIn', (reply, message) =>
        reply.type('text/html; charset=utf-8').send(messagePage('Too many sign-in attempts', message)),
      ),
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      const details = await provider.interactionDetails(request.raw, reply.raw).catch(() => undefined);
      if (!details || details.uid !== request.params.uid || details.prompt.name !== 'login') return expired(reply);
      const form = loginForm.safeParse(request.body ?? {});
      const { email, password } = form.success ? form.data : { email: '', password: '' };
      const account = email ? await findPasswordHash(app.db, email) : undefined;
      // Always run the hash check, so the response time does not reveal whether the e-mail exists.
      const passwordOk = await verifyPassword(password, account?.password_hash ?? null);
      if (!account || !passwordOk || !account.is_active) {
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
      const redirectTo = await provider.interactionResult(
        request.raw,
        reply.raw,
        { login: { accountId: String(account.id) } },
        { mergeWithLastSubmission: false },
      );
      return reply.redirect(redirectTo, 303);
    },
  );
}
