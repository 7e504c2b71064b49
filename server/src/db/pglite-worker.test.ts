import { Worker } from 'node:worker_threads';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { openPglite, type PgliteDatabase } from './database.js';

/** Runs `work` while a 5 ms timer ticks; returns how long the work took and the longest wait between two ticks. */
async function timeBlocking(work: () => Promise<unknown>): Promise<{ tookMs: number; longestTickGapMs: number }> {
  let last = performance.now();
  let longestTickGapMs = 0;
  const tick = () => {
    const now = performance.now();
    longestTickGapMs = Math.max(longestTickGapMs, now - last);
    last = now;
  };
  const ticker = setInterval(tick, 5);
  const start = performance.now();
  try {
    await work();
    // A blocked loop may not tick at all before the work ends: the wait since the last tick counts too.
    tick();
    return { tookMs: performance.now() - start, longestTickGapMs };
  } finally {
    clearInterval(ticker);
  }
}

/** PGlite in a thread of its own (decision 026): the main thread keeps serving while it works. */
describe('the embedded database in its own thread', () => {
  let database: PgliteDatabase;
  beforeAll(async () => {
    database = await openPglite();
    await sql`create table probe (name text constraint probe_name_key unique)`.execute(database.db);
  });
  afterAll(() => database.close());

  it('keeps the event loop turning while a query runs', async () => {
    const { tookMs, longestTickGapMs } = await timeBlocking(() =>
      sql`select count(*) from generate_series(1, 3000000)`.execute(database.db),
    );
    // On the main thread the timer would wait for the whole query. Measured against the query's own time, not in
    // milliseconds: on a busy machine every pause of the process (scheduling, garbage collection) grows with it.
    expect(tookMs).toBeGreaterThan(200);
    expect(longestTickGapMs).toBeLessThan(tookMs / 4);
  });

  it("keeps PostgreSQL's error fields, so a unique violation is recognised", async () => {
    await sql`insert into probe values ('twice')`.execute(database.db);
    const error: unknown = await sql`insert into probe values ('twice')`
      .execute(database.db)
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(Error);
    expect(error).toMatchObject({
      code: '23505',
      constraint: 'probe_name_key',
      table: 'probe',
      detail: 'Key (name)=(twice) already exists.',
      message: expect.stringContaining('duplicate key') as unknown,
    });
    // The caller's frames survive the trip, so a log points at the code that ran the query.
    expect((error as Error).stack).toContain('pglite-worker.test.ts');
  });

  it('gives a transaction the session alone: other statements wait for it and never run inside it', async () => {
    const events: string[] = [];
    const transaction = database.db.transaction().execute(async (trx) => {
      await sql`insert into probe values ('in a transaction')`.execute(trx);
      await new Promise((resolve) => setTimeout(resolve, 100));
      events.push('committing');
    });
    await new Promise((resolve) => setTimeout(resolve, 20));
    const outside = sql<{ seen: number }>`select count(*)::int as seen from probe where name = 'in a transaction'`
      .execute(database.db)
      .then(({ rows }) => events.push(`outside saw ${rows[0]!.seen}`));
    await Promise.all([transaction, outside]);
    expect(events).toEqual(['committing', 'outside saw 1']);
  });

  it('sends statements outside a transaction at once, and a transaction only after those in flight', async () => {
    const postMessage = vi.spyOn(Worker.prototype, 'postMessage');
    const sent = () => postMessage.mock.calls.map(([message]) => (message as { sql?: string }).sql).filter(Boolean);
    try {
      let sentWhileSlowRan: unknown[] = [];
      const slow = sql`select pg_sleep(0.2)`.execute(database.db).then(() => (sentWhileSlowRan = sent()));
      const quick = sql<{ one: number }>`select 1 as one`.execute(database.db);
      const transaction = database.db.transaction().execute((trx) => sql`select 2`.execute(trx));
      const [, quickResult] = await Promise.all([slow, quick, transaction]);
      expect(quickResult.rows).toEqual([{ one: 1 }]);
      expect(sentWhileSlowRan).toEqual(['select pg_sleep(0.2)', 'select 1 as one']);
      expect(sent()).toEqual(['select pg_sleep(0.2)', 'select 1 as one', 'begin', 'select 2', 'commit']);
    } finally {
      postMessage.mockRestore();
    }
  });

  it('reports affected rows like the PostgreSQL driver', async () => {
    const updated = await sql`update probe set name = 'renamed' where name = 'twice'`.execute(database.db);
    expect(updated.numAffectedRows).toBe(1n);
    const selected = await sql`select name from probe`.execute(database.db);
    expect(selected.numAffectedRows).toBeUndefined();
  });

  it('delivers notifications until the listener is closed', async () => {
    const received: string[] = [];
    const listener = await database.listen('probe_channel', { onNotify: (payload) => received.push(payload) });
    await sql`select pg_notify('probe_channel', 'first')`.execute(database.db);
    await vi.waitFor(() => expect(received).toEqual(['first']));
    await listener.close();
    await sql`select pg_notify('probe_channel', 'second')`.execute(database.db);
    await sql`select 1`.execute(database.db);
    expect(received).toEqual(['first']);
  });
});

