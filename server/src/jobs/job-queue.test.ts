/**
 * Also run on PostgreSQL (decision 056): the job queue: transactions, NOTIFY, retries.
 * @module-tag database-engine
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestDatabase } from '../../test/database.js';
import { jobsDone } from '../../test/jobs.js';
import type { Database } from '../db/database.js';
import { JOB_SCHEMA, startJobQueue, type JobQueue } from './job-queue.js';

const quietLog = { error: vi.fn() };

describe('the job queue', () => {
  let database: Database;
  let queue: JobQueue;

  beforeAll(async () => {
    database = await createTestDatabase();
    queue = await startJobQueue(database, { log: quietLog, pollingIntervalSeconds: 0.5 });
  }, 60_000);

  afterAll(async () => {
    await queue?.stop();
    await database?.close();
  });

  it('runs SQL of several statements, and leaves no aborted transaction behind when one fails', async () => {
    const { rows } = await database.executeSql('begin; select 1 as one; select 2 as two; commit;');
    expect(rows).toEqual([{ one: 1 }, { two: 2 }]);
    await expect(database.executeSql('begin; select 1/0; commit;')).rejects.toThrow(/division by zero/);
    const after = await sql<{ ok: number }>`select 1 as ok`.execute(database.db);
    expect(after.rows).toEqual([{ ok: 1 }]);
  });

  it('runs a job queued in a transaction once that commits, and never one whose transaction rolled back', async () => {
    const seen: number[] = [];
    await queue.work('send-mail', ({ mailId }) => {
      seen.push(mailId);
      return Promise.resolve();
    });
    await database.db.transaction().execute((trx) => queue.send(trx, 'send-mail', { mailId: 1 }));
    await expect(
      database.db.transaction().execute(async (trx) => {
        await queue.send(trx, 'send-mail', { mailId: 2 });
        throw new Error('the submission failed');
      }),
    ).rejects.toThrow('the submission failed');
    await vi.waitFor(() => expect(seen).toEqual([1]), { timeout: 15_000, interval: 100 });
    const queued = await database.executeSql(`select data from ${JOB_SCHEMA}.job where name = 'send-mail'`);
    expect(queued.rows).toEqual([{ data: { mailId: 1 } }]);
  }, 30_000);

  it('wakes an idle worker the moment a job commits, and drains a burst one job after another', async () => {
    // Workers that would look for jobs only every 30 s: anything sooner is NOTIFY and the drain.
    const sleepy = await startJobQueue(database, { log: quietLog, pollingIntervalSeconds: 30 });
    try {
      const seen: number[] = [];
      await sleepy.work('deliver-webhook', ({ deliveryId }) => {
        seen.push(deliveryId);
        return Promise.resolve();
      });
      await database.db.transaction().execute((trx) => sleepy.send(trx, 'deliver-webhook', { deliveryId: 1 }));
      await vi.waitFor(() => expect(seen).toEqual([1]), { timeout: 10_000, interval: 20 });
      const burst = [2, 3, 4, 5, 6].map((deliveryId) => ({ deliveryId }));
      await database.db.transaction().execute((trx) => sleepy.send(trx, 'deliver-webhook', ...burst));
      await vi.waitFor(() => expect(seen.toSorted()).toEqual([1, 2, 3, 4, 5, 6]), { timeout: 10_000, interval: 20 });
    } finally {
      await sleepy.stop();
    }
  }, 30_000);

  it('retries a job whose handler failed, with the same payload, and only that one of its batch', async () => {
    const attempts: number[] = [];
    const other = await startJobQueue(database, { log: quietLog, pollingIntervalSeconds: 0.5 });
    try {
      await queue.stop();
      await other.work('send-mail', ({ mailId }) => {
        attempts.push(mailId);
        const first = attempts.filter((seen) => seen === 4).length === 1;
        return mailId === 4 && first ? Promise.reject(new Error('the mail server is down')) : Promise.resolve();
      });
      // A short first delay for the test: the queue's own is 30 s.
      await database.executeSql(`update ${JOB_SCHEMA}.queue set retry_delay = 1 where name = 'send-mail'`);
      // Taken together and run side by side: only the one that failed is run again.
      await other.send(database.db, 'send-mail', { mailId: 3 }, { mailId: 4 }, { mailId: 5 });
      await vi.waitFor(() => expect(attempts.toSorted()).toEqual([3, 4, 4, 5]), { timeout: 20_000, interval: 200 });
      await jobsDone(database.db, 'send-mail');
      expect(attempts.toSorted()).toEqual([3, 4, 4, 5]);
    } finally {
      await other.stop();
    }
  }, 40_000);
});
