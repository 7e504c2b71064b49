import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import {
  AbortedTransactionError,
  CompiledQuery,
  Kysely,
  PostgresAdapter,
  PostgresDialect,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type QueryResult as KyselyQueryResult,
  type TransactionSettings,
} from 'kysely';
import pg from 'pg';
import type {
  PgliteReply,
  PgliteRequest,
  PgliteWorkerData,
  QueryResult as PgliteQueryResult,
} from './pglite-worker.js';
import type { DB } from './schema.js';
import { VALUE_PARSERS } from './value-parsers.js';

export type DatabaseDriver = 'postgres' | 'pglite';

export interface Database {
  db: Kysely<DB>;
  driver: DatabaseDriver;
  close(): Promise<void>;
  /**
   * Receives the payloads NOTIFY sends on `channel` (from this instance or any other on the same database), as long
   * as the returned listener is open. `onLost` is told when notifications may have been missed (the connection
   * dropped); the listener reconnects by itself.
   */
  listen(channel: string, handlers: NotificationHandlers): Promise<Listener>;
  /**
   * Runs SQL that a library brings as text (the job queue, decision 028) outside any transaction of ours: with
   * parameters one statement, without them possibly several (its own `BEGIN; …; COMMIT`). The rows of every
   * statement come back together.
   */
  executeSql(sql: string, values?: readonly unknown[]): Promise<{ rows: unknown[] }>;
}

export interface NotificationHandlers {
  onNotify(payload: string): void;
  /** Notifications may have been missed (the connection was lost); called again with `true` once listening again. */
  onLost?(listening: boolean): void;
}

export interface Listener {
  close(): Promise<void>;
}

/** How long each wait on PostgreSQL may last, so a lost database fails requests fast instead of hanging them. */
export const POSTGRES_TIMEOUTS = {
  /** Opening a connection, or waiting for a free one from the pool. */
  connectMs: 5_000,
  /** One statement, enforced by the server. */
  statementMs: 15_000,
  /** One query's reply, enforced here (the network to the server is gone). */
  queryMs: 20_000,
  /** A transaction left idle (a stuck request) is ended by the server. */
  idleInTransactionMs: 30_000,
} as const;

export function openPostgres(
  connectionString: string,
  options: { max?: number; onConnectionError?: (error: Error) => void } = {},
): Database {
  const pool = new pg.Pool({
    connectionString,
    max: options.max ?? 10,
    connectionTimeoutMillis: POSTGRES_TIMEOUTS.connectMs,
    statement_timeout: POSTGRES_TIMEOUTS.statementMs,
    query_timeout: POSTGRES_TIMEOUTS.queryMs,
    idle_in_transaction_session_timeout: POSTGRES_TIMEOUTS.idleInTransactionMs,
    // Notice a silently dropped connection (a restarted server, a lost network) on idle clients too.
    keepAlive: true,
    types: {
      getTypeParser: ((oid: number, format?: 'text' | 'binary') => {
        // The same values as PGlite gives (value-parsers.ts).
        return VALUE_PARSERS[oid] ?? (pg.types.getTypeParser(oid, format) as (value: string) => unknown);
      }) as typeof pg.types.getTypeParser,
    },
  });
  // A lost connection must never crash the process. pg-pool listens for a client's errors only while it is idle;
  // a client a request holds (between its queries, or just handed out) would emit an unhandled 'error' and bring
  // the whole server down. So every client gets a listener of its own; the pool drops a broken client when it is
  // released, and the next query opens a new connection.
  pool.on('error', (error) => options.onConnectionError?.(error));
  pool.on('connect', (client) => client.on('error', (error) => options.onConnectionError?.(error)));
  return {
    ...wrap(new PostgresDialect({ pool }), 'postgres'),
    listen: (channel, handlers) => listenOnPostgres(connectionString, channel, handlers, options.onConnectionError),
    executeSql: async (sql, values) => {
      // pg answers several statements (the simple protocol, used when there are no parameters) with one result each.
      type Result = pg.QueryResult<Record<string, unknown>>;
      const result = (await pool.query(sql, values ? [...values] : undefined)) as Result | Result[];
      return { rows: Array.isArray(result) ? result.flatMap((each) => each.rows) : result.rows };
    },
  };
}

/** How long to wait before listening again after the connection was lost. */
const RELISTEN_DELAY_MS = 1_000;

/**
 * LISTEN needs a connection of its own for as long as it listens (a pooled one goes back to the pool). When it is
 * lost, the handlers hear so at once and it connects again until closed.
 */
