import Fastify, { type FastifyInstance } from 'fastify';
import { createHash } from 'node:crypto';
import formbody from '@fastify/formbody';
import { exportJWK, generateKeyPair, SignJWT, type CryptoKey, type JWTPayload } from 'jose';

export interface TokenRequest {
  code: string;
  /** Claims a genuine ID token would carry for this code. */
  genuine: JWTPayload;
}

/**
 * A small, real OpenID Connect provider for tests of the external-provider path: discovery, JWKS and a token
 * endpoint whose ID token each test decides (genuine, forged, unsigned, wrong audience, expired, …).
 */
export class StandinProvider {
  readonly clientId = 'consultancy-product';
  readonly clientSecret = 'stand-in-client-secret';
  readonly audience = 'https://api.consultancy.example';
  issuer = '';
  /** What the token endpoint answers; replaced per test. */
  idToken: (request: TokenRequest) => Promise<string> = ({ genuine }) => this.sign(genuine);
  private server: FastifyInstance | undefined;
  private key!: CryptoKey;
  private readonly kid = 'standin-key-1';
  /** The last authorization request's nonce, as the provider would remember it for the code. */
  nonce = '';
  /** The last authorization request's PKCE challenge (S256), which the code exchange must answer. */
  codeChallenge = '';
  /** The issuer its discovery document names (a test may make it lie). */
  discoveryIssuer: string | undefined;
  /** The refresh token it issues and accepts; it does not rotate it. */
  readonly refreshToken = 'standin-refresh-token';

  /** Listens on `port` (any free one when 0): a test may stop it and start it again at the same address. */
  async start(port = 0): Promise<void> {
    const { privateKey, publicKey } = await generateKeyPair('RS256');
    this.key = privateKey;
    const jwk = { ...(await exportJWK(publicKey)), kid: this.kid, alg: 'RS256', use: 'sig' };
    const server = Fastify();
    await server.register(formbody);
    server.get('/.well-known/openid-configuration', () => ({
      issuer: this.discoveryIssuer ?? this.issuer,
      authorization_endpoint: `${this.issuer}/authorize`,
      token_endpoint: `${this.issuer}/token`,
      jwks_uri: `${this.issuer}/jwks`,
      end_session_endpoint: `${this.issuer}/logout`,
      response_types_supported: ['code'],
      subject_types_supported: ['public'],
      id_token_signing_alg_values_supported: ['RS256'],
      code_challenge_methods_supported: ['S256'],
    }));
    server.get('/jwks', () => ({ keys: [jwk] }));
    server.post<{ Body: Record<string, string> }>('/token', async (request, reply) => {
      // RFC 6749 §2.3.1: id and secret are form-encoded, then base64'd.
      const basic = Buffer.from((request.headers.authorization ?? '').replace(/^Basic /, ''), 'base64').toString();
      const [id, secret] = basic.split(':').map((part) => decodeURIComponent(part.replace(/\+/g, ' ')));
      if (id !== this.clientId || secret !== this.clientSecret)
        return reply.code(401).send({ error: 'invalid_client' });
      if (request.body.grant_type === 'refresh_token') {
        if (request.body.refresh_token !== this.refreshToken) return reply.code(400).send({ error: 'invalid_grant' });
        return { access_token: await this.accessToken({ sub: 'ext|12345' }), token_type: 'Bearer', expires_in: 300 };
      }
      const verifier = request.body.code_verifier ?? '';
      if (createHash('sha256').update(verifier).digest('base64url') !== this.codeChallenge)
        return reply.code(400).send({ error: 'invalid_grant', error_description: 'PKCE verification failed' });
      const now = Math.floor(Date.now() / 1000);
      const genuine: JWTPayload = {
        iss: this.issuer,
        aud: this.clientId,
        sub: 'ext|12345',
        email: 'external.staff@example.com',
        email_verified: true,
        name: 'External Staff',
        nonce: this.nonce,
        iat: now,
        exp: now + 300,
      };
      return {
        access_token: await this.accessToken({ sub: 'ext|12345' }),
        token_type: 'Bearer',
        expires_in: 300,
        refresh_token: this.refreshToken,
        id_token: await this.idToken({ code: request.body.code ?? '', genuine }),
      };
    });
    const address = await server.listen({ port, host: '127.0.0.1' });
    this.issuer = address;
    this.server = server;
  }

  sign(claims: JWTPayload, key: CryptoKey = this.key): Promise<string> {
    return new SignJWT(claims).setProtectedHeader({ alg: 'RS256', kid: this.kid }).sign(key);
  }

  accessToken(claims: JWTPayload): Promise<string> {
    const now = Math.floor(Date.now() / 1000);
    return this.sign({ iss: this.issuer, aud: this.audience, iat: now, exp: now + 300, ...claims });
  }

  async stop(): Promise<void> {
    await this.server?.close();
  }
}
