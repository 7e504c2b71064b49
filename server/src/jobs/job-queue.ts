import type { Kysely } from 'kysely';
import { fromKysely, PgBoss, type Job, type JobResult, type Queue, type QueueOptions } from 'pg-boss';
import type { Database } from '../db/database.js';
import type { DB } from '../db/schema.js';

/**
 * Work done after a request has been answered, on pg-boss (decision 028): jobs are rows in the same database, so a
 * job is queued in the transaction that stores what it is about (it exists exactly when that commits), and it is
 * retried with backoff until it succeeds or runs out of attempts, whichever instance or restart picks it up.
 */

/** The schema pg-boss keeps its tables in, apart from the product's. */
export const JOB_SCHEMA = 'pgboss';

/** Every kind of job, with its payload. Payloads name rows, never copy them: a job reads what is current. */
export interface JobPayloads {
  /** Sends (or keeps in the outbox) one stored mail. */
  'send-mail': { mailId: number };
  /** POSTs one stored webhook delivery. */
  'deliver-webhook': { deliveryId: number };
  /** Anonymises leads older than LEAD_RETENTION_MONTHS (daily). */
  'lead-retention': Record<string, never>;
  /** Forgets Activity older than ACTIVITY_RETENTION_MONTHS, but each item's latest entry (daily). */
  'activity-retention': Record<string, never>;
  /** Mails each assignee their follow-ups due today (each morning). */
  'follow-up-reminders': Record<string, never>;
  /** Puts live the scheduled posts whose time has come (every minute). */
  'publish-due-posts': Record<string, never>;
}
export type JobName = keyof JobPayloads;
/** Jobs with no payload, which a schedule can start. */
export type ScheduledJobName = 'lead-retention' | 'activity-retention' | 'follow-up-reminders' | 'publish-due-posts';

/** A job run once a day (retention, reminders). */
const DAILY: QueueOptions = {
  retryLimit: 3,
  retryDelay: 300,
  retryBackoff: true,
  retryDelayMax: 3600,
  expireInSeconds: 900,
};

/**
 * Retries for each kind of job: backoff doubles the delay each time, so a mail server down for hours is waited out.
 * Every queue has `notify`: a job wakes the workers (NOTIFY, delivered when its transaction commits) instead of
 * waiting for their next poll, so a visitor's confirmation leaves at once, not up to two seconds later.
 */
const QUEUES: Record<JobName, Omit<Queue, 'name'>> = {
  'send-mail': {
    retryLimit: 12,
    retryDelay: 30,
    retryBackoff: true,
    retryDelayMax: 3600,
    expireInSeconds: 120,
    notify: true,
  },
  // A receiver down for hours is waited out, as a mail server is.
  'deliver-webhook': {
    retryLimit: 10,
    retryDelay: 30,
    retryBackoff: true,
    retryDelayMax: 3600,
    expireInSeconds: 60,
    notify: true,
  },
  // Daily work: a failed run is tried again within the hour; the next day's run catches up with what is left.
  'lead-retention': { ...DAILY, notify: true },
  'activity-retention': { ...DAILY, notify: true },
  'follow-up-reminders': { ...DAILY, expireInSeconds: 300, notify: true },
  // Each minute's run does all that is due: a failed one is caught up by the next.
  'publish-due-posts': { retryLimit: 0, expireInSeconds: 60, notify: true },
};

/**
 * Jobs a worker takes at once and runs side by side (decision 061): mails and webhook deliveries wait on other
 * servers, so several in flight drain a burst many times faster; the SMTP pool bounds the mail rate. Others: one.
 */
const BATCH_SIZES: Partial<Record<JobName, number>> = { 'send-mail': 10, 'deliver-webhook': 5 };

/** What a failed job keeps as its output: the error's message, as pg-boss keeps a thrown one. */
function failureOf(reason: unknown): { message: string } {
  return { message: reason instanceof Error ? reason.message : String(reason) };
}

/** Which attempt a handler is running: on the last one, a failure is final (the job is not retried again). */
export interface JobAttempt {
  attempt: number;
  lastAttempt: boolean;
}

export type JobHandler<Name extends JobName> = (payload: JobPayloads[Name], attempt: JobAttempt) => Promise<void>;

export interface JobQueue {
  /**
   * Queues a job for each payload as part of `db`'s transaction (pass the transaction): rolled back with it,
   * committed with it. With the database itself, they are queued at once. One statement, however many jobs.
   */
  send<Name extends JobName>(db: Kysely<DB>, name: Name, ...payloads: JobPayloads[Name][]): Promise<void>;
  /** Runs `handler` for each job of `name` (several side by side for some); one that throws is retried later. */
  work<Name extends JobName>(name: Name, handler: JobHandler<Name>): Promise<void>;
  /**
   * Runs a job of `name` at the times a cron expression gives, in the IANA time zone `timeZone`; once across all
   * instances (the schedule is a row, and one instance's timekeeper sends each occurrence).
   */
  schedule(name: ScheduledJobName, cron: string, timeZone: string): Promise<void>;
  /** Stops taking jobs, waits for the running ones (up to `timeoutMs`), and lets go of the database. */
  stop(timeoutMs?: number): Promise<void>;
}

