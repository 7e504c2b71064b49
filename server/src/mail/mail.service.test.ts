/**
 * Also run on PostgreSQL (decision 056): the job queue: retries and a crashed instance.
 * @module-tag database-engine
 */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestDatabase } from '../../test/database.js';
import { jobsDone } from '../../test/jobs.js';
import { startSmtpServer } from '../../test/smtp.js';
import type { Database } from '../db/database.js';
import { JOB_SCHEMA, startJobQueue, type JobQueue } from '../jobs/job-queue.js';
import type { MailSettings } from '../config.js';
import { mailSender, queueMail, queueMails, type OutgoingMail } from './mail.service.js';

const FROM = '"Horizon Education & Migration" <no-reply@horizon.example>';

function enquiryMail(key: string, overrides: Partial<OutgoingMail> = {}): OutgoingMail {
  return {
    purpose: 'LEAD_NOTIFICATION',
    dedupeKey: key,
    countryId: null,
    to: 'sydney@horizon.example',
    subject: 'New enquiry from Asha',
    text: 'Asha asks about student visas.',
    html: '<p>Asha asks about student visas.</p>',
    ...overrides,
  };
}

describe('mail, through the job queue', () => {
  let database: Database;
  let queue: JobQueue | undefined;
  const started: { close(): Promise<void> }[] = [];

  beforeAll(async () => {
    database = await createTestDatabase();
  });

  afterEach(async () => {
    await queue?.stop();
    queue = undefined;
    for (const server of started.splice(0)) await server.close();
  });

  afterAll(() => database?.close());

  /** A sender whose SMTP connections close after the test, before its server does. */
  function sender(settings: MailSettings) {
    const send = mailSender(database.db, settings);
    started.unshift({ close: () => Promise.resolve(send.close()) });
    return send;
  }

  async function startSending(smtpUrl: string | undefined, sendRate?: number): Promise<JobQueue> {
    queue = await startJobQueue(database, { log: { error: vi.fn() }, pollingIntervalSeconds: 0.5 });
    await queue.work('send-mail', sender({ smtpUrl, from: FROM, ...(sendRate ? { sendRate } : {}) }));
    return queue;
  }

  const mailRow = (id: number) =>
    database.db.selectFrom('mails').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

  it('sends a stored mail once, to its recipient, with one subject line whatever the visitor typed', async () => {
    const smtp = await startSmtpServer();
    started.push(smtp);
    const jobs = await startSending(`smtp://127.0.0.1:${smtp.port}`);
    const hostile = enquiryMail('lead:contact_us:1', { subject: 'New enquiry\r\nBcc: everyone@elsewhere.example' });
    const id = await database.db.transaction().execute((trx) => queueMail(trx, jobs, hostile, { from: FROM }));
    // Asked for again (a resent form): nothing more is stored or sent.
    const again = await database.db.transaction().execute((trx) => queueMail(trx, jobs, hostile, { from: FROM }));
    expect(again).toBeUndefined();

    await vi.waitFor(() => expect(smtp.received).toHaveLength(1), { timeout: 15_000, interval: 100 });
    const [mail] = smtp.received;
    expect(mail!.to).toEqual(['sydney@horizon.example']);
    expect(mail!.from).toBe('no-reply@horizon.example');
    expect(mail!.raw).toMatch(/^Subject: New enquiry Bcc: everyone@elsewhere\.example\r?$/m);
    expect(mail!.raw).not.toMatch(/^Bcc:/im);
    // The server has the mail a moment before the sender records it as sent.
    await vi.waitFor(async () => expect(await mailRow(id!)).toMatchObject({ status: 'SENT' }), {
      timeout: 5_000,
      interval: 50,
    });
    const row = await mailRow(id!);
    expect(row).toMatchObject({ status: 'SENT', attempts: 1, last_error: null });
    expect(mail!.raw).toContain(`Message-ID: ${row.message_id}`);
    // Nothing else arrives later: the job is done, not to be retried.
    await jobsDone(database.db, 'send-mail');
    expect(smtp.received).toHaveLength(1);
  }, 30_000);

  it('drains a burst over a few kept-open connections side by side, each mail once, no faster than MAIL_SEND_RATE', async () => {
    const smtp = await startSmtpServer();
    started.push(smtp);
    const jobs = await startSending(`smtp://127.0.0.1:${smtp.port}`, 20);
    const burst = Array.from({ length: 60 }, (_, index) => enquiryMail(`lead:contact_us:burst-${index}`));
    const queued = performance.now();
    await database.db.transaction().execute((trx) => queueMails(trx, jobs, burst, { from: FROM }));
    await vi.waitFor(() => expect(smtp.received.length).toBeGreaterThanOrEqual(60), { timeout: 20_000, interval: 50 });
    const seconds = (performance.now() - queued) / 1000;
    await jobsDone(database.db, 'send-mail');
    const messageIds = smtp.received.map((mail) => /^Message-ID: (\S+)/im.exec(mail.raw)?.[1]);
    expect(new Set(messageIds).size).toBe(60);
    expect(smtp.received).toHaveLength(60);
    // One connection per mail, one after another, before; now a pool of five used side by side.
    expect(smtp.connections.opened).toBeLessThanOrEqual(5);
    expect(smtp.connections.most).toBeGreaterThanOrEqual(2);
    // 20 a second: the first 20 at once, the last 20 two seconds later at the soonest.
    expect(seconds).toBeGreaterThanOrEqual(1.9);
  }, 30_000);

  it('waits out a mail server that is down and sends the mail once when it is back', async () => {
    const probe = await startSmtpServer();
    const port = probe.port;
    await probe.close();
    const jobs = await startSending(`smtp://127.0.0.1:${port}`);
    // The queue's first retry is 30 s away; a test waits 1 s.
    await database.executeSql(`update ${JOB_SCHEMA}.queue set retry_delay = 1, retry_backoff = false`);
    const id = await database.db
      .transaction()
      .execute((trx) => queueMail(trx, jobs, enquiryMail('lead:contact_us:2'), { from: FROM }));
    await vi.waitFor(async () => expect(await mailRow(id!)).toMatchObject({ status: 'QUEUED', attempts: 1 }), {
      timeout: 15_000,
      interval: 100,
    });
    expect((await mailRow(id!)).last_error).toMatch(/ECONNREFUSED/);

    const smtp = await startSmtpServer(port);
    started.push(smtp);
    await vi.waitFor(() => expect(smtp.received).toHaveLength(1), { timeout: 20_000, interval: 100 });
    await vi.waitFor(async () => expect((await mailRow(id!)).status).toBe('SENT'), { timeout: 5_000 });
    await jobsDone(database.db, 'send-mail');
    expect(smtp.received).toHaveLength(1);
  }, 40_000);

  it('sends a mail once when the instance that took its job died mid-way and another retries it', async () => {
    const smtp = await startSmtpServer();
    started.push(smtp);
    // The instance that crashes: it takes the job and never finishes it.
    const crashed = await startJobQueue(database, { log: { error: vi.fn() }, pollingIntervalSeconds: 0.5 });
    // Jobs expire after a second here (two minutes in production), and are retried a second later.
    await database.executeSql(
      `update ${JOB_SCHEMA}.queue set expire_seconds = 1, retry_delay = 1, retry_backoff = false where name = 'send-mail'`,
    );
    let taken = 0;
    await crashed.work('send-mail', () => {
      taken += 1;
      return new Promise<void>(() => undefined);
    });
    const id = await database.db
      .transaction()
      .execute((trx) => queueMail(trx, crashed, enquiryMail('lead:contact_us:crash'), { from: FROM }));
    await vi.waitFor(() => expect(taken).toBe(1), { timeout: 10_000, interval: 100 });
    await crashed.stop(200);
    expect((await mailRow(id!)).status).toBe('QUEUED');

    // A healthy instance finds the expired job and runs it again: the mail goes out once.
    queue = await startJobQueue(database, {
      log: { error: vi.fn() },
      pollingIntervalSeconds: 0.5,
      superviseIntervalSeconds: 1,
    });
    await queue.work('send-mail', sender({ smtpUrl: `smtp://127.0.0.1:${smtp.port}`, from: FROM }));
    await vi.waitFor(() => expect(smtp.received).toHaveLength(1), { timeout: 30_000, interval: 200 });
    await vi.waitFor(async () => expect((await mailRow(id!)).status).toBe('SENT'), { timeout: 5_000 });
    await jobsDone(database.db, 'send-mail');
    expect(smtp.received).toHaveLength(1);
    await database.executeSql(
      `update ${JOB_SCHEMA}.queue set expire_seconds = 120, retry_delay = 30, retry_backoff = true where name = 'send-mail'`,
    );
  }, 60_000);

  it('keeps a mail in the outbox when no SMTP server is set', async () => {
    const jobs = await startSending(undefined);
    const id = await database.db
      .transaction()
      .execute((trx) => queueMail(trx, jobs, enquiryMail('lead:contact_us:3'), { from: FROM }));
    await vi.waitFor(async () => expect((await mailRow(id!)).status).toBe('KEPT'), { timeout: 15_000, interval: 100 });
  }, 30_000);

  it('stores no mail and queues no job when the transaction that asked for it rolls back', async () => {
    const jobs = await startSending(undefined);
    await expect(
      database.db.transaction().execute(async (trx) => {
        await queueMail(trx, jobs, enquiryMail('lead:contact_us:4'), { from: FROM });
        throw new Error('the enquiry could not be stored');
      }),
    ).rejects.toThrow('the enquiry could not be stored');
    const rows = await database.db
      .selectFrom('mails')
      .select('id')
      .where('dedupe_key', '=', 'lead:contact_us:4')
      .execute();
    expect(rows).toEqual([]);
  }, 30_000);
});
