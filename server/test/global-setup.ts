/**
 * Prepares one migrated database for the whole test run, so no test file pays for initdb or migrations:
 * - TEST_DATABASE_URL set: a template database on that PostgreSQL server, cloned per test file;
 * - TEST_DB=testcontainers: the same against a throwaway PostgreSQL container, when a container runtime exists;
 * - otherwise: a PGlite data directory snapshot (tarball), loaded per test file.
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

declare module 'vitest' {
  export interface ProvidedContext {
    testDatabase: { kind: 'pglite'; snapshotFile: string } | { kind: 'postgres'; serverUrl: string; template: string };
  }
}

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
    const template = `test_template_${randomBytes(4).toString('hex')}`;
    await adminQuery(serverUrl, `CREATE DATABASE ${template}`);
    const database = openPostgres(withDatabase(serverUrl, template), { max: 1 });
    try {
      await prepareTemplate(database);
    } finally {
      await database.close();
    }
    project.provide('testDatabase', { kind: 'postgres', serverUrl, template });
    return async () => {
      // Test files drop their own clones; drop leftovers of crashed files and the template.
      const leftovers = await adminQuery<{ datname: string }>(
        serverUrl,
        `SELECT datname FROM pg_database WHERE datname LIKE '${template}%'`,
      );
      for (const { datname } of leftovers)
        await adminQuery(serverUrl, `DROP DATABASE IF EXISTS ${datname} WITH (FORCE)`);
      await stopContainer?.();
    };
  }

  const dir = mkdtempSync(path.join(tmpdir(), 'consultancy-test-'));
  const snapshotFile = path.join(dir, 'migrated.tar');
  const database = await openPglite();
  await prepareTemplate(database);
  writeFileSync(snapshotFile, await dumpSnapshot(database));
  await database.close();
  project.provide('testDatabase', { kind: 'pglite', snapshotFile });
  return () => {
    rmSync(dir, { recursive: true, force: true });
    return Promise.resolve();
  };
}

/** Migrated, with the job queue's tables (pg-boss makes them on its first start): every app a test builds has them. */
async function prepareTemplate(database: Database): Promise<void> {
  await migrateToLatest(database.db);
  const jobs = await startJobQueue(database, { log: { error: (obj, msg) => console.error(msg, obj) } });
  await jobs.stop();
}

async function dumpSnapshot(database: PgliteDatabase): Promise<Buffer> {
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
