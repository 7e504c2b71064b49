import { sql, type Kysely } from 'kysely';
import { expect, vi } from 'vitest';
import type { DB } from '../src/db/schema.js';
import { JOB_SCHEMA, type JobName } from '../src/jobs/job-queue.js';

/**
 * Waits until no job of `names` is waiting, running or due for a retry: whatever they were going to send has been
 * sent, and nothing more will come of them. The certain form of "wait a while and see that nothing more arrives".
 */
export async function jobsDone(db: Kysely<DB>, ...names: JobName[]): Promise<void> {
  await vi.waitFor(
    async () => {
      const { rows } = await sql<{ pending: number }>`
        select count(*)::int as pending from ${sql.table(`${JOB_SCHEMA}.job`)}
        where name in (${sql.join(names)}) and state in ('created', 'retry', 'active')
      `.execute(db);
      expect(rows[0]?.pending).toBe(0);
    },
    { timeout: 20_000, interval: 50 },
  );
}
