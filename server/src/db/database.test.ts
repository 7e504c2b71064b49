/**
 * Also run on PostgreSQL (decision 056): the values each driver gives for the same SQL.
 * @module-tag database-engine
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/database.js';
import type { Database } from './database.js';

/** Code above Kysely must not care which driver runs: the same SQL gives the same JavaScript values. */
describe(`driver value parity (${process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, () => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.close());

  it('returns dates as YYYY-MM-DD strings, counts as numbers, timestamps as ISO strings, bytes as Uint8Array', async () => {
    const { rows } = await sql<{ day: unknown; total: unknown; at: unknown; bytes: unknown; flag: unknown }>`
      select date '2026-03-01' as day, count(*) as total, timestamptz '2026-03-01T10:00:00Z' as at,
             '\\x0102'::bytea as bytes, true as flag
      from generate_series(1, 3)`.execute(database.db);
    const row = rows[0]!;
    expect(row.day).toBe('2026-03-01');
    expect(row.total).toBe(3);
    expect(row.at).toBe('2026-03-01T10:00:00.000Z');
    expect(row.bytes).toBeInstanceOf(Uint8Array);
    expect([...(row.bytes as Uint8Array)]).toEqual([1, 2]);
    expect(row.flag).toBe(true);
  });

  it('rolls back a failed transaction completely', async () => {
    await expect(
      database.db.transaction().execute(async (trx) => {
        await trx.insertInto('pages').values({ name: 'Rollback probe' }).execute();
        throw new Error('abort');
      }),
    ).rejects.toThrow('abort');
    const row = await database.db
      .selectFrom('pages')
      .select('id')
      .where('name', '=', 'Rollback probe')
      .executeTakeFirst();
    expect(row).toBeUndefined();
  });
});
