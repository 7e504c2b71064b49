/**
 * Prepares the databases a test starts from once for the whole run, so no test pays for initdb, migrations, the
 * seed or the first administrator's password hash: one as every app's first start leaves it (what `buildTestApp`
 * starts on), and one only migrated (for tests of the seed and of the first start itself):
 * - TEST_DATABASE_URL set: two template databases on that PostgreSQL server, cloned per test database;
 * - TEST_DB=testcontainers: the same against a throwaway PostgreSQL container, when a container runtime exists;
 * - otherwise: two PGlite data directory snapshots (tarballs), loaded per test database.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openPglite, openPostgres, type Database, type PgliteDatabase } from '../src/db/database.js';
import { migrateToLatest } from '../src/db/migrate.js';
import { startJobQueue } from '../src/jobs/job-queue.js';
import { seedDatabase } from '../src/seed/seed.js';
import { ensureInitialAdmin } from '../src/staff/staff.bootstrap.js';
import { testConfig } from './app.js';

declare module 'vitest' {
  export interface ProvidedContext {
    testDatabase:
      | { kind: 'pglite'; snapshotFiles: Record<TestDatabaseStart, string> }
      | {
          kind: 'postgres';
          serverUrl: string;
          templates: Record<TestDatabaseStart, string>;
          /** Starts the name of every database of the run, so the teardown finds what a crashed file left. */
          prefix: string;
        };
  }
}

/** What a test database holds at its start: the base seed applied (as after an app's first start), or only migrated. */
export type TestDatabaseStart = 'seeded' | 'migrated';

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  let serverUrl = process.env.TEST_DATABASE_URL || undefined;
  let stopContainer: (() => Promise<void>) | undefined;
  if (!serverUrl && process.env.TEST_DB === 'testcontainers') {
    const container = await startContainer();
    if (container) {
      serverUrl = container.url;
      stopContainer = container.stop;
    }
  }

  if (serverUrl) {
    const prefix = `test_template_${randomBytes(4).toString('hex')}`;
    const templates = { migrated: `${prefix}_migrated`, seeded: `${prefix}_seeded` };
    await adminQuery(serverUrl, `CREATE DATABASE ${templates.migrated}`);
    await prepareTemplate(withDatabase(serverUrl, templates.migrated), prepareMigrated);
    await adminQuery(serverUrl, `CREATE DATABASE ${templates.seeded} TEMPLATE ${templates.migrated}`);
    await prepareTemplate(withDatabase(serverUrl, templates.seeded), prepareSeeded);
    project.provide('testDatabase', { kind: 'postgres', serverUrl, templates, prefix });
    return async () => {
      // Test files drop their own clones; drop leftovers of crashed files and the templates.
      const leftovers = await adminQuery<{ datname: string }>(
        serverUrl,
        `SELECT datname FROM pg_database WHERE datname LIKE '${prefix}%'`,
      );
      for (const { datname } of leftovers)
        await adminQuery(serverUrl, `DROP DATABASE IF EXISTS ${datname} WITH (FORCE)`);
      await stopContainer?.();
    };
  }

  const dir = mkdtempSync(path.join(tmpdir(), 'consultancy-test-'));
  const snapshotFiles = { migrated: path.join(dir, 'migrated.tar'), seeded: path.join(dir, 'seeded.tar') };
  const database = await openPglite();
  try {
    await prepareMigrated(database);
    writeFileSync(snapshotFiles.migrated, await dumpSnapshot(database));
    await prepareSeeded(database);
    writeFileSync(snapshotFiles.seeded, await dumpSnapshot(database));
  } finally {
    await database.close();
  }
  project.provide('testDatabase', { kind: 'pglite', snapshotFiles });
  return () => {
    rmSync(dir, { recursive: true, force: true });
    return Promise.resolve();
  };
}

async function prepareTemplate(url: string, prepare: (database: Database) => Promise<void>): Promise<void> {
  const database = openPostgres(url, { max: 1 });
  try {
    await prepare(database);
  } finally {
    await database.close();
  }
}

/** Migrated, with the job queue's tables (pg-boss makes them on its first start): every app a test builds has them. */
async function prepareMigrated(database: Database): Promise<void> {
  await migrateToLatest(database.db);
  const jobs = await startJobQueue(database, { log: { error: (obj, msg) => console.error(msg, obj) } });
  await jobs.stop();
}

/**
 * Then what an app's first start adds (the seed sets every start applies, not the demo's, and the first
 * administrator, `ADMIN`): an app finds them done and starts without them.
 */
async function prepareSeeded(database: Database): Promise<void> {
  await seedDatabase(database.db, { demo: false });
  await ensureInitialAdmin(database.db, testConfig(), { info: () => undefined });
}

async function dumpSnapshot(database: PgliteDatabase): Promise<Buffer> {
  // A snapshot is a copy of a running database: loaded, it recovers from its write-ahead log, which moves every
  // sequence 32 ahead (PostgreSQL logs sequences ahead). After a checkpoint there is nothing to recover, so the next
  // country is id 5, as on a real first start.
  await database.executeSql('checkpoint');
  const blob = await database.dumpDataDir();
  return Buffer.from(await blob.arrayBuffer());
}

export function withDatabase(serverUrl: string, database: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${database}`;
  return url.toString();
}

export async function adminQuery<T = unknown>(serverUrl: string, text: string): Promise<T[]> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    return (await client.query(text)).rows as T[];
  } finally {
    await client.end();
  }
}

async function startContainer(): Promise<{ url: string; stop: () => Promise<void> } | undefined> {
  try {
    const { PostgreSqlContainer } = await import('@testcontainers/postgresql');
    const container = await new PostgreSqlContainer('postgres:17-alpine').start();
    return { url: container.getConnectionUri(), stop: async () => void (await container.stop()) };
  } catch (error) {
    // No Docker engine: testcontainers rejects within milliseconds; the embedded database serves instead.
    console.warn(`Testcontainers unavailable (${(error as Error).message}); using PGlite.`);
    return undefined;
  }
}
