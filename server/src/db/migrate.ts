import { sql, type Kysely } from 'kysely';
import { Migrator, NO_MIGRATIONS, type MigrationResultSet } from 'kysely/migration';
import { migrations } from '../../../migrations/index.js';

export function createMigrator<T>(db: Kysely<T>): Migrator {
  return new Migrator({
    db,
    provider: { getMigrations: () => Promise.resolve(migrations) },
    // Our migration names start with a date, so alphabetical order is creation order.
    allowUnorderedMigrations: false,
  });
}

function unwrap(result: MigrationResultSet, what: string): string[] {
  if (result.error) {
    const failed = result.results?.find((r) => r.status === 'Error')?.migrationName;
    throw new Error(`${what} failed${failed ? ` at ${failed}` : ''}`, { cause: result.error });
  }
  return (result.results ?? []).map((r) => r.migrationName);
}

/** Runs every pending migration; returns the names applied. Used at start-up and by tests. */
export async function migrateToLatest<T>(db: Kysely<T>): Promise<string[]> {
  if (await upToDate(db)) return [];
  return unwrap(await createMigrator(db).migrateToLatest(), 'Migration');
}

/**
 * Whether the database has exactly the migrations this build knows, read in one query. That is every start but the
 * first after an upgrade, and the migrator would first look through the catalog for its tables (~0.2 s on the
 * embedded database). Anything else (no table yet, one missing, one this build does not know) goes to the migrator.
 */
async function upToDate<T>(db: Kysely<T>): Promise<boolean> {
  const known = Object.keys(migrations);
  try {
    const { rows } = await sql<{ name: string }>`select name from kysely_migration`.execute(db);
    const applied = new Set(rows.map((row) => row.name));
    return applied.size === known.length && known.every((name) => applied.has(name));
  } catch {
    return false;
  }
}

/** Reverts the newest applied migration. */
export async function migrateDown<T>(db: Kysely<T>): Promise<string[]> {
  return unwrap(await createMigrator(db).migrateDown(), 'Migration down');
}

/** Reverts every migration (tests and the CLI's `reset`). */
export async function migrateToNothing<T>(db: Kysely<T>): Promise<string[]> {
  return unwrap(await createMigrator(db).migrateTo(NO_MIGRATIONS), 'Migration reset');
}

/** True when the database has every migration this build knows about (used by /readyz). */
export async function hasPendingMigrations<T>(db: Kysely<T>): Promise<boolean> {
  const all = await createMigrator(db).getMigrations();
  return all.some((m) => m.executedAt === undefined);
}
