import { defineConfig } from 'vitest/config';

/** Browser journeys against the built app (`npm run test:e2e` builds first). */
export default defineConfig({
  test: {
    include: ['e2e/**/*.spec.ts'],
    env: { NODE_ENV: 'test' },
    pool: 'forks',
    // One app and one browser at a time: the machine has two cores.
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
