import { sql, type Kysely, type Transaction } from 'kysely';
import type { DB } from '../db/schema.js';
import { inTransaction } from '../db/transaction.js';

/*
 * The audit log's triggers (migration 0018) read who makes a change from `app.staff_id`, a setting local to the
 * transaction: set inside the transaction, it can never leak to another request's statements (PGlite's one session
 * included) nor outlive the call.
 */

async function sayWho(trx: Transaction<DB>, staffId: number): Promise<void> {
  await sql`select set_config('app.staff_id', ${String(staffId)}, true)`.execute(trx);
}

/** A call's outcome as tRPC's middleware sees it: a failure is an answer, not a thrown error. */
interface Outcome {
  ok: boolean;
}

/** Thrown to roll back a call that answered a failure; never leaves asStaff. */
const FAILED = new Error('the call failed: rolled back');

/**
 * Runs a staff member's call in one transaction that names them: everything it changes is recorded as theirs, and
 * a call that fails leaves nothing behind. `run` answers an outcome (tRPC's middleware result) or throws.
 */
export async function asStaff<T>(
  db: Kysely<DB>,
  staffId: number,
  run: (trx: Transaction<DB>) => Promise<T>,
): Promise<T> {
  let outcome: T | undefined;
  try {
    await inTransaction(db, async (trx) => {
      await sayWho(trx, staffId);
      outcome = await run(trx);
      if ((outcome as Partial<Outcome> | undefined)?.ok === false) throw FAILED;
    });
  } catch (error) {
    if (error !== FAILED) throw error;
  }
  return outcome as T;
}

/**
 * For calls that receive files (a flag, pictures), which must not hold a transaction while the file arrives (on the
 * embedded database a transaction has the session alone): the database as they use it, each transaction they open
 * naming the staff member. A write of theirs outside a transaction is recorded without a name.
 */
export function namingStaff(db: Kysely<DB>, staffId: number): Kysely<DB> {
  return new Proxy(db, {
    get(target, property) {
      if (property === 'transaction') {
        return () => {
          const builder = target.transaction();
          return {
            execute: <T>(work: (trx: Transaction<DB>) => Promise<T>) =>
              builder.execute(async (trx) => {
                await sayWho(trx, staffId);
                return work(trx);
              }),
          };
        };
      }
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
}
