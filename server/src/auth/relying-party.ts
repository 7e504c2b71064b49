import { randomBytes } from 'node:crypto';
import type { Agent } from 'node:http';
import type { CookieSerializeOptions } from '@fastify/cookie';
import fastifyOauth2, { type OAuth2Namespace, type OAuth2Token, type Token } from '@fastify/oauth2';
import Fastify, { type FastifyReply, type FastifyRequest } from 'fastify';
import { createRemoteJWKSet, customFetch as joseCustomFetch, jwtVerify, type JWTPayload } from 'jose';
import { z } from 'zod';
import type { FetchImplementation } from './in-process.js';
import { readSignInFlow, startSignInFlow, type SignInFlow } from './session.js';

/** The only signature algorithms accepted on any token: asymmetric, so a leaked client secret cannot forge one. */
export const ALLOWED_ALGORITHMS = ['RS256', 'PS256', 'ES256', 'EdDSA'];

export interface RelyingPartyOptions {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** `aud` of the access tokens the API accepts. */
  audience: string;
  redirectUri: string;
  postLogoutRedirectUri: string;
  scope: string;
  /** How discovery and the key set are fetched (the embedded provider is called in-process). */
  fetch: FetchImplementation;
  /** How token, refresh and revocation requests connect; the network's own when absent. */
  agent?: Agent;
  /** The sign-in's PKCE verifier and state cookies (signed, short-lived, only sent to /api/auth). */
  cookie: CookieSerializeOptions;
}

export interface IdentityClaims {
  sub: string;
  email?: string;
  email_verified?: boolean;
  name?: string;
  picture?: string;
  [claim: string]: unknown;
}

export interface TokenSet {
  accessToken: string;
  refreshToken: string | undefined;
  /** Epoch milliseconds. */
  expiresAt: number;
}

/** The provider refused a refresh token (revoked, expired, unknown): the session is over. */
export class InvalidGrantError extends Error {
  override name = 'InvalidGrantError';
}

/** A token or callback failed verification. The message is for logs, never for the browser. */
export class TokenRejectedError extends Error {
  override name = 'TokenRejectedError';
}

/** What the relying party reads from the provider's discovery document. */
const providerMetadataSchema = z.object({
  issuer: z.string(),
  authorization_endpoint: z.url(),
  token_endpoint: z.url(),
  jwks_uri: z.url(),
  revocation_endpoint: z.url().optional(),
  end_session_endpoint: z.url().optional(),
  authorization_response_iss_parameter_supported: z.boolean().optional(),
});
type ProviderMetadata = z.infer<typeof providerMetadataSchema>;

interface Connection {
  metadata: ProviderMetadata;
  /** @fastify/oauth2's client: authorization URL with state and PKCE S256, code exchange, refresh, revocation. */
  oauth2: OAuth2Namespace;
  jwks: ReturnType<typeof createRemoteJWKSet>;
}

const random = () => randomBytes(32).toString('base64url');

/** `https://host/path?query` as @fastify/oauth2 takes an endpoint: a host and a path. */
function hostAndPath(endpoint: string) {
  const url = new URL(endpoint);
  return { host: url.origin, path: `${url.pathname}${url.search}` };
}

/**
 * The product's side of OpenID Connect, the same code for the embedded and an external provider (decision 065):
 * discovery on first use, then @fastify/oauth2 runs the authorization code flow (state, PKCE S256, code exchange,
 * refresh, revocation) with the nonce added here; jose verifies the ID token and API access tokens against the
 * issuer's key set; RP-initiated logout from the discovered end-session endpoint.
 */
export class RelyingParty {
  private connection: Promise<Connection> | undefined;

  constructor(private readonly options: RelyingPartyOptions) {}

  get issuer(): string {
    return this.options.issuer;
  }

  /**
   * Discovery happens on first use and is retried after a failure, so start-up never depends on the provider. The
   * OAuth client takes the endpoints when it is registered, so it is registered then, on an instance of its own
   * that only carries it: its functions work on this server's requests and replies.
   */
  private connect(): Promise<Connection> {
    this.connection ??= this.discover()
      .then(async (metadata) => ({ metadata, oauth2: await this.oauthClient(metadata), jwks: this.keySet(metadata) }))
      .catch((error: unknown) => {
        this.connection = undefined;
        throw error;
      });
    return this.connection;
  }

