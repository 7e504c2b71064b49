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
    // A state the page reaches on its own (a list loaded, a value chosen) may take seconds on a busy two-core
    // machine; a poll fails only after this.
    expect: { poll: { timeout: 10_000 } },
  },
});
