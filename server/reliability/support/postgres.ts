import { randomBytes } from 'node:crypto';
import pg from 'pg';

/** The PostgreSQL server the reliability tests run against (the machine's own by default). */
export const POSTGRES_URL = process.env.RELIABILITY_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';

/** The Redis the instances share (the machine's own by default). */
export const REDIS_URL = process.env.RELIABILITY_REDIS_URL || 'redis://127.0.0.1:6379';

function withDatabase(serverUrl: string, database: string, port?: number): string {
  const url = new URL(serverUrl);
  url.pathname = `/${database}`;
  if (port !== undefined) {
    url.hostname = '127.0.0.1';
    url.port = String(port);
  }
  return url.toString();
}

async function query<T>(connectionString: string, text: string, values: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString });
  await client.connect();
  try {
    return (await client.query(text, values)).rows as T[];
  } finally {
    await client.end();
  }
}

/** Where a test database's server listens (for a proxy in front of it). */
export function postgresAddress(): { host: string; port: number } {
  const url = new URL(POSTGRES_URL);
  return { host: url.hostname || '127.0.0.1', port: Number(url.port || 5432) };
}

export interface TestDatabase {
  /** The connection URL (optionally through a proxy listening on 127.0.0.1:`port`). */
  url(viaPort?: number): string;
  /** A query straight to the database (never through a proxy), for checking what was stored. */
  query<T>(text: string, values?: unknown[]): Promise<T[]>;
  drop(): Promise<void>;
}

/** An empty database of its own; the server migrates and seeds it at start, as in production. */
export async function createDatabase(): Promise<TestDatabase> {
  const name = `reliability_${randomBytes(5).toString('hex')}`;
  await query(POSTGRES_URL, `CREATE DATABASE ${name}`);
  return {
    url: (viaPort) => withDatabase(POSTGRES_URL, name, viaPort),
    query: (text, values) => query(withDatabase(POSTGRES_URL, name), text, values),
    drop: async () => void (await query(POSTGRES_URL, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)),
  };
}
