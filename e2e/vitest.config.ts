import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/** The spec that visits every public route at two widths: the longest of all, in a small file. */
const LONGEST_SPEC = 'e2e/public-design.spec.ts';

/**
 * Without an earlier run's timings (a fresh clone, as in CI) vitest starts the largest files first, so the longest
 * spec started last and ran on alone for its last minute or two while the other workers had nothing left. It starts
 * first; the rest keep vitest's order.
 */
class LongestSpecFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const isLongest = (spec: TestSpecification) => spec.moduleId.endsWith(LONGEST_SPEC);
    return [...sorted.filter(isLongest), ...sorted.filter((spec) => !isLongest(spec))];
  }
}

/** Browser journeys against the built app (`npm run test:e2e` builds first). */
export default defineConfig({
  test: {
    include: ['e2e/**/*.spec.ts'],
    // Starts the built app once, so each spec starts on a copy of its data folder.
    globalSetup: ['e2e/support/global-setup.ts'],
    env: {
      NODE_ENV: 'test',
      // The apps the specs start do not shed load (decision 023), like every other test's: three apps and three
      // browsers on two cores pass a second of event-loop delay now and then, and a page whose script or query was
      // refused 503 fails a test about something else (the booking form's, once). The reliability suite sheds.
      MAX_EVENT_LOOP_DELAY_MS: '0',
    },
    sequence: { sequencer: LongestSpecFirst },
    pool: 'forks',
    // Three specs at a time, each with its app and its browser: a spec waits for pages, animations and jobs much of
    // its time, so it takes three to keep two cores busy.
    maxWorkers: 3,
    // A journey's budget: on a busy two-core machine every step takes two to three times as long as on a quiet one
    // (CI's run of 7 December: 1,402 s for the suite that takes 518 s quiet, and the inbox's first journey, 25 s
    // quiet, passed 60 s). A budget only bounds how long a stuck test waits, so it is set for the busy machine.
    testTimeout: 180_000,
    hookTimeout: 180_000,
    // A state the page reaches on its own (a list loaded, a value chosen) may take seconds on a busy two-core
    // machine; a poll fails only after this.
    expect: { poll: { timeout: 10_000 } },
  },
});
