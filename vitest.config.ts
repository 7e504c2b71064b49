import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['server/**/*.test.ts', 'shared/**/*.test.ts', 'client/**/*.test.{ts,tsx}'],
    globalSetup: ['server/test/global-setup.ts'],
    env: { NODE_ENV: 'test' },
    pool: 'forks',
    // Two cores: one PGlite per worker is the sweet spot.
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
