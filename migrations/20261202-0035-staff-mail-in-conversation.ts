import type { Kysely } from 'kysely';

/*
 * A staff member's own mail in a lead's conversation (decision 055): a counsellor who answers the visitor from their
 * mail program with "Reply all" sends the reply address a copy, which is kept in the lead as what the office wrote,
 * not as the visitor's answer.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('lead_answers')
    .addColumn('by_staff', 'boolean', (col) => col.notNull().defaultTo(false))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('lead_answers').dropColumn('by_staff').execute();
}
