import type { Kysely } from 'kysely';

/** A branch's opening hours (decision 051): each day's opening and closing time, or null; null: not given. */

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('branches').addColumn('opening_hours', 'jsonb').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('branches').dropColumn('opening_hours').execute();
}
