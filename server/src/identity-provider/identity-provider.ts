import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import { deriveKey } from '../auth/secrets.js';
import type { Config } from '../config.js';
import { deleteExpiredPayloads } from './adapter.js';
import { interactionRoutes } from './interaction.routes.js';
import { createEmbeddedProvider } from './provider.js';
import { loadSigningKeys } from './signing-keys.js';

export const EMBEDDED_CLIENT_ID = 'consultancy-site';

/** The embedded provider's coordinates, as the relying party sees them. */
export function embeddedProviderSettings(config: Config) {
  return {
    issuer: `${config.publicUrl}/oidc`,
    clientId: EMBEDDED_CLIENT_ID,
    // Derived, so every instance sharing SESSION_SECRET agrees without another setting.
    clientSecret: deriveKey(config.sessionSecret, 'oidc-client-secret').toString('base64url'),
    audience: `${config.publicUrl}/api`,
  };
}

/**
 * Starts the embedded OpenID Connect provider under /oidc in this process, with its sign-in page under
 * /auth/interaction. Requires @fastify/middie on the root instance.
 */
export async function mountEmbeddedProvider(app: FastifyInstance, config: Config): Promise<void> {
  const settings = embeddedProviderSettings(config);
  const provider = createEmbeddedProvider({
    db: app.db,
    issuer: settings.issuer,
    publicUrl: config.publicUrl,
    client: {
      id: settings.clientId,
      secret: settings.clientSecret,
      redirectUri: `${config.publicUrl}/api/auth/callback`,
    },
    audience: settings.audience,
    signingKeys: await loadSigningKeys(app.db, deriveKey(config.sessionSecret, 'oidc-signing-key-seal')),
    cookieKeys: [deriveKey(config.sessionSecret, 'oidc-cookies').toString('base64url')],
  });
  provider.on('server_error', (_ctx, error) => app.log.error({ err: error }, 'identity provider error'));

  // The provider builds its URLs from the request; pin them to PUBLIC_URL whatever the client sent.
  const publicUrl = new URL(config.publicUrl);
  const handle = provider.callback();
  app.use('/oidc', (req: IncomingMessage, res: ServerResponse) => {
    req.headers.host = publicUrl.host;
    req.headers['x-forwarded-host'] = publicUrl.host;
    req.headers['x-forwarded-proto'] = publicUrl.protocol.slice(0, -1);
    void handle(req, res);
  });

  await app.register(interactionRoutes, { provider });

  // Expired grants, codes and sessions are never read again; clear them out now and then.
  await deleteExpiredPayloads(app.db);
  const timer = setInterval(() => {
    deleteExpiredPayloads(app.db).catch((error: unknown) => app.log.warn({ err: error }, 'could not purge expired'));
  }, 3600_000);
  timer.unref();
  app.addHook('onClose', () => clearInterval(timer));
}
