/**
 * The embedded database's own thread (decision 026). PGlite runs PostgreSQL as WebAssembly, synchronously: on the
 * main thread every query would stall HTTP handling. `openPglite` (database.ts) starts this file in a worker_threads
 * Worker and talks to it by the messages below; values are parsed here, so only plain rows cross over.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
// Its own files by their .ts names: from source, Node.js runs this thread without tsx, stripping the types itself
// (a thread under tsx started ~1 s slower, once per test database); the build writes them as .js.
import { PreparedStatements } from './pglite-prepared.ts';
import { VALUE_PARSERS } from './value-parsers.ts';

export interface PgliteWorkerData {
  dataDir: string | undefined;
  /** A snapshot made with `dumpDataDir` (transferred, not copied). */
  loadDataDir: ArrayBuffer | undefined;
}

/** One request from the main thread; its `id` comes back in the reply, a listener's number in its notifications. */
export type PgliteRequest =
  | { id: number; kind: 'query'; sql: string; params: readonly unknown[] }
  /** Several statements without parameters (the simple protocol), e.g. a library's own `BEGIN; …; COMMIT`. */
  | { id: number; kind: 'exec'; sql: string }
  | { id: number; kind: 'listen'; channel: string; listener: number }
  | { id: number; kind: 'unlisten'; listener: number }
  | { id: number; kind: 'dumpDataDir' }
  | { id: number; kind: 'close' };

export interface QueryResult {
  rows: unknown[];
  command: string | undefined;
  rowCount: number | undefined;
}

export type PgliteReply =
  | { kind: 'ready' }
  | { kind: 'done'; id: number; value?: QueryResult | { rows: unknown[] } | ArrayBuffer }
  | { kind: 'failed'; id: number; error: SerializedError }
  | { kind: 'notification'; listener: number; payload: string };

/** The fields of PostgreSQL's error report (pg's `DatabaseError`), which a cloned Error would lose. */
const DATABASE_ERROR_FIELDS = [
  'severity',
  'code',
  'detail',
  'hint',
  'position',
  'internalPosition',
  'internalQuery',
  'where',
  'schema',
  'table',
  'column',
  'dataType',
  'constraint',
  'file',
  'line',
  'routine',
] as const;

export interface SerializedError {
  message: string;
  fields: Partial<Record<(typeof DATABASE_ERROR_FIELDS)[number], string>>;
}

function serializeError(error: unknown): SerializedError {
  if (!(error instanceof Error)) return { message: String(error), fields: {} };
  const fields: SerializedError['fields'] = {};
  for (const field of DATABASE_ERROR_FIELDS) {
    const value = (error as unknown as Record<string, unknown>)[field];
    if (typeof value === 'string') fields[field] = value;
  }
  return { message: error.message, fields };
}

const port = parentPort!;
const post = (reply: PgliteReply, transfer: ArrayBuffer[] = []) => port.postMessage(reply, transfer);

const data = workerData as PgliteWorkerData;
const pglite = await PGlite.create(data.dataDir, {
  parsers: VALUE_PARSERS,
  // PostgreSQL's default 128 MB buffer pool lives in WebAssembly memory, touched and never given back: most of the
  // embedded database's idle memory. The site's data is a few megabytes, and a miss is a read from the operating
  // system's file cache (or from memory, in tests).
  startParams: [...PGlite.defaultStartParams, '-c', 'shared_buffers=16MB'],
  ...(data.loadDataDir ? { loadDataDir: new Blob([data.loadDataDir]) } : {}),
});
const unlisteners = new Map<number, () => Promise<void>>();
const prepared = new PreparedStatements(pglite);
/** What the app sends again and again; schema changes and transaction control run as they come. */
const REPEATED_STATEMENT = /^\s*(?:select|insert|update|delete|with)\b/i;

async function handle(request: PgliteRequest): Promise<void> {
  switch (request.kind) {
    case 'query': {
      const { rows, command, rowCount } = REPEATED_STATEMENT.test(request.sql)
        ? await prepared.query(request.sql, request.params)
        : await pglite.query(request.sql, [...request.params]);
      return post({ kind: 'done', id: request.id, value: { rows, command, rowCount } });
    }
    case 'exec': {
      try {
        const results = await pglite.exec(request.sql);
        return post({ kind: 'done', id: request.id, value: { rows: results.flatMap((result) => result.rows) } });
      } catch (error) {
        // A statement that failed after the SQL's own BEGIN leaves the one session in an aborted transaction, where
        // every later statement would fail too: end it (outside a transaction this is a harmless warning).
        await pglite.exec('rollback');
        throw error;
      }
    }
    case 'listen': {
      const { listener } = request;
      unlisteners.set(
        listener,
        await pglite.listen(request.channel, (payload) => post({ kind: 'notification', listener, payload })),
      );
      return post({ kind: 'done', id: request.id });
    }
    case 'unlisten':
      await unlisteners.get(request.listener)?.();
      unlisteners.delete(request.listener);
      return post({ kind: 'done', id: request.id });
    case 'dumpDataDir': {
      const tarball = await (await pglite.dumpDataDir('none')).arrayBuffer();
      return post({ kind: 'done', id: request.id, value: tarball }, [tarball]);
    }
    case 'close':
      await pglite.close();
      return post({ kind: 'done', id: request.id });
  }
}

// PGlite queues statements itself; the main thread keeps a transaction's statements together (its session lock).
port.on('message', (request: PgliteRequest) => {
  handle(request).catch((error: unknown) => post({ kind: 'failed', id: request.id, error: serializeError(error) }));
});
post({ kind: 'ready' });
