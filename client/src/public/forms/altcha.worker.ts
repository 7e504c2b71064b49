import type { AltchaChallenge } from '../../../../shared/captcha.js';
import { solveAltchaChallenge } from './altcha-solver.js';

/** What the worker answers: the number found (null: none), or why it failed. */
export type AltchaWorkerAnswer = { number: number | null } | { error: string };

// The proof of work runs here, off the page's main thread. One challenge per worker; the page terminates it.
addEventListener('message', (event: MessageEvent<AltchaChallenge>) => {
  solveAltchaChallenge(event.data).then(
    (number) => postMessage({ number } satisfies AltchaWorkerAnswer),
    (error: unknown) => postMessage({ error: String(error) } satisfies AltchaWorkerAnswer),
  );
});
