import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.js';

const sha256 = (token: string) => createHash('sha256').update(token).digest('hex');

/** Records that `token` was ended before `expiresAt`; forgets tokens that have expired meanwhile. */
export async function revokeAccessToken(db: Kysely<DB>, token: string, expiresAt: Date): Promise<void> {
  await db
    .insertInto('revoked_access_tokens')
    .values({ token_sha256: sha256(token), expires_at: expiresAt })
    .onConflict((oc) => oc.column('token_sha256').doNothing())
    .execute();
  await db.deleteFrom('revoked_access_tokens').where('expires_at', '<', new Date().toISOString()).execute();
}

export async function isAccessTokenRevoked(db: Kysely<DB>, token: string): Promise<boolean> {
  const row = await db
    .selectFrom('revoked_access_tokens')
    .select('token_sha256')
    .where('token_sha256', '=', sha256(token))
    .executeTakeFirst();
  return row !== undefined;
}
