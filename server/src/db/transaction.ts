import type { Kysely, Transaction } from 'kysely';
import type { DB } from './schema.js';

/** Runs `work` in a transaction, joining the caller's when there is one (Kysely cannot nest them). */
export function inTransaction<T>(db: Kysely<DB>, work: (trx: Transaction<DB>) => Promise<T>): Promise<T> {
  return db.isTransaction ? work(db as Transaction<DB>) : db.transaction().execute(work);
}