  private async discover(): Promise<ProviderMetadata> {
    const url = `${this.options.issuer.replace(/\/$/, '')}/.well-known/openid-configuration`;
    const response = await this.options.fetch(url, { headers: { accept: 'application/json' } });
    if (!response.ok) throw new Error(`Discovery answered ${response.status}`);
    const metadata = providerMetadataSchema.parse(await response.json());
    // A document naming another issuer would let that issuer's tokens in (OpenID Connect Discovery §4.3).
    if (metadata.issuer !== this.options.issuer) throw new Error(`Discovery names another issuer: ${metadata.issuer}`);
    return metadata;
  }

  private async oauthClient(metadata: ProviderMetadata): Promise<OAuth2Namespace> {
    const token = hostAndPath(metadata.token_endpoint);
    const authorize = hostAndPath(metadata.authorization_endpoint);
    const revocation = metadata.revocation_endpoint && hostAndPath(metadata.revocation_endpoint);
    const holder = Fastify();
    await holder.register(fastifyOauth2, {
      name: 'staffSignIn',
      credentials: {
        client: { id: this.options.clientId, secret: this.options.clientSecret },
        auth: {
          tokenHost: token.host,
          tokenPath: token.path,
          authorizeHost: authorize.host,
          authorizePath: authorize.path,
          // Revocation goes to the token endpoint's host; a provider that revokes elsewhere is not asked to.
          ...(revocation && revocation.host === token.host ? { revokePath: revocation.path } : {}),
        },
        ...(this.options.agent ? { http: { agent: this.options.agent } } : {}),
      },
      callbackUri: this.options.redirectUri,
      // RFC 8707 providers (the embedded one) read `resource`, Auth0 reads `audience`; each ignores the other.
      callbackUriParams: { resource: this.options.audience, audience: this.options.audience },
      scope: this.options.scope.split(' '),
      pkce: 'S256',
      // The state lives in the sealed sign-in cookie beside the nonce and where to go back to.
      generateStateFunction: (request: FastifyRequest) => readSignInFlow(request)!.state,
      checkStateFunction: (request: FastifyRequest) =>
        (request.query as { state?: string }).state === readSignInFlow(request)?.state,
      cookie: this.options.cookie,
      redirectStateCookieName: 'staff_sign_in_state',
      verifierCookieName: 'staff_sign_in_verifier',
    });
    await holder.ready();
    return (holder as unknown as { staffSignIn: OAuth2Namespace }).staffSignIn;
  }

  private keySet(metadata: ProviderMetadata) {
    // Cached; fetched again when a token names an unknown key (rotation), at most every 30 s.
    return createRemoteJWKSet(new URL(metadata.jwks_uri), {
      [joseCustomFetch]: (url, options) =>
        this.options.fetch(url, { ...options, headers: Object.fromEntries(options.headers) }),
      cooldownDuration: 30_000,
    });
  }

  /**
   * Starts a sign-in: remembers its state, nonce and `returnTo` in the sealed sign-in cookie, and answers where to
   * send the browser. The OAuth client sets its PKCE verifier cookie on the reply.
   */
  async startSignIn(request: FastifyRequest, reply: FastifyReply, returnTo: string): Promise<URL> {
    const { oauth2 } = await this.connect();
    const flow: SignInFlow = { state: random(), nonce: random(), returnTo };
    startSignInFlow(request, flow);
    const url = new URL(await oauth2.generateAuthorizationUri(request, reply));
    url.searchParams.set('nonce', flow.nonce);
    return url;
  }

  /**
   * Exchanges the callback's code (the OAuth client checks the state and sends the PKCE verifier, then clears its
   * cookies) and verifies the ID token; returns the tokens and who signed in.
   */
  async finishSignIn(
    request: FastifyRequest<{ Querystring: Record<string, string | undefined> }>,
    reply: FastifyReply,
    flow: SignInFlow,
  ): Promise<{ tokens: TokenSet; claims: IdentityClaims }> {
    const { metadata, oauth2 } = await this.connect();
    // RFC 9207: the answer names who sent it, so a code from another provider is never sent to this one.
    const { iss } = request.query;
    if (iss === undefined ? metadata.authorization_response_iss_parameter_supported : iss !== this.options.issuer)
      throw new TokenRejectedError(`Callback from another issuer: ${iss}`);
    let response: OAuth2Token;
    try {
      response = await oauth2.getAccessTokenFromAuthorizationCodeFlow(request, reply);
    } catch (error) {
      throw new TokenRejectedError(`Code exchange failed: ${(error as Error).message}`, { cause: error });
    }
    if (!response.token.id_token) throw new TokenRejectedError('The token response has no ID token');
    const claims = await this.verifyIdToken(response.token.id_token, flow.nonce);
    return { tokens: tokenSet(response.token), claims };
  }

