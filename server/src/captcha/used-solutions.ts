/**
 * Remembers captcha solutions already accepted, until their challenge expires, so each is accepted once.
 * Behind an interface so a shared store (e.g. Redis `SET key 1 NX PXAT expiresAt`) can replace the in-memory one
 * when several instances serve the site.
 */
export interface UsedSolutionStore {
  /** Records `key` until `expiresAt` (epoch ms). False when it is already recorded (a replay). */
  claim(key: string, expiresAt: number): Promise<boolean>;
}

/**
 * One process's store: a map swept of expired keys whenever it has doubled since the last sweep (amortised O(1)).
 * Past `maxEntries` live keys it refuses new ones (fails closed) rather than grow without bound.
 */
export function memoryUsedSolutionStore(options: { maxEntries?: number; now?: () => number } = {}): UsedSolutionStore {
  const maxEntries = options.maxEntries ?? 100_000;
  const now = options.now ?? Date.now;
  const expiries = new Map<string, number>();
  let sweepAt = 1024;

  const sweep = (time: number) => {
    for (const [key, expiresAt] of expiries) if (expiresAt <= time) expiries.delete(key);
    sweepAt = Math.max(1024, expiries.size * 2);
  };

  return {
    claim(key, expiresAt) {
      const time = now();
      const known = expiries.get(key);
      if (known !== undefined && known > time) return Promise.resolve(false);
      if (expiries.size >= sweepAt || expiries.size >= maxEntries) sweep(time);
      if (expiries.size >= maxEntries) return Promise.resolve(false);
      expiries.set(key, expiresAt);
      return Promise.resolve(true);
    },
  };
}