export interface JobQueueOptions {
  /** Reports the queue's own failures (a lost connection, a maintenance error); a Fastify logger fits. */
  log: { error(obj: object, msg: string): void };
  /** How often an idle worker looks for jobs, in seconds (tests poll faster). */
  pollingIntervalSeconds?: number;
  /** How often jobs whose worker died (past their expiry) are found and retried, in seconds (default 60). */
  superviseIntervalSeconds?: number;
}

/**
 * Starts pg-boss on the app's database: its SQL goes through `database.executeSql`, so PGlite's single session and
 * PostgreSQL's pool are used as the rest of the app uses them, and pg-boss creates or upgrades its own tables in
 * `JOB_SCHEMA` on start.
 */
export async function startJobQueue(database: Database, options: JobQueueOptions): Promise<JobQueue> {
  const boss = new PgBoss({
    db: {
      executeSql: (sql, values) => database.executeSql(sql, values),
      // The queues' NOTIFY arrives through the app's own listener (a connection of its own on PostgreSQL, the one
      // session on PGlite); after a lost connection the workers look once for what they may have missed.
      listen: (channel, onNotification, onReconnect) =>
        database.listen(channel, {
          onNotify: onNotification,
          onLost: (listening) => {
            if (listening) onReconnect();
          },
        }),
    },
    useListenNotify: true,
    schema: JOB_SCHEMA,
    ...(database.driver === 'pglite' ? { backend: 'pglite' as const } : {}),
    // The timekeeper sends scheduled jobs (retention, reminders) at their times, looking every 10 s (pg-boss: 30 s)
    // whether one is due: a post scheduled for 10:00 goes live by 10:00:10.
    schedule: true,
    cronMonitorIntervalSeconds: 10,
    ...(options.superviseIntervalSeconds ? { superviseIntervalSeconds: options.superviseIntervalSeconds } : {}),
  });
  boss.on('error', (error) => options.log.error({ err: error }, 'the job queue failed'));
  await boss.start();
  for (const [name, queue] of Object.entries(QUEUES)) {
    // createQueue keeps an existing queue as it is; updateQueue brings its retry settings up to date (all but the
    // longest delay, which only a new queue takes).
    await boss.createQueue(name, queue);
    const { retryDelayMax: _fixedAtCreation, ...updatable } = queue;
    await boss.updateQueue(name, updatable);
  }
  return {
    async send(db, name, ...payloads) {
      if (payloads.length === 0) return;
      // insert takes the queue's retry settings for what a job leaves out, as send does.
      await boss.insert(
        name,
        payloads.map((data) => ({ data })),
        { db: fromKysely(db) },
      );
    },
    async work(name, handler) {
      const polling = options.pollingIntervalSeconds ?? 2;
      const batchSize = BATCH_SIZES[name] ?? 1;
      // Its id, once pg-boss has answered (a first job may run before).
      const worker: { id?: string } = {};
      worker.id = await boss.work<JobPayloads[typeof name]>(
        name,
        {
          batchSize,
          // A full batch means more are waiting: fetch the next at once (decision 061).
          burstWhenBatchFull: batchSize > 1,
          perJobResults: true,
          pollingIntervalSeconds: polling,
          // NOTIFY wakes a worker for a new job; a retry coming due after its delay sends none, so the workers
          // still look every interval (pg-boss would wait 30 s while NOTIFY works).
          notifyPollingIntervalSeconds: polling,
        },
        async (jobs: Job<JobPayloads[typeof name]>[]): Promise<JobResult[]> => {
          const retryLimit = QUEUES[name].retryLimit ?? 0;
          try {
            // The batch's jobs run side by side; each succeeds or is retried on its own.
            const outcomes = await Promise.allSettled(
              jobs.map((job) =>
                handler(job.data, { attempt: job.retryCount + 1, lastAttempt: job.retryCount >= retryLimit }),
              ),
            );
            return outcomes.map((outcome, index) => ({
              id: jobs[index]!.id,
              ...(outcome.status === 'fulfilled'
                ? { status: 'completed' as const }
                : { status: 'failed' as const, output: failureOf(outcome.reason) }),
            }));
          } finally {
            // There may be more: look again at once instead of after the polling interval (pg-boss waits it after
            // every batch that is not full), so a burst drains without pauses.
            if (worker.id) boss.notifyWorker(worker.id);
          }
        },
      );
    },
    async schedule(name, cron, timeZone) {
      await boss.schedule(name, cron, {}, { tz: timeZone });
    },
    stop: (timeoutMs = 10_000) => boss.stop({ graceful: true, timeout: timeoutMs }),
  };
}
