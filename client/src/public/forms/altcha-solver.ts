import type { AltchaChallenge } from '../../../../shared/captcha.js';

/** Hashes in flight at once: fewer round trips to WebCrypto, still small enough to stop quickly when aborted. */
const BATCH = 64;

function hexToBytes(hex: string): Uint8Array {
  const bytes = new Uint8Array(hex.length / 2);
  for (let i = 0; i < bytes.length; i++) bytes[i] = parseInt(hex.slice(i * 2, i * 2 + 2), 16);
  return bytes;
}

function equalBytes(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/**
 * The ALTCHA proof of work (classic SHA-256 protocol): the `number` in 0..maxnumber for which
 * sha256hex(salt + number) equals the challenge, or null when there is none. Uses WebCrypto, which needs a
 * secure context (https, or localhost). Runs in the solver worker, or on the page where workers are unavailable.
 */
export async function solveAltchaChallenge(
  challenge: Pick<AltchaChallenge, 'challenge' | 'maxnumber' | 'salt'>,
  signal?: AbortSignal,
): Promise<number | null> {
  const target = hexToBytes(challenge.challenge);
  const encoder = new TextEncoder();
  for (let start = 0; start <= challenge.maxnumber; start += BATCH) {
    signal?.throwIfAborted();
    const end = Math.min(start + BATCH - 1, challenge.maxnumber);
    const hashes: Promise<ArrayBuffer>[] = [];
    for (let number = start; number <= end; number++) {
      hashes.push(crypto.subtle.digest('SHA-256', encoder.encode(`${challenge.salt}${number}`)));
    }
    const results = await Promise.all(hashes);
    const found = results.findIndex((hash) => equalBytes(new Uint8Array(hash), target));
    if (found !== -1) return start + found;
  }
  return null;
}
