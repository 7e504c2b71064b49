import type { Kysely } from 'kysely';

/*
 * Access tokens ended by a sign-out before they expire. Access tokens are signed JWTs the API verifies on its own,
 * so a provider's revocation cannot reach them: the API refuses the ones listed here (every instance reads the
 * same table). Rows are needed only until the token expires anyway.
 */

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('revoked_access_tokens')
    // SHA-256 of the token (hex): the token itself is never stored.
    .addColumn('token_sha256', 'text', (col) => col.primaryKey())
    .addColumn('expires_at', 'timestamptz', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('revoked_access_tokens_expires_at_idx')
    .on('revoked_access_tokens')
    .column('expires_at')
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('revoked_access_tokens').execute();
}
