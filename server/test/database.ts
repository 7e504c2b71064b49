import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { inject } from 'vitest';
import { openPglite, openPostgres, type Database } from '../src/db/database.js';
import { adminQuery, withDatabase, type TestDatabaseStart } from './global-setup.js';

/**
 * A fresh database of its own: a clone of one of the run's templates (PostgreSQL) or snapshots (PGlite), migrated
 * and, unless `start` says 'migrated', as an app's first start leaves it: the seed applied (its demo content apart)
 * and the first administrator `ADMIN` made. `close()` also drops a PostgreSQL clone.
 */
export async function createTestDatabase(start: TestDatabaseStart = 'seeded'): Promise<Database> {
  const target = inject('testDatabase');
  if (target.kind === 'pglite') {
    const snapshot = new Blob([await readFile(target.snapshotFiles[start])]);
    return openPglite({ loadDataDir: snapshot });
  }
  const template = target.templates[start];
  const name = `${template}_${randomBytes(4).toString('hex')}`;
  await adminQuery(target.serverUrl, `CREATE DATABASE ${name} TEMPLATE ${template}`);
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
