import { createRequire } from 'node:module';
import { defineConfig } from 'vitest/config';
import { mantineThemeCss } from './client/build/mantine-theme-css.js';

const require = createRequire(import.meta.url);

export default defineConfig({
  // Tests that render the client import its styles, the theme's generated stylesheet among them.
  plugins: [mantineThemeCss()],
  resolve: {
    // Node loads graphql's CommonJS build (as mercurius does); Vite would pick its ES build, and two copies of
    // graphql cannot share a schema. Use the one Node uses.
    alias: { graphql: require.resolve('graphql') },
  },
  test: {
    include: ['server/**/*.test.ts', 'shared/**/*.test.ts', 'client/**/*.test.{ts,tsx}'],
    // Faults and load run on their own (npm run test:reliability): they need a build, PostgreSQL and Redis.
    exclude: ['server/reliability/**', '**/node_modules/**'],
    globalSetup: ['server/test/global-setup.ts'],
    // Every test runs on PGlite (`npm test`); a file that exercises what differs between PGlite and PostgreSQL says
    // `@module-tag database-engine` at its top and runs on PostgreSQL too (`npm run test:postgres`, in CI). The rule
    // and its check: decision 056, server/test/test-layout.test.ts.
    tags: [
      {
        name: 'database-engine',
        description: 'Exercises what differs between PGlite and PostgreSQL: also run on PostgreSQL',
      },
    ],
    env: { NODE_ENV: 'test' },
    pool: 'forks',
    // Two cores: one PGlite per worker is the sweet spot.
    maxWorkers: 2,
    // A worker runs file after file in one process, importing the server once rather than per file (~60 s of a
    // run). So a test file leaves nothing behind: a spy is restored, fake timers are made real again, an app closed.
    isolate: false,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
