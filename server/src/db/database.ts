import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite, types as pgliteTypes } from '@electric-sql/pglite';
import { Kysely, PostgresDialect, type Dialect } from 'kysely';
import { PGliteDialect } from 'kysely-pglite-dialect';
import pg from 'pg';
import type { DB } from './schema.js';

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
}

export interface NotificationHandlers {
  onNotify(payload: string): void;
  /** Notifications may have been missed (the connection was lost); called again with `true` once listening again. */
  onLost?(listening: boolean): void;
}

export interface Listener {
  close(): Promise<void>;
}

/**
 * Both drivers return the same JavaScript values for the same SQL types, so code above Kysely
 * never needs to know which one it talks to:
 * - `date` stays a `YYYY-MM-DD` string (pg would turn it into a local-midnight Date);
 * - `bigint` (e.g. `count(*)`) becomes a number;
 * - `timestamptz` becomes an ISO-8601 string (the API's wire format, spec wire contract), so rows go out as they
 *   come in, through tRPC, GraphQL and server-side rendering alike;
 * - `bytea` is a Uint8Array on both.
 */
const OID_INT8 = 20;
const OID_DATE = 1082;
const OID_TIMESTAMPTZ = 1184;

const keepString = (value: string) => value;
const toNumber = (value: string) => Number(value);
const toIsoString = (value: string) => new Date(value).toISOString();

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
        if (oid === OID_DATE) return keepString;
        if (oid === OID_INT8) return toNumber;
        if (oid === OID_TIMESTAMPTZ) return toIsoString;
        return pg.types.getTypeParser(oid, format) as (value: string) => unknown;
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

/** Parsers for PGlite, matching `openPostgres` (see above). */
export const pgliteParsers = {
  [pgliteTypes.DATE]: keepString,
  [pgliteTypes.INT8]: toNumber,
  [pgliteTypes.TIMESTAMPTZ]: toIsoString,
};

/**
 * Opens the embedded database. `dataDir` undefined means in memory (tests);
 * `loadDataDir` starts from a snapshot made with `dumpDataDir` (tests clone a migrated template this way).
 */
export interface PgliteDatabase extends Database {
  pglite: PGlite;
}

export async function openPglite(options: { dataDir?: string; loadDataDir?: Blob } = {}): Promise<PgliteDatabase> {
  if (options.dataDir) mkdirSync(path.dirname(options.dataDir), { recursive: true });
  const pglite = await PGlite.create(options.dataDir, {
    parsers: pgliteParsers,
    ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
  });
  return {
    ...wrap(new PGliteDialect(pglite), 'pglite'),
    pglite,
    // One process, one session: nothing to lose and nothing to reconnect.
    listen: async (channel, handlers) => {
      const unlisten = await pglite.listen(channel, (payload) => handlers.onNotify(payload));
      return { close: unlisten };
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

function wrap(dialect: Dialect, driver: DatabaseDriver): Omit<Database, 'listen'> {
  const db = new Kysely<DB>({ dialect });
  let closed: Promise<void> | undefined;
  return {
    db,
    driver,
    close: () => (closed ??= db.destroy()),
  };
}
