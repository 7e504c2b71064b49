import type { Redis } from 'ioredis';

/** Counts hits of one key in fixed windows. */
export interface RateLimitStore {
  /** Counts one hit of `key`; answers the hits in the current window and when it ends. */
  hit(key: string, windowMs: number): Promise<{ count: number; resetInMs: number }>;
  /** The hits of `key` in its current window, without counting one (none: 0). */
  peek(key: string): Promise<{ count: number; resetInMs: number }>;
  /** Forgets `key`'s hits. */
  clear(key: string): Promise<void>;
}

/**
 * One instance's counts: a map of windows swept of ended ones whenever it has doubled since the last sweep
 * (amortised O(1)). Past `maxKeys` live windows the oldest is dropped, so many addresses cannot exhaust memory.
 */
export function memoryRateLimitStore(options: { maxKeys?: number; now?: () => number } = {}): RateLimitStore {
  const maxKeys = options.maxKeys ?? 100_000;
  const now = options.now ?? Date.now;
  const windows = new Map<string, { count: number; resetAt: number }>();
  let sweepAt = 1024;

  const sweep = (time: number) => {
    for (const [key, window] of windows) if (window.resetAt <= time) windows.delete(key);
    sweepAt = Math.max(1024, windows.size * 2);
  };

  return {
    hit(key, windowMs) {
      const time = now();
      let window = windows.get(key);
      if (!window || window.resetAt <= time) {
        if (windows.size >= sweepAt) sweep(time);
        if (windows.size >= maxKeys) windows.delete(windows.keys().next().value!);
        window = { count: 0, resetAt: time + windowMs };
        windows.set(key, window);
      }
      window.count += 1;
      return Promise.resolve({ count: window.count, resetInMs: window.resetAt - time });
    },
    peek(key) {
      const time = now();
      const window = windows.get(key);
      const live = window && window.resetAt > time;
      return Promise.resolve(
        live ? { count: window.count, resetInMs: window.resetAt - time } : { count: 0, resetInMs: 0 },
      );
    },
    clear(key) {
      windows.delete(key);
      return Promise.resolve();
    },
  };
}

/** Counts shared by every instance: INCR, and the window's expiry set by its first hit, in one transaction. */
export function redisRateLimitStore(redis: Redis): RateLimitStore {
  return {
    async hit(key, windowMs) {
      const replies = await redis.multi().incr(key).pexpire(key, windowMs, 'NX').pttl(key).exec();
      if (!replies) throw new Error('Redis transaction aborted');
      const [[incrError, count], , [ttlError, ttl]] = replies as [
        [Error | null, number],
        unknown,
        [Error | null, number],
      ];
      if (incrError || ttlError) throw incrError ?? ttlError!;
      return { count, resetInMs: ttl > 0 ? ttl : windowMs };
    },
    async peek(key) {
      const [count, ttl] = await Promise.all([redis.get(key), redis.pttl(key)]);
      return count === null || ttl <= 0 ? { count: 0, resetInMs: 0 } : { count: Number(count), resetInMs: ttl };
    },
    async clear(key) {
      await redis.del(key);
    },
  };
}

/**
 * Uses `primary`, and `fallback` for any call `primary` fails (Redis away: its connection reports the outage).
 */
export function withFallback(primary: RateLimitStore, fallback: RateLimitStore): RateLimitStore {
  return {
    async hit(key, windowMs) {
      try {
        return await primary.hit(key, windowMs);
      } catch {
        return fallback.hit(key, windowMs);
      }
    },
    async peek(key) {
      try {
        return await primary.peek(key);
      } catch {
        return fallback.peek(key);
      }
    },
    async clear(key) {
      await Promise.allSettled([primary.clear(key), fallback.clear(key)]);
    },
  };
}
