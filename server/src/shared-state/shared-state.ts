import type { Config } from '../config.js';
import { memoryUsedSolutionStore, redisUsedSolutionStore, type UsedSolutionStore } from '../captcha/used-solutions.js';
import {
  memoryRateLimitStore,
  redisRateLimitStore,
  withFallback,
  type RateLimitStore,
} from '../rate-limit/rate-limit-store.js';
import { closeRedis, openRedis, type SharedStateLog } from './redis.js';

/** State that several instances of the site must share to enforce one limit or one use. */
export interface SharedState {
  kind: 'redis' | 'memory';
  rateLimits: RateLimitStore;
  usedCaptchaSolutions: UsedSolutionStore;
  close(): Promise<void>;
}

/**
 * Redis when REDIS_URL is set, this instance's memory otherwise. With Redis, a failed command falls back to memory
 * for that call (each instance then enforces its own limits) rather than refuse visitors while Redis is away.
 */
export async function openSharedState(
  config: Pick<Config, 'redisUrl'>,
  log: SharedStateLog,
  keyPrefix?: string,
): Promise<SharedState> {
  const memory = { rateLimits: memoryRateLimitStore(), usedCaptchaSolutions: memoryUsedSolutionStore() };
  if (!config.redisUrl) return { kind: 'memory', ...memory, close: () => Promise.resolve() };

  const redis = await openRedis(config.redisUrl, log, keyPrefix);
  return {
    kind: 'redis',
    rateLimits: withFallback(redisRateLimitStore(redis), memory.rateLimits),
    usedCaptchaSolutions: redisUsedSolutionStore(redis, memory.usedCaptchaSolutions),
    close: () => closeRedis(redis),
  };
}
