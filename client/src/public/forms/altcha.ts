import { altchaToken, type AltchaChallenge } from '../../../../shared/captcha.js';
import { solveAltchaChallenge } from './altcha-solver.js';
import type { AltchaWorkerAnswer } from './altcha.worker.js';

function abortError(): DOMException {
  return new DOMException('The verification was cancelled', 'AbortError');
}

/** Solves in a worker so typing stays smooth; on the page itself where workers cannot start. */
function solveOffMainThread(challenge: AltchaChallenge, signal: AbortSignal): Promise<number | null> {
  let worker: Worker;
  try {
    // Vite bundles the worker as its own same-origin file (no blob: URL, so a strict CSP can allow it).
    worker = new Worker(new URL('./altcha.worker.ts', import.meta.url), { type: 'module' });
  } catch {
    return solveAltchaChallenge(challenge, signal);
  }
  return new Promise<number | null>((resolve, reject) => {
    const stop = () => {
      worker.terminate();
      reject(abortError());
    };
    signal.addEventListener('abort', stop, { once: true });
    const settle = () => {
      signal.removeEventListener('abort', stop);
      worker.terminate();
    };
    worker.addEventListener('message', (event: MessageEvent<AltchaWorkerAnswer>) => {
      settle();
      if ('error' in event.data) reject(new Error(event.data.error));
      else resolve(event.data.number);
    });
    worker.addEventListener('error', () => {
      // The worker script could not load: solve on the page instead.
      settle();
      solveAltchaChallenge(challenge, signal).then(resolve, reject);
    });
    worker.postMessage(challenge);
  });
}

export interface AltchaResult {
  token: string;
  /** When the server stops accepting the solution (ms since the epoch), or null if the challenge does not say. */
  expiresAt: number | null;
}

/** Fetches a fresh challenge from the server and solves it: the token the form sends as `reCaptcha_token`. */
export async function verifyWithAltcha(challengeUrl: string, signal: AbortSignal): Promise<AltchaResult> {
  const response = await fetch(challengeUrl, { cache: 'no-store', credentials: 'same-origin', signal });
  if (!response.ok) throw new Error(`The challenge could not be fetched (${response.status})`);
  const challenge = (await response.json()) as AltchaChallenge;
  const number = await solveOffMainThread(challenge, signal);
  if (number === null) throw new Error('The challenge has no solution');
  const expires = Number(new URLSearchParams(challenge.salt.split('?')[1] ?? '').get('expires'));
  return {
    token: altchaToken({
      algorithm: challenge.algorithm,
      challenge: challenge.challenge,
      number,
      salt: challenge.salt,
      signature: challenge.signature,
    }),
    expiresAt: Number.isFinite(expires) && expires > 0 ? expires * 1000 : null,
  };
}
