/**
 * Staff accounts from the command line:
 *   npm run staff -- list
 *   npm run staff -- add <email> <name> [ADMIN|EDITOR] [country ids, comma-separated]   (asks for a password)
 *   npm run staff -- passwd <email>                                                      (asks for a password)
 *   npm run staff -- disable <email> | enable <email>
 * A password can also come from the STAFF_PASSWORD environment variable (scripts, CI).
 */
import { existsSync } from 'node:fs';
import { createInterface } from 'node:readline/promises';
import { STAFF_ROLES, type StaffRole } from '../../../shared/enums.js';
import { loadConfig } from '../config.js';
import { openDatabase } from '../db/database.js';
import { prepareDatabase } from '../db/prepare.js';
import { hashPassword } from './password.js';
import { createStaff, findStaffByEmail, listStaff, staffCountryIds, updateStaff } from './staff.repository.js';

const USAGE =
  'Usage: npm run staff -- list | add <email> <name> [ADMIN|EDITOR] [countryIds] | passwd <email> | disable <email> | enable <email>';

async function askPassword(): Promise<string> {
  if (process.env.STAFF_PASSWORD) return process.env.STAFF_PASSWORD;
  const rl = createInterface({ input: process.stdin, output: process.stdout });
  try {
    const password = await rl.question('Password (at least 12 characters): ');
    if (password.length < 12) throw new Error('The password must be at least 12 characters.');
    return password;
  } finally {
    rl.close();
  }
}

async function main(): Promise<number> {
  const [command, ...args] = process.argv.slice(2);
  if (existsSync('.env')) process.loadEnvFile('.env');
  const { config } = loadConfig(process.env);
  const database = await openDatabase(config);
  try {
    // The same preparation as a server start, so the CLI works on a database the site has never opened.
    await prepareDatabase(database.db, config, {
      info: () => {},
      warn: (message: object | string) => console.warn(typeof message === 'string' ? message : JSON.stringify(message)),
    });
    const db = database.db;
    switch (command) {
      case 'list': {
        for (const staff of await listStaff(db)) {
          const countries = await staffCountryIds(db, staff.id);
          console.log(
            [
              staff.id,
              staff.email,
              staff.name,
              staff.role,
              staff.is_active ? 'active' : 'disabled',
              countries.join(',') || '-',
            ].join('\t'),
          );
        }
        return 0;
      }
      case 'add': {
        const [email, name, role = 'EDITOR', countries = ''] = args;
        if (!email || !name || !STAFF_ROLES.includes(role as StaffRole)) break;
        const countryIds = countries.split(',').filter(Boolean).map(Number);
        if (countryIds.some((id) => !Number.isInteger(id))) break;
        const known = await db
          .selectFrom('countries')
          .select('id')
          .where('id', 'in', countryIds.length ? countryIds : [0])
          .execute();
        if (known.length !== countryIds.length) {
          console.error(`Unknown country id in ${countries}. See the countries in the admin area.`);
          return 1;
        }
        const passwordHash = config.identity.kind === 'embedded' ? await hashPassword(await askPassword()) : null;
        const staff = await createStaff(db, { email, name, role: role as StaffRole, passwordHash, countryIds });
        console.log(`Added ${staff.email} (${staff.role}), id ${staff.id}`);
        return 0;
      }
      case 'passwd':
      case 'disable':
      case 'enable': {
        const [email] = args;
        const staff = email ? await findStaffByEmail(db, email) : undefined;
        if (!email) break;
        if (!staff) {
          console.error(`No staff member with the e-mail ${email}`);
          return 1;
        }
        if (command === 'passwd')
          await updateStaff(db, staff.id, { passwordHash: await hashPassword(await askPassword()) });
        else await updateStaff(db, staff.id, { isActive: command === 'enable' });
        console.log(
          `${command === 'passwd' ? 'Password changed' : command === 'enable' ? 'Enabled' : 'Disabled'}: ${staff.email}`,
        );
        return 0;
      }
    }
    console.error(USAGE);
    return 2;
  } finally {
    await database.close();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
