import type { JWK } from 'jose';
import type { Kysely } from 'kysely';
import Provider, { errors, type Configuration, type KoaContextWithOIDC } from 'oidc-provider';
import type { DB } from '../db/schema.js';
import { scriptNonce } from '../http/security-headers.js';
import { findStaffById } from '../staff/staff.repository.js';
import { kyselyAdapter } from './adapter.js';
import { messagePage, page } from './pages.js';

export interface EmbeddedProviderOptions {
  db: Kysely<DB>;
  /** `<PUBLIC_URL>/oidc` */
  issuer: string;
  publicUrl: string;
  client: { id: string; secret: string; redirectUri: string };
  /** `aud` of access tokens for the product's API. */
  audience: string;
  signingKeys: JWK[];
  cookieKeys: string[];
}

/** Where the provider sends the browser to sign in (served by interaction.routes.ts). */
export const INTERACTION_PATH = '/auth/interaction';

export const TTL = {
  accessToken: 15 * 60,
  refreshToken: 14 * 24 * 3600,
  session: 14 * 24 * 3600,
} as const;

/**
 * The product's own OpenID Connect provider, used when no external one is configured. Staff rows are its
 * accounts; one confidential client (this product) with authorization code + PKCE, refresh tokens, JWT access tokens
 * for the API audience and RP-initiated logout.
 */
export function createEmbeddedProvider(options: EmbeddedProviderOptions): Provider {
  const { db, audience } = options;

  const configuration: Configuration = {
    adapter: kyselyAdapter(db),
    clients: [
      {
        client_id: options.client.id,
        client_secret: options.client.secret,
        client_name: 'Staff area',
        redirect_uris: [options.client.redirectUri],
        post_logout_redirect_uris: [`${options.publicUrl}/`],
        grant_types: ['authorization_code', 'refresh_token'],
        response_types: ['code'],
        // The client reads the code from the redirect's query: a form_post or fragment response is refused.
        response_modes: ['query'],
        token_endpoint_auth_method: 'client_secret_basic',
      },
    ],
    jwks: { keys: options.signingKeys },
    cookies: { keys: options.cookieKeys },
    // Only what the product uses (RFC 9700): the authorization code flow with PKCE; no implicit or hybrid flows,
    // so the discovery document offers no `id_token` response types.
    responseTypes: ['code'],
    // The one client is confidential and sends its secret as HTTP Basic: no other way of authenticating a client
    // (not `none`, a public client's) is offered at the token, revocation or introspection endpoints.
    clientAuthMethods: ['client_secret_basic'],
    pkce: { required: () => true },
    scopes: ['openid', 'email', 'profile', 'offline_access'],
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    // The relying party reads e-mail and name from the ID token (its access tokens are for the API, not userinfo).
    conformIdTokenClaims: false,
    async findAccount(_ctx, sub) {
      const staff = /^\d+$/.test(sub) ? await findStaffById(db, Number(sub)) : undefined;
      if (!staff?.is_active) return undefined;
      return {
        accountId: sub,
        claims: () => ({ sub, email: staff.email, email_verified: true, name: staff.name }),
      };
    },
    features: {
      devInteractions: { enabled: false },
      revocation: { enabled: true },
      resourceIndicators: {
        enabled: true,
        defaultResource: () => audience,
        useGrantedResource: () => true,
        getResourceServerInfo(_ctx, resourceIndicator) {
          if (resourceIndicator !== audience) throw new errors.InvalidTarget();
          return {
            scope: 'api',
            audience,
            accessTokenTTL: TTL.accessToken,
            accessTokenFormat: 'jwt',
            jwt: { sign: { alg: 'RS256' } },
          };
        },
      },
      rpInitiatedLogout: {
        enabled: true,
        // Signing out is what the user just asked for on our site: confirm automatically (button as a fallback).
        // The script carries this response's nonce, the only inline script the Content-Security-Policy lets run.
        logoutSource(ctx, form) {
          ctx.body = page(
            'Signing out',
            `<h1>Signing out…</h1>${form}<button type="submit" form="op.logoutForm" name="logout" value="yes">Sign out</button>
<script nonce="${scriptNonce(ctx.res)}">document.forms['op.logoutForm'].requestSubmit(document.querySelector('button[name=logout]'))</script>`,
          );
        },
        postLogoutSuccessSource(ctx) {
          ctx.body = messagePage('Signed out', 'You have been signed out.');
        },
      },
    },
    interactions: { url: (_ctx, interaction) => `${INTERACTION_PATH}/${interaction.uid}` },
    // The product is the provider's only, first-party client: staff are never asked to consent to it.
    async loadExistingGrant(ctx: KoaContextWithOIDC) {
      const client = ctx.oidc.client!;
      const session = ctx.oidc.session!;
      const existing = ctx.oidc.result?.consent?.grantId ?? session.grantIdFor(client.clientId);
      if (existing) {
        const grant = await ctx.oidc.provider.Grant.find(existing);
        if (grant) return grant;
      }
      const grant = new ctx.oidc.provider.Grant({ clientId: client.clientId, accountId: session.accountId! });
      grant.addOIDCScope('openid email profile offline_access');
      grant.addResourceScope(audience, 'api');
      await grant.save();
      return grant;
    },
    issueRefreshToken: (_ctx, client) => client.grantTypeAllowed('refresh_token'),
    ttl: {
      AccessToken: TTL.accessToken,
      AuthorizationCode: 60,
      IdToken: 3600,
      Interaction: 10 * 60,
      RefreshToken: TTL.refreshToken,
      Grant: TTL.refreshToken,
      Session: TTL.session,
    },
    renderError(ctx, out) {
      ctx.type = 'html';
      ctx.body = messagePage(
        'Sign-in problem',
        `The sign-in could not be completed (${String(out.error)}). Please start again from the staff area.`,
      );
    },
  };

  const provider = new Provider(options.issuer, configuration);
  // URLs are built from the public address (the mount sets the forwarded headers from PUBLIC_URL, never the client).
  provider.proxy = true;
  // Discovery lists every response mode the library has; the one client takes only `query` (above), so say that.
  provider.use(async (ctx, next) => {
    await next();
    if (ctx.path === '/.well-known/openid-configuration' && ctx.body && typeof ctx.body === 'object') {
      (ctx.body as { response_modes_supported?: string[] }).response_modes_supported = ['query'];
    }
  });
  return provider;
}
