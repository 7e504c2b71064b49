import { Redis } from 'ioredis';

export interface SharedStateLog {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
}

/** Every key this product writes starts with this, so one Redis can serve other things too. */
export const DEFAULT_REDIS_KEY_PREFIX = 'consultancy:';

/**
 * Opens Redis for state several instances share. Commands fail at once while Redis is unreachable (no offline
 * queue, short timeouts), so a caller can fall back to its own memory instead of making a visitor wait; the client
 * keeps reconnecting in the background. Start-up never depends on Redis.
 */
export async function openRedis(
  url: string,
  log: SharedStateLog,
  keyPrefix = DEFAULT_REDIS_KEY_PREFIX,
): Promise<Redis> {
  const redis = new Redis(url, {
    keyPrefix,
    lazyConnect: true,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    connectTimeout: 2000,
    commandTimeout: 1000,
    // Reconnect every few hundred ms at first, then every 2 s.
    retryStrategy: (attempt) => Math.min(attempt * 200, 2000),
  });
  // One line when the connection is lost and one when it is back, not one per reconnection attempt.
  let reachable = true;
  redis.on('error', (error: Error) => {
    if (!reachable) return;
    reachable = false;
    log.warn({ err: error }, 'Redis unreachable: rate limits and used captcha solutions fall back to this instance');
  });
  redis.on('ready', () => {
    if (reachable) return;
    reachable = true;
    log.info({}, 'Redis reachable again: rate limits and used captcha solutions are shared');
  });
  await redis.connect().catch(() => {
    // Reported by the error handler above; the client retries on its own.
  });
  return redis;
}

/** Closes the connection, waiting for pending replies when connected. */
export async function closeRedis(redis: Redis): Promise<void> {
  if (redis.status === 'ready') await redis.quit().catch(() => redis.disconnect());
  else redis.disconnect();
}
