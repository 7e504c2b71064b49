import { calculateJwkThumbprint, exportJWK, generateKeyPair, type JWK } from 'jose';
import { sql, type Kysely } from 'kysely';
import { seal, unseal } from '../auth/secrets.js';
import type { DB } from '../db/schema.js';

const KEYS_LOCK = 7_340_003;

/**
 * The provider's token signing keys: generated once, stored sealed (AES-GCM with a key derived from
 * SESSION_SECRET) so a restart or another instance signs with the same key and earlier tokens stay valid.
 * Newest first: the provider signs with the first and still verifies with the others.
 */
export async function loadSigningKeys(db: Kysely<DB>, sealKey: Buffer): Promise<JWK[]> {
  return db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(${KEYS_LOCK})`.execute(trx);
    const rows = await trx
      .selectFrom('oidc_signing_keys')
      .select(['kid', 'sealed_jwk'])
      .orderBy('created_at', 'desc')
      .execute();
    if (rows.length === 0) {
      const { privateKey } = await generateKeyPair('RS256', { modulusLength: 2048, extractable: true });
      const jwk = await exportJWK(privateKey);
      const kid = await calculateJwkThumbprint(jwk);
      const full: JWK = { ...jwk, kid, alg: 'RS256', use: 'sig' };
      await trx
        .insertInto('oidc_signing_keys')
        .values({ kid, sealed_jwk: seal(sealKey, JSON.stringify(full)) })
        .execute();
      return [full];
    }
    return rows.map((row) => JSON.parse(unseal(sealKey, row.sealed_jwk)) as JWK);
  });
}
