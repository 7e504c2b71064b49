import type { Redis } from 'ioredis';

/**
 * Remembers captcha solutions already accepted, until their challenge expires, so each is accepted once.
 * In memory for one instance, or in Redis when several instances serve the site.
 */
export interface UsedSolutionStore {
  /**
   * Records `key` until `expiresAt` (epoch ms). False when it is already recorded (a replay), unless it was
   * recorded for the same `owner` (the same form submission sent again).
   */
  claim(key: string, expiresAt: number, owner?: string | null): Promise<boolean>;
}

/**
 * One process's store: a map swept of expired keys whenever it has doubled since the last sweep (amortised O(1)).
 * Past `maxEntries` live keys it refuses new ones (fails closed) rather than grow without bound.
 */
export function memoryUsedSolutionStore(options: { maxEntries?: number; now?: () => number } = {}): UsedSolutionStore {
  const maxEntries = options.maxEntries ?? 100_000;
  const now = options.now ?? Date.now;
  const claims = new Map<string, { expiresAt: number; owner: string | null }>();
  let sweepAt = 1024;

  const sweep = (time: number) => {
    for (const [key, { expiresAt }] of claims) if (expiresAt <= time) claims.delete(key);
    sweepAt = Math.max(1024, claims.size * 2);
  };

  return {
    claim(key, expiresAt, owner = null) {
      const time = now();
      const known = claims.get(key);
      if (known !== undefined && known.expiresAt > time)
        return Promise.resolve(owner !== null && known.owner === owner);
      if (claims.size >= sweepAt || claims.size >= maxEntries) sweep(time);
      if (claims.size >= maxEntries) return Promise.resolve(false);
      claims.set(key, { expiresAt, owner });
      return Promise.resolve(true);
    },
  };
}

/**
 * Solutions shared by every instance: `SET NX` with the challenge's expiry. While Redis is unreachable, `fallback`
 * (this instance's memory) keeps solutions single-use here (the connection itself reports the outage).
 */
export function redisUsedSolutionStore(redis: Redis, fallback: UsedSolutionStore): UsedSolutionStore {
  return {
    async claim(key, expiresAt, owner = null) {
      if (expiresAt <= Date.now()) return false;
      const redisKey = `captcha:used:${key}`;
      try {
        // The value is the owner ('' for none), so a resend of the same submission can be recognised.
        if ((await redis.set(redisKey, owner ?? '', 'PXAT', expiresAt, 'NX')) === 'OK') return true;
        return owner !== null && (await redis.get(redisKey)) === owner;
      } catch {
        return fallback.claim(key, expiresAt, owner);
      }
    },
  };
}
