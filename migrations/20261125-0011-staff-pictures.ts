import type { Kysely } from 'kysely';

/*
 * A staff member's own picture for the staff area's top bar (issue 19), stored like every other uploaded image: the
 * re-encoded bytes in media_blobs, referenced by hash. An external provider's `picture` claim is used when there is
 * none; it is never stored.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('staff_users')
    .addColumn('picture_sha256', 'text', (col) => col.references('media_blobs.sha256').onDelete('restrict'))
    .execute();
  await db.schema.createIndex('staff_users_picture_sha256_idx').on('staff_users').column('picture_sha256').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('staff_users').dropColumn('picture_sha256').execute();
}
