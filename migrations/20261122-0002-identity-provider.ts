import { sql, type Kysely } from 'kysely';

/*
 * Storage for the embedded OpenID Connect provider (server/src/identity-provider), so sessions, grants and refresh
 * tokens survive restarts and are shared by several instances, and the subject an external provider uses for a
 * staff member. One SQL statement per call (PGlite).
 */

export async function up(db: Kysely<any>): Promise<void> {
  // One row per stored provider object (Session, Grant, AuthorizationCode, RefreshToken, Interaction, …).
  await db.schema
    .createTable('oidc_payloads')
    .addColumn('model', 'text', (col) => col.notNull())
    .addColumn('id', 'text', (col) => col.notNull())
    // The provider's JSON payload, opaque to SQL; the fields it is looked up by are columns of their own.
    .addColumn('payload', 'text', (col) => col.notNull())
    .addColumn('grant_id', 'text')
    .addColumn('user_code', 'text')
    .addColumn('uid', 'text')
    .addColumn('expires_at', 'timestamptz')
    .addColumn('consumed_at', 'timestamptz')
    .addPrimaryKeyConstraint('oidc_payloads_pkey', ['model', 'id'])
    .execute();
  await db.schema.createIndex('oidc_payloads_grant_id_idx').on('oidc_payloads').column('grant_id').execute();
  await db.schema.createIndex('oidc_payloads_uid_idx').on('oidc_payloads').columns(['model', 'uid']).execute();
  await db.schema
    .createIndex('oidc_payloads_user_code_idx')
    .on('oidc_payloads')
    .columns(['model', 'user_code'])
    .execute();
  await db.schema.createIndex('oidc_payloads_expires_at_idx').on('oidc_payloads').column('expires_at').execute();

  // Token signing keys, generated once; the private part is encrypted with a key derived from SESSION_SECRET.
  await db.schema
    .createTable('oidc_signing_keys')
    .addColumn('kid', 'text', (col) => col.primaryKey())
    .addColumn('sealed_jwk', 'text', (col) => col.notNull())
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();

  // An external provider's `sub` for a staff member, recorded at first sign-in (matched by e-mail before that).
  await db.schema.alterTable('staff_users').addColumn('oidc_subject', 'text').execute();
  await db.schema
    .createIndex('staff_users_oidc_subject_key')
    .on('staff_users')
    .column('oidc_subject')
    .unique()
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('staff_users_oidc_subject_key').execute();
  await db.schema.alterTable('staff_users').dropColumn('oidc_subject').execute();
  await db.schema.dropTable('oidc_signing_keys').execute();
  await db.schema.dropTable('oidc_payloads').execute();
}
