import { config } from 'zod/v4/core';

// The Content-Security-Policy has no 'unsafe-eval'. Zod compiles fast object parsers with `new Function` and
// probes for it once, when its first object schema is built; the probe fails quietly, but the browser still
// reports a violation. Jitless mode skips the probe (parsing is the same). Imported first by the browser entry, so
// it runs before any chunk builds a schema; `zod/v4/core` keeps zod itself out of the entry chunk.
config({ jitless: true });
