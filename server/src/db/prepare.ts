import type { Kysely } from 'kysely';
import type { Config } from '../config.js';
import { seedDatabase } from '../seed/seed.js';
import { ensureInitialAdmin, type Terminal } from '../staff/staff.bootstrap.js';
import { migrateToLatest } from './migrate.js';
import type { DB } from './schema.js';

export interface PrepareLog {
  info(obj: object | string, msg?: string): void;
  warn(obj: object | string, msg?: string): void;
}

/** Everything a database needs before the product can use it: migrations, seed data, a first administrator. */
export async function prepareDatabase(
  db: Kysely<DB>,
  config: Pick<Config, 'seedDemo' | 'initialAdmin' | 'identity'>,
  log: PrepareLog,
  terminal?: Terminal,
): Promise<void> {
  await migrateToLatest(db);
  await seedDatabase(db, { demo: config.seedDemo, log });
  await ensureInitialAdmin(db, config, log, terminal);
}
