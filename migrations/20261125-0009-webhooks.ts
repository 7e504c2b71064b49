import { sql, type Kysely } from 'kysely';

/*
 * Webhooks (decision 031): a country's new leads are POSTed, signed, to a URL its ADMIN sets. Each delivery is a
 * row (what is sent, attempts, the last answer), so the delivery log shows what happened and a retry sends exactly
 * what the first attempt sent.
 */

// The labels as they were when this ran (shared/webhooks.ts may grow later, by a migration of its own).
const STATUSES = ['PENDING', 'DELIVERED', 'FAILED'];

export async function up(db: Kysely<any>): Promise<void> {
  await sql`create type webhook_delivery_status as enum (${sql.join(STATUSES.map((label) => sql.lit(label)))})`.execute(
    db,
  );
  await db.schema
    .createTable('country_webhooks')
    .addColumn('country_id', 'integer', (col) => col.primaryKey().references('countries.id').onDelete('cascade'))
    .addColumn('url', 'text', (col) => col.notNull())
    // The HMAC key: the receiver holds the same one. Never sent back to staff once set.
    .addColumn('secret', 'text', (col) => col.notNull())
    .addColumn('is_enabled', 'boolean', (col) => col.notNull().defaultTo(true))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createTable('webhook_deliveries')
    .addColumn('id', 'integer', (col) => col.primaryKey().generatedByDefaultAsIdentity())
    // Sent as a header: a receiver that sees one twice (a retry after a lost answer) knows it already has it.
    .addColumn('delivery_id', 'uuid', (col) => col.notNull().unique())
    .addColumn('country_id', 'integer', (col) => col.references('countries.id').onDelete('set null'))
    .addColumn('lead_id', 'integer', (col) => col.references('leads.id').onDelete('set null'))
    .addColumn('url', 'text', (col) => col.notNull())
    .addColumn('payload', 'text', (col) => col.notNull())
    .addColumn('status', sql.id('webhook_delivery_status'), (col) => col.notNull().defaultTo('PENDING'))
    .addColumn('attempts', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('last_status_code', 'integer')
    .addColumn('last_error', 'text')
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('delivered_at', 'timestamptz')
    .execute();
  await db.schema
    .createIndex('webhook_deliveries_created_at_idx')
    .on('webhook_deliveries')
    .columns(['created_at desc', 'id desc'])
    .execute();
  await db.schema
    .createIndex('webhook_deliveries_country_id_idx')
    .on('webhook_deliveries')
    .column('country_id')
    .execute();
  await db.schema.createIndex('webhook_deliveries_lead_id_idx').on('webhook_deliveries').column('lead_id').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('webhook_deliveries').execute();
  await db.schema.dropTable('country_webhooks').execute();
  await sql`drop type webhook_delivery_status`.execute(db);
}
