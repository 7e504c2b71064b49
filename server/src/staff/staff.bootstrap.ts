import { sql, type Kysely } from 'kysely';
import type { Config } from '../config.js';
import type { DB } from '../db/schema.js';
import { generatePassword, hashPassword } from './password.js';
import { countStaff, createStaff } from './staff.repository.js';

const BOOTSTRAP_LOCK = 7_340_002;

/** Where a generated first password is shown: the terminal (stderr), never the structured log, which is shipped and kept. */
export type Terminal = (text: string) => void;

export const stderrTerminal: Terminal = (text) => void process.stderr.write(`${text}\n`);

/**
 * With no staff at all, nobody could ever sign in: create the first ADMIN from ADMIN_EMAIL/ADMIN_PASSWORD, or
 * with a generated password printed once on the terminal (and never stored in clear).
 */
export async function ensureInitialAdmin(
  db: Kysely<DB>,
  config: Pick<Config, 'initialAdmin' | 'identity'>,
  log: { info(obj: object, msg: string): void },
  terminal: Terminal = stderrTerminal,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(${BOOTSTRAP_LOCK})`.execute(trx);
    if ((await countStaff(trx)) > 0) return;
    const { email } = config.initialAdmin;
    // With an external provider the password is never used: the row only names who may sign in.
    const generated = config.identity.kind === 'embedded' && !config.initialAdmin.password;
    const password = config.initialAdmin.password ?? generatePassword();
    await createStaff(trx, {
      email,
      name: 'Administrator',
      role: 'ADMIN',
      passwordHash: config.identity.kind === 'embedded' ? await hashPassword(password) : null,
    });
    log.info({ email, generatedPassword: generated }, 'created the first administrator');
    if (generated) {
      terminal(
        `Created the first administrator ${email} with the password ${password} — it is shown only this once. ` +
          `Change it with: npm run staff -- passwd ${email}`,
      );
    }
  });
}