/** Statements the app sends again are parsed and planned once (pglite-prepared.ts). */
describe('prepared statements on the embedded database', () => {
  let database: PgliteDatabase;
  beforeAll(async () => {
    database = await openPglite();
  });
  afterAll(() => database.close());

  const preparedTexts = async () =>
    (
      await sql<{ statement: string }>`select statement from pg_prepared_statements where name like 'app_%'`.execute(
        database.db,
      )
    ).rows.map((row) => row.statement);

  it('prepares a text once and binds each call its own values, of every type the app sends', async () => {
    await sql`create table typed (n int, t text, d date, at timestamptz, j jsonb, b bytea, yes boolean)`.execute(
      database.db,
    );
    const insert = (n: number | null, t: string) =>
      sql`insert into typed values (${n}, ${t}, ${'2026-11-26'}, ${new Date('2026-11-26T10:00:00Z')},
        ${JSON.stringify({ t })}, ${new Uint8Array([1, 2, 255])}, ${n !== null})`.execute(database.db);
    await insert(1, 'first');
    await insert(null, 'second');
    const rows = (await sql`select * from typed order by t`.execute(database.db)).rows;
    expect(rows).toEqual([
      {
        n: 1,
        t: 'first',
        d: '2026-11-26',
        at: '2026-11-26T10:00:00.000Z',
        j: { t: 'first' },
        b: new Uint8Array([1, 2, 255]),
        yes: true,
      },
      expect.objectContaining({ n: null, t: 'second', yes: false }) as unknown,
    ]);
    const texts = await preparedTexts();
    expect(texts.filter((text) => text.startsWith('insert into typed'))).toHaveLength(1);
  });

  it('prepares a text again when its table changed under it', async () => {
    await sql`create table changing (a int)`.execute(database.db);
    await sql`insert into changing values (1)`.execute(database.db);
    expect((await sql`select * from changing`.execute(database.db)).rows).toEqual([{ a: 1 }]);
    await sql`alter table changing add column b text default 'added'`.execute(database.db);
    // PostgreSQL refuses the old plan ("cached plan must not change result type"); the statement is prepared anew.
    expect((await sql`select * from changing`.execute(database.db)).rows).toEqual([{ a: 1, b: 'added' }]);
  });

  it('keeps a bounded number of texts: one that varies does not grow the session', async () => {
    for (let i = 0; i < 520; i += 1) await sql.raw(`select ${i} as n`).execute(database.db);
    const texts = await preparedTexts();
    expect(texts.length).toBeLessThanOrEqual(500);
    expect(texts).toContain('select 519 as n');
    expect(texts).not.toContain('select 0 as n');
  });

  it('leaves a failed transaction failed and the next one working', async () => {
    await sql`create table once (v text primary key)`.execute(database.db);
    const failed = database.db.transaction().execute(async (trx) => {
      await sql`insert into once values (${'x'})`.execute(trx);
      await sql`insert into once values (${'x'})`.execute(trx);
    });
    await expect(failed).rejects.toMatchObject({ code: '23505' });
    expect((await sql`select count(*)::int as n from once`.execute(database.db)).rows).toEqual([{ n: 0 }]);
    await database.db.transaction().execute((trx) => sql`insert into once values (${'y'})`.execute(trx));
    expect((await sql`select v from once`.execute(database.db)).rows).toEqual([{ v: 'y' }]);
  });
});

describe('when the embedded database thread is gone', () => {
  it('fails queries in flight and later ones with a clear error, and still closes', async () => {
    const postMessage = vi.spyOn(Worker.prototype, 'postMessage');
    const database = await openPglite();
    try {
      const inFlight = sql`select pg_sleep(5)`.execute(database.db);
      await vi.waitFor(() => expect(postMessage).toHaveBeenCalled());
      const thread = postMessage.mock.contexts[0] as Worker;
      await thread.terminate();
      await expect(inFlight).rejects.toThrow(/embedded database stopped/);
      await expect(sql`select 1`.execute(database.db)).rejects.toThrow(/embedded database stopped/);
    } finally {
      postMessage.mockRestore();
    }
    await database.close();
  });

  it('fails to open, rather than hangs, when PostgreSQL cannot start', async () => {
    await expect(openPglite({ loadDataDir: new Blob(['not a data directory']) })).rejects.toThrow(
      /embedded database failed/,
    );
  });
});