  /** Verifies an ID token ourselves with jose: signature against the issuer's JWKS, algorithm, iss, aud, exp, nonce. */
  async verifyIdToken(idToken: string, expectedNonce: string): Promise<IdentityClaims> {
    const { payload } = await this.verify(idToken, this.options.clientId, 'ID token');
    if (payload.nonce !== expectedNonce) throw new TokenRejectedError('ID token nonce does not match');
    if (typeof payload.sub !== 'string' || !payload.sub) throw new TokenRejectedError('ID token has no subject');
    return payload as IdentityClaims;
  }

  /** Verifies an API access token: signature, algorithm, iss, aud (the API) and exp. */
  async verifyAccessToken(accessToken: string): Promise<JWTPayload & { sub: string }> {
    const { payload } = await this.verify(accessToken, this.options.audience, 'access token');
    if (typeof payload.sub !== 'string' || !payload.sub) throw new TokenRejectedError('Access token has no subject');
    return payload as JWTPayload & { sub: string };
  }

  private async verify(token: string, audience: string, what: string) {
    const { jwks } = await this.connect();
    try {
      return await jwtVerify(token, jwks, {
        issuer: this.options.issuer,
        audience,
        algorithms: ALLOWED_ALGORITHMS,
        requiredClaims: ['exp', 'iat', 'sub'],
        clockTolerance: 5,
      });
    } catch (error) {
      throw new TokenRejectedError(`Invalid ${what}: ${(error as Error).message}`, { cause: error });
    }
  }

  async refresh(refreshToken: string): Promise<TokenSet> {
    const { oauth2 } = await this.connect();
    try {
      const response = await oauth2.getNewAccessTokenUsingRefreshToken(asToken(refreshToken), {});
      const tokens = tokenSet(response.token);
      // Providers that do not rotate refresh tokens keep the old one valid.
      return { ...tokens, refreshToken: tokens.refreshToken ?? refreshToken };
    } catch (error) {
      const answer = (error as { data?: { payload?: { error?: unknown; error_description?: unknown } } }).data?.payload;
      if (answer?.error === 'invalid_grant') {
        const description = typeof answer.error_description === 'string' ? answer.error_description : 'invalid_grant';
        throw new InvalidGrantError(description, { cause: error });
      }
      throw error;
    }
  }

  /** Best effort: a revoked refresh token cannot be used again even if the cookie was copied. */
  async revoke(refreshToken: string): Promise<void> {
    const { metadata, oauth2 } = await this.connect();
    if (!metadata.revocation_endpoint) return;
    await oauth2.revokeToken(asToken(refreshToken), 'refresh_token', undefined);
  }

  /** Where to send the browser to end the provider's session, if the provider supports RP-initiated logout. */
  async endSessionUrl(): Promise<URL | undefined> {
    const { metadata } = await this.connect();
    if (!metadata.end_session_endpoint) return undefined;
    const url = new URL(metadata.end_session_endpoint);
    url.searchParams.set('client_id', this.options.clientId);
    url.searchParams.set('post_logout_redirect_uri', this.options.postLogoutRedirectUri);
    return url;
  }
}

/** The OAuth client's token object for a refresh token alone (refresh and revocation read only that field). */
function asToken(refreshToken: string): Token {
  return { refresh_token: refreshToken } as Token;
}

function tokenSet(token: Token): TokenSet {
  return {
    accessToken: token.access_token,
    refreshToken: token.refresh_token,
    // The OAuth client turns `expires_in` into a date; 5 minutes when the provider says nothing.
    expiresAt: token.expires_at instanceof Date ? token.expires_at.getTime() : Date.now() + 300_000,
  };
}
