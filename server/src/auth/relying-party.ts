import { createRemoteJWKSet, customFetch as joseCustomFetch, jwtVerify, type JWTPayload } from 'jose';
import * as client from 'openid-client';

/** The only signature algorithms accepted on any token: asymmetric, so a leaked client secret cannot forge one. */
export const ALLOWED_ALGORITHMS = ['RS256', 'PS256', 'ES256', 'EdDSA'];

export type FetchImplementation = client.CustomFetch;

export interface RelyingPartyOptions {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** `aud` of the access tokens the API accepts. */
  audience: string;
  redirectUri: string;
  postLogoutRedirectUri: string;
  scope: string;
  /** How to reach the provider (the embedded one is called in-process). */
  fetch: FetchImplementation;
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

/**
 * The product's side of OpenID Connect, the same code for the embedded and an external provider: discovery,
 * authorization code + PKCE + state + nonce (openid-client), ID token and access token verification against the
 * issuer's JWKS (jose), refresh, revocation and RP-initiated logout.
 */
export class RelyingParty {
  private configuration: Promise<client.Configuration> | undefined;
  private jwks: ReturnType<typeof createRemoteJWKSet> | undefined;

  constructor(private readonly options: RelyingPartyOptions) {}

  get issuer(): string {
    return this.options.issuer;
  }

  /** Discovery happens on first use and is retried after a failure, so start-up never depends on the provider. */
  private config(): Promise<client.Configuration> {
    this.configuration ??= client
      .discovery(
        new URL(this.options.issuer),
        this.options.clientId,
        undefined,
        client.ClientSecretBasic(this.options.clientSecret),
        {
          [client.customFetch]: this.options.fetch,
          execute: new URL(this.options.issuer).protocol === 'http:' ? [client.allowInsecureRequests] : [],
        },
      )
      .then((configuration) => {
        const jwksUri = configuration.serverMetadata().jwks_uri;
        if (!jwksUri) throw new Error('The provider publishes no jwks_uri');
        // Cached; fetched again when a token names an unknown key (rotation), at most every 30 s.
        this.jwks = createRemoteJWKSet(new URL(jwksUri), {
          // jose's GET requests carry no body; the same fetch serves both libraries.
          [joseCustomFetch]: (url, options) =>
            this.options.fetch(url, { ...options, headers: Object.fromEntries(options.headers), body: undefined }),
          cooldownDuration: 30_000,
        });
        return configuration;
      })
      .catch((error: unknown) => {
        this.configuration = undefined;
        throw error;
      });
    return this.configuration;
  }

  private async keys() {
    await this.config();
    return this.jwks!;
  }

  async authorizationUrl(checks: { state: string; nonce: string; codeVerifier: string }): Promise<URL> {
    const config = await this.config();
    return client.buildAuthorizationUrl(config, {
      redirect_uri: this.options.redirectUri,
      scope: this.options.scope,
      state: checks.state,
      nonce: checks.nonce,
      code_challenge: await client.calculatePKCECodeChallenge(checks.codeVerifier),
      code_challenge_method: 'S256',
      // RFC 8707 providers (the embedded one) read `resource`, Auth0 reads `audience`; each ignores the other.
      resource: this.options.audience,
      audience: this.options.audience,
    });
  }

  /** Exchanges the code from the callback URL and verifies the ID token; returns the tokens and who signed in. */
  async finishSignIn(
    callbackUrl: URL,
    checks: { state: string; nonce: string; codeVerifier: string },
  ): Promise<{ tokens: TokenSet; claims: IdentityClaims }> {
    const config = await this.config();
    let response: Awaited<ReturnType<typeof client.authorizationCodeGrant>>;
    try {
      response = await client.authorizationCodeGrant(config, callbackUrl, {
        pkceCodeVerifier: checks.codeVerifier,
        expectedState: checks.state,
        expectedNonce: checks.nonce,
        idTokenExpected: true,
      });
    } catch (error) {
      throw new TokenRejectedError(`Code exchange failed: ${(error as Error).message}`, { cause: error });
    }
    const claims = await this.verifyIdToken(response.id_token!, checks.nonce);
    return { tokens: this.tokenSet(response), claims };
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
    const keys = await this.keys();
    try {
      return await jwtVerify(token, keys, {
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
    const config = await this.config();
    try {
      const response = await client.refreshTokenGrant(config, refreshToken);
      const tokens = this.tokenSet(response);
      // Providers that do not rotate refresh tokens keep the old one valid.
      return { ...tokens, refreshToken: tokens.refreshToken ?? refreshToken };
    } catch (error) {
      if (error instanceof client.ResponseBodyError && error.error === 'invalid_grant') {
        throw new InvalidGrantError(error.error_description ?? 'invalid_grant', { cause: error });
      }
      throw error;
    }
  }

  /** Best effort: a revoked refresh token cannot be used again even if the cookie was copied. */
  async revoke(refreshToken: string): Promise<void> {
    const config = await this.config();
    if (config.serverMetadata().revocation_endpoint) {
      await client.tokenRevocation(config, refreshToken, { token_type_hint: 'refresh_token' });
    }
  }

  /** Where to send the browser to end the provider's session, if the provider supports RP-initiated logout. */
  async endSessionUrl(): Promise<URL | undefined> {
    const config = await this.config();
    if (!config.serverMetadata().end_session_endpoint) return undefined;
    return client.buildEndSessionUrl(config, {
      client_id: this.options.clientId,
      post_logout_redirect_uri: this.options.postLogoutRedirectUri,
    });
  }

  private tokenSet(response: client.TokenEndpointResponse): TokenSet {
    return {
      accessToken: response.access_token,
      refreshToken: response.refresh_token,
      expiresAt: Date.now() + (response.expires_in ?? 300) * 1000,
    };
  }
}
