import { existsSync } from 'node:fs';
import { Redis } from 'ioredis';
import pg from 'pg';
import { POSTGRES_URL, REDIS_URL } from './postgres.js';

/** Says clearly what is missing before any test starts servers. */
export default async function setup(): Promise<void> {
  if (!existsSync('dist/server/src/main.js')) {
    throw new Error(
      'The reliability tests run the built server: run "npm run build" first (npm run test:reliability does).',
    );
  }
  const client = new pg.Client({ connectionString: POSTGRES_URL, connectionTimeoutMillis: 5000 });
  try {
    await client.connect();
    await client.query('select 1');
  } catch (error) {
    throw new Error(
      `The reliability tests need PostgreSQL at ${POSTGRES_URL} (RELIABILITY_DATABASE_URL): ${String(error)}`,
    );
  } finally {
    await client.end().catch(() => undefined);
  }
  const redis = new Redis(REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 0, connectTimeout: 5000 });
  try {
    await redis.connect();
    await redis.ping();
  } catch (error) {
    throw new Error(`The reliability tests need Redis at ${REDIS_URL} (RELIABILITY_REDIS_URL): ${String(error)}`);
  } finally {
    redis.disconnect();
  }
}