async function listenOnPostgres(
  connectionString: string,
  channel: string,
  handlers: NotificationHandlers,
  onConnectionError: ((error: Error) => void) | undefined,
): Promise<Listener> {
  let closed = false;
  let client: pg.Client | undefined;
  let retry: NodeJS.Timeout | undefined;

  const connect = async (): Promise<void> => {
    const next = new pg.Client({
      connectionString,
      keepAlive: true,
      connectionTimeoutMillis: POSTGRES_TIMEOUTS.connectMs,
    });
    next.on('notification', (message) => {
      if (message.channel === channel && message.payload !== undefined) handlers.onNotify(message.payload);
    });
    let lost = false;
    const onLost = (error?: Error) => {
      if (lost || closed) return;
      lost = true;
      if (error) onConnectionError?.(error);
      handlers.onLost?.(false);
      void next.end().catch(() => undefined);
      retry = setTimeout(() => void reconnect(), RELISTEN_DELAY_MS);
      retry.unref();
    };
    next.on('error', onLost);
    next.on('end', () => onLost());
    await next.connect();
    await next.query(`listen ${pg.Client.prototype.escapeIdentifier(channel)}`);
    client = next;
  };
  const reconnect = async () => {
    if (closed) return;
    try {
      await connect();
      handlers.onLost?.(true);
    } catch (error) {
      onConnectionError?.(error as Error);
      retry = setTimeout(() => void reconnect(), RELISTEN_DELAY_MS);
      retry.unref();
    }
  };

  await connect();
  return {
    close: async () => {
      closed = true;
      clearTimeout(retry);
      await client?.end().catch(() => undefined);
    },
  };
}

export interface PgliteDatabase extends Database {
  /** The whole data directory as an uncompressed tarball, for `loadDataDir` (tests clone a migrated template). */
  dumpDataDir(): Promise<Blob>;
}

/**
 * Opens the embedded database in a thread of its own (decision 026). `dataDir` undefined means in memory (tests);
 * `loadDataDir` starts from a snapshot made with `dumpDataDir`.
 */
export async function openPglite(options: { dataDir?: string; loadDataDir?: Blob } = {}): Promise<PgliteDatabase> {
  if (options.dataDir) mkdirSync(path.dirname(options.dataDir), { recursive: true });
  const loadDataDir = await options.loadDataDir?.arrayBuffer();
  const thread = new PgliteThread({ dataDir: options.dataDir, loadDataDir }, loadDataDir ? [loadDataDir] : []);
  await thread.ready;
  return {
    // Closing destroys Kysely, whose driver closes the thread.
    ...wrap(new PgliteWorkerDialect(thread), 'pglite'),
    dumpDataDir: async () => new Blob([(await thread.request({ kind: 'dumpDataDir' })) as ArrayBuffer]),
    executeSql: async (sql, values) => {
      // Several statements may hold the session in a transaction of their own: they take it alone.
      if (!values?.length) return (await thread.request({ kind: 'exec', sql })) as { rows: unknown[] };
      const { rows } = (await thread.request({ kind: 'query', sql, params: values }, false)) as PgliteQueryResult;
      return { rows };
    },
    // One process, one session: nothing to lose and nothing to reconnect.
    listen: async (channel, handlers) => {
      const listener = await thread.listen(channel, (payload) => handlers.onNotify(payload));
      // Once the database is closed, its listeners are gone with it: nothing left to stop.
      return { close: () => (thread.stopped ? Promise.resolve() : thread.unlisten(listener)) };
    },
  };
}

export async function openDatabase(
  config: { databaseUrl: string | undefined; dataDir: string },
  log?: { warn(obj: object, msg: string): void },
): Promise<Database> {
  if (config.databaseUrl) {
    return openPostgres(config.databaseUrl, {
      onConnectionError: (error) => log?.warn({ err: error }, 'a database connection was lost'),
    });
  }
  return openPglite({ dataDir: path.join(config.dataDir, 'pglite') });
}

function wrap(dialect: Dialect, driver: DatabaseDriver): Omit<Database, 'listen' | 'executeSql'> {
  const db = new Kysely<DB>({ dialect });
  let closed: Promise<void> | undefined;
  return {
    db,
    driver,
    close: () => (closed ??= db.destroy()),
  };
}

// Under tsx or vitest this module is TypeScript source, and so is the worker, which Node.js runs by stripping its
// types (it imports only its own few files, by their .ts names); built, both are JavaScript in dist/server.
const FROM_SOURCE = import.meta.url.endsWith('.ts');
const WORKER_URL = new URL(FROM_SOURCE ? './pglite-worker.ts' : './pglite-worker.js', import.meta.url);
// A thread refuses V8's flags (the server's --max-semi-space-size): it gets its own limits as resourceLimits.
const NODE_FLAGS = process.execArgv.filter((flag) => !/^--(max-semi-space-size|max-old-space-size)\b/.test(flag));
/**
 * The thread's young generation: PostgreSQL's work happens in WebAssembly memory, and the thread's JavaScript only
 * passes messages, so a small one does (V8's default grows to 64 MB per semi-space, all of it kept: decision 026).
 */
