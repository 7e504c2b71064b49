import formbody from '@fastify/formbody';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type Provider from 'oidc-provider';
import { z } from 'zod';
import { HttpError } from '../http/errors.js';
import { verifyPassword } from '../staff/password.js';
import { findPasswordHash } from '../staff/staff.repository.js';
import { loginPage, messagePage } from './pages.js';
import { INTERACTION_PATH } from './provider.js';

const loginForm = z.object({
  email: z.string().trim().max(320).default(''),
  password: z.string().max(1024).default(''),
});

/** Sign-in attempts allowed per client IP and window, against password guessing. */
export const LOGIN_RATE_LIMIT = { max: 10, timeWindow: '15 minutes' } as const;

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
      config: {
        rateLimit: {
          ...LOGIN_RATE_LIMIT,
          errorResponseBuilder: (_request, context) =>
            new HttpError(429, `Too many sign-in attempts. Try again in ${Math.ceil(context.ttl / 60_000)} minutes.`),
        },
      },
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
        request.log.info({ email }, 'failed staff sign-in');
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
