import type { FastifyInstance } from 'fastify';
import { generateKeyPair, importJWK, SignJWT, type JWTPayload } from 'jose';
import { deriveKey } from '../src/auth/secrets.js';
import { embeddedProviderSettings } from '../src/identity-provider/identity-provider.js';
import { loadSigningKeys } from '../src/identity-provider/signing-keys.js';

/** The embedded provider's real signing key, to make tokens that differ from genuine ones in one way only. */
export async function providerKey(app: FastifyInstance) {
  const [jwk] = await loadSigningKeys(app.db, deriveKey(app.config.sessionSecret, 'oidc-signing-key-seal'));
  return { key: await importJWK(jwk!, 'RS256'), kid: jwk!.kid! };
}

/** An access token as the embedded provider would issue it, with `claims` overriding the genuine values. */
export async function craftAccessToken(
  app: FastifyInstance,
  claims: JWTPayload,
  options: { signWith?: 'provider' | 'stranger' } = {},
): Promise<string> {
  const settings = embeddedProviderSettings(app.config);
  const { key, kid } =
    options.signWith === 'stranger'
      ? { key: (await generateKeyPair('RS256')).privateKey, kid: (await providerKey(app)).kid }
      : await providerKey(app);
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({
    iss: settings.issuer,
    aud: settings.audience,
    iat: now,
    exp: now + 600,
    scope: 'api',
    ...claims,
  })
    .setProtectedHeader({ alg: 'RS256', kid, typ: 'at+jwt' })
    .sign(key);
}

/** A token with `alg: none` and no signature. */
export function unsignedToken(claims: JWTPayload): string {
  const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${encode({ alg: 'none', typ: 'JWT' })}.${encode(claims)}.`;
}
