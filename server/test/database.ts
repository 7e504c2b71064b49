import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { inject } from 'vitest';
import { openPglite, openPostgres, type Database } from '../src/db/database.js';
import { adminQuery, withDatabase } from './global-setup.js';

/**
 * A fresh, migrated database of its own for one test file: a clone of the run's template
 * (PostgreSQL) or of its snapshot (PGlite). `close()` also drops a PostgreSQL clone.
 */
export async function createTestDatabase(): Promise<Database> {
  const target = inject('testDatabase');
  if (target.kind === 'pglite') {
    const snapshot = new Blob([await readFile(target.snapshotFile)]);
    return openPglite({ loadDataDir: snapshot });
  }
  const name = `${target.template}_${randomBytes(4).toString('hex')}`;
  await adminQuery(target.serverUrl, `CREATE DATABASE ${name} TEMPLATE ${target.template}`);
  const database = openPostgres(withDatabase(target.serverUrl, name), { max: 4 });
  return {
    ...database,
    close: async () => {
      await database.close();
      await adminQuery(target.serverUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    },
  };
}

/** The connection details of the run's database server, for tests that need one of their own (migrations). */
export function testDatabaseTarget() {
  return inject('testDatabase');
}
