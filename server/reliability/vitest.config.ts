import { createRequire } from 'node:module';
import { defineConfig } from 'vitest/config';

const require = createRequire(import.meta.url);

/**
 * Faults and load (`npm run test:reliability`): the built server as its own process against the machine's
 * PostgreSQL and Redis (RELIABILITY_DATABASE_URL, RELIABILITY_REDIS_URL), one file at a time.
 */
export default defineConfig({
  resolve: { alias: { graphql: require.resolve('graphql') } },
  test: {
    root: new URL('../..', import.meta.url).pathname,
    include: ['server/reliability/**/*.test.ts'],
    globalSetup: ['server/reliability/support/global-setup.ts'],
    env: { NODE_ENV: 'test' },
    pool: 'forks',
    fileParallelism: false,
    testTimeout: 120_000,
    hookTimeout: 120_000,
  },
});