const WORKER_LIMITS = { maxYoungGenerationSizeMb: 8 };

/** A request before it gets its id. */
type Call = DistributiveOmit<PgliteRequest, 'id'>;
type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;
/** The reply to one request. */
type Answer = Extract<PgliteReply, { id: number }>;

/**
 * The main thread's end of PGlite's thread: requests by id, replies by id. PGlite is a single session, so `session`
 * lets one user at a time (a whole transaction) send statements. If the thread dies, every waiting and later request
 * fails with the reason instead of hanging.
 */
class PgliteThread {
  readonly session = new SessionLock();
  readonly ready: Promise<void>;
  readonly #worker: Worker;
  readonly #pending = new Map<number, { resolve: (reply: Answer) => void; reject: (error: Error) => void }>();
  readonly #listeners = new Map<number, (payload: string) => void>();
  #nextId = 1;
  #nextListener = 1;
  #stopped: Error | undefined;
  #closing: Promise<void> | undefined;

  constructor(data: PgliteWorkerData, transferList: ArrayBuffer[]) {
    const ready = Promise.withResolvers<void>();
    this.ready = ready.promise;
    this.#worker = new Worker(WORKER_URL, {
      workerData: data,
      transferList,
      execArgv: NODE_FLAGS,
      resourceLimits: WORKER_LIMITS,
    });
    this.#worker.on('message', (reply: PgliteReply) => {
      if (reply.kind === 'ready') return ready.resolve();
      if (reply.kind === 'notification') return this.#listeners.get(reply.listener)?.(reply.payload);
      this.#pending.get(reply.id)?.resolve(reply);
      this.#pending.delete(reply.id);
    });
    const stop = (reason: Error) => {
      this.#stopped ??= reason;
      ready.reject(this.#stopped);
      for (const { reject } of this.#pending.values()) reject(this.#stopped);
      this.#pending.clear();
    };
    // An uncaught error in the thread (PostgreSQL could not start, WebAssembly aborted) is followed by 'exit'.
    this.#worker.on('error', (error: Error) =>
      stop(new Error(`The embedded database failed: ${error.message}`, { cause: error })),
    );
    this.#worker.on('exit', (code) =>
      stop(
        new Error(
          this.#closing ? 'The embedded database is closed' : `The embedded database stopped (exit code ${code})`,
        ),
      ),
    );
  }

  /** Whether the thread is closing or gone. */
  get stopped(): boolean {
    return this.#closing !== undefined || this.#stopped !== undefined;
  }

  /** Resolves with the reply, a failed statement included; rejects only when the thread is gone. */
  send(request: Call): Promise<Answer> {
    if (this.#stopped) return Promise.reject(new Error(this.#stopped.message, { cause: this.#stopped }));
    const id = this.#nextId++;
    const { promise, resolve, reject } = Promise.withResolvers<Answer>();
    this.#pending.set(id, { resolve, reject });
    this.#worker.postMessage({ ...request, id });
    return promise;
  }

  /**
   * Sends a request outside a transaction and returns its value or throws its error. It waits for the session: alone
   * (the default), or shared with other statements in flight (`alone: false`, a single statement).
   */
  async request(request: Call, alone = true): Promise<unknown> {
    const release = await this.session.acquire(alone);
    try {
      return valueOf(await this.send(request));
    } finally {
      release();
    }
  }

  async listen(channel: string, onNotify: (payload: string) => void): Promise<number> {
    const listener = this.#nextListener++;
    this.#listeners.set(listener, onNotify);
    try {
      await this.request({ kind: 'listen', channel, listener });
      return listener;
    } catch (error) {
      this.#listeners.delete(listener);
      throw error;
    }
  }

  async unlisten(listener: number): Promise<void> {
    this.#listeners.delete(listener);
    await this.request({ kind: 'unlisten', listener });
  }

  /** Lets PGlite write what it holds, then ends the thread (a thread that already died has nothing to write). */
  close(): Promise<void> {
    this.#closing ??= (async () => {
      try {
        if (!this.#stopped) valueOf(await this.send({ kind: 'close' }));
      } finally {
        await this.#worker.terminate();
      }
    })();
    return this.#closing;
  }
}

/** The value of a reply, or its error rebuilt as pg's `DatabaseError` (as `openPostgres` throws) when it has a code. */
function valueOf(reply: Answer): unknown {
  if (reply.kind === 'done') return reply.value;
  const { message, fields } = reply.error;
  if (fields.code === undefined) throw new Error(message);
  throw Object.assign(new pg.DatabaseError(message, 0, 'error'), fields);
}

