/**
 * `npm run db:migrate -- [latest|down|reset]` against the configured database.
 * The server also migrates to latest at every start, so this is for reverting and for inspecting.
 */
import { loadConfig } from '../config.js';
import { openDatabase } from './database.js';
import { migrateDown, migrateToLatest, migrateToNothing } from './migrate.js';

const command = process.argv[2] ?? 'latest';
const actions = { latest: migrateToLatest, down: migrateDown, reset: migrateToNothing } as const;
if (!(command in actions)) {
  console.error(`Unknown command "${command}". Use one of: ${Object.keys(actions).join(', ')}`);
  process.exit(2);
}

const { config } = loadConfig(process.env);
const database = await openDatabase(config);
try {
  const names = await actions[command as keyof typeof actions](database.db);
  console.log(names.length ? `${command}: ${names.join(', ')}` : `${command}: nothing to do`);
} finally {
  await database.close();
}
