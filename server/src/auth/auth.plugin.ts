import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.js';
import { embeddedProviderSettings, mountEmbeddedProvider } from '../identity-provider/identity-provider.js';
import { authRoutes } from './auth.routes.js';
import { InProcessAgent, inProcessFetch } from './in-process.js';
import { RelyingParty } from './relying-party.js';
import { registerSessions, signInCookieOptions } from './session.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The product's OpenID Connect client: verifies access tokens for the API. */
    relyingParty: RelyingParty;
  }
}

/**
 * Staff sign-in: sessions, the embedded provider when no external one is configured, and the relying party,
 * which is the same code for both.
 */
export async function registerAuth(app: FastifyInstance, config: Config): Promise<void> {
  await registerSessions(app, config);

  const common = {
    redirectUri: `${config.publicUrl}/api/auth/callback`,
    postLogoutRedirectUri: `${config.publicUrl}/`,
    cookie: signInCookieOptions(config),
  };
  let rp: RelyingParty;
  if (config.identity.kind === 'embedded') {
    await mountEmbeddedProvider(app, config);
    const agent = new InProcessAgent(app, new URL(config.publicUrl).origin);
    rp = new RelyingParty({
      ...embeddedProviderSettings(config),
      ...common,
      scope: 'openid email profile offline_access',
      fetch: inProcessFetch(agent),
      agent,
    });
  } else {
    const { issuer, clientId, clientSecret, audience, scope } = config.identity;
    rp = new RelyingParty({
      issuer,
      clientId,
      clientSecret,
      audience,
      scope,
      ...common,
      fetch: (url, init) => fetch(url, init),
    });
  }
  app.decorate('relyingParty', rp);
  await authRoutes(app, { rp, config });
}