/**
 * Who may send statements to PGlite's single session. Statements outside a transaction share it: they are sent at
 * once and PGlite runs them one after another in the order sent, so a page's independent reads cost one round trip
 * to the thread together, not one each. A transaction (and LISTEN, a dump, closing) holds it alone: it waits for the
 * statements in flight and lets nothing in until it ends. Waiters are let in in order, so a transaction is not
 * starved by a stream of reads. `acquire` resolves with the function that gives the turn back.
 */
class SessionLock {
  #sharing = 0;
  #alone = false;
  readonly #waiting: { alone: boolean; enter: () => void }[] = [];

  acquire(alone: boolean): Promise<() => void> {
    const { promise, resolve } = Promise.withResolvers<() => void>();
    this.#waiting.push({ alone, enter: () => resolve(this.#leave(alone)) });
    this.#letIn();
    return promise;
  }

  #letIn(): void {
    for (let next = this.#waiting[0]; next; next = this.#waiting[0]) {
      if (this.#alone || (next.alone && this.#sharing > 0)) return;
      this.#waiting.shift();
      if (next.alone) this.#alone = true;
      else this.#sharing += 1;
      next.enter();
    }
  }

  #leave(alone: boolean): () => void {
    let left = false;
    return () => {
      if (left) return;
      left = true;
      if (alone) this.#alone = false;
      else this.#sharing -= 1;
      this.#letIn();
    };
  }
}

/** Kysely's PostgreSQL dialect with a driver that sends statements to PGlite's thread. */
class PgliteWorkerDialect implements Dialect {
  constructor(private readonly thread: PgliteThread) {}
  createAdapter = () => new PostgresAdapter();
  createDriver = () => new PgliteWorkerDriver(this.thread);
  createQueryCompiler = () => new PostgresQueryCompiler();
  createIntrospector = (db: Kysely<unknown>) => new PostgresIntrospector(db);
}

/**
 * Like Kysely's PostgresDriver over PGlite's one session: a statement on its own shares the session with others in
 * flight; a transaction holds it alone from BEGIN until its connection is released.
 */
class PgliteWorkerDriver implements Driver {
  constructor(private readonly thread: PgliteThread) {}

  async init(): Promise<void> {}

  acquireConnection(): Promise<PgliteWorkerConnection> {
    return Promise.resolve(new PgliteWorkerConnection(this.thread));
  }

  releaseConnection(connection: PgliteWorkerConnection): Promise<void> {
    connection.endTransaction();
    return Promise.resolve();
  }

  async beginTransaction(connection: PgliteWorkerConnection, settings: TransactionSettings): Promise<void> {
    let statement = settings.isolationLevel || settings.accessMode ? 'start transaction' : 'begin';
    if (settings.isolationLevel) statement += ` isolation level ${settings.isolationLevel}`;
    if (settings.accessMode) statement += ` ${settings.accessMode}`;
    await connection.startTransaction();
    await connection.executeQuery(CompiledQuery.raw(statement));
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    const { rows } = await connection.executeQuery<{ command?: string }>(CompiledQuery.raw('commit'));
    // PostgreSQL answers COMMIT with a ROLLBACK tag when an earlier statement error aborted the transaction.
    if (rows[0]?.command === 'ROLLBACK') throw new AbortedTransactionError();
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('rollback'));
  }

  async destroy(): Promise<void> {
    await this.thread.close();
  }
}

class PgliteWorkerConnection implements DatabaseConnection {
  /** Set while this connection runs a transaction: its turn alone on the session. */
  #transaction: (() => void) | undefined;

  constructor(private readonly thread: PgliteThread) {}

  async startTransaction(): Promise<void> {
    this.#transaction ??= await this.thread.session.acquire(true);
  }

  endTransaction(): void {
    this.#transaction?.();
    this.#transaction = undefined;
  }

  async executeQuery<R>(query: CompiledQuery): Promise<KyselyQueryResult<R>> {
    const release = this.#transaction ? undefined : await this.thread.session.acquire(false);
    let reply: Answer;
    try {
      reply = await this.thread.send({ kind: 'query', sql: query.sql, params: query.parameters });
    } finally {
      release?.();
    }
    const { rows, command, rowCount } = valueOf(reply) as PgliteQueryResult;
    if (command === 'COMMIT' || command === 'ROLLBACK') return { rows: [{ command } as R] };
    const changed = command === 'INSERT' || command === 'UPDATE' || command === 'DELETE' || command === 'MERGE';
    return { rows: rows as R[], numAffectedRows: changed ? BigInt(rowCount ?? 0) : undefined };
  }

  // No cursor across threads: the whole result comes over, then goes out in chunks.
  async *streamQuery<R>(query: CompiledQuery, chunkSize: number): AsyncIterableIterator<KyselyQueryResult<R>> {
    const { rows } = await this.executeQuery<R>(query);
    for (let start = 0; start < rows.length; start += chunkSize) yield { rows: rows.slice(start, start + chunkSize) };
  }
}
