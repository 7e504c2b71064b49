import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSharedState, type SharedState } from '../src/shared-state/shared-state.js';
import { REDIS_URL } from './support/postgres.js';

/** The Redis side of rate limits and used captcha solutions, against the real Redis. */
describe('state shared through Redis', () => {
  const prefix = `reliability:${randomUUID()}:`;
  const log = { info: () => undefined, warn: () => undefined };
  let one: SharedState;
  let other: SharedState;
  let redis: Redis;
  beforeAll(async () => {
    one = await openSharedState({ redisUrl: REDIS_URL }, log, prefix);
    other = await openSharedState({ redisUrl: REDIS_URL }, log, prefix);
    redis = new Redis(REDIS_URL, { keyPrefix: prefix });
  });
  afterAll(async () => {
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length > 0) await redis.del(...keys.map((key) => key.slice(prefix.length)));
    redis.disconnect();
    await one.close();
    await other.close();
  });

  it('counts hits of two instances in one window that expires', async () => {
    expect((await one.rateLimits.hit('rate:x', 400)).count).toBe(1);
    expect((await other.rateLimits.hit('rate:x', 400)).count).toBe(2);
    const third = await one.rateLimits.hit('rate:x', 400);
    expect(third.count).toBe(3);
    expect(third.resetInMs).toBeGreaterThan(0);
    expect(third.resetInMs).toBeLessThanOrEqual(400);
    // The window's expiry is set by its first hit only.
    expect(await redis.pttl('rate:x')).toBeLessThanOrEqual(400);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect((await other.rateLimits.hit('rate:x', 400)).count).toBe(1);
  });

  it('reads and forgets counts across instances (sign-in failures, decision 063)', async () => {
    expect(await one.rateLimits.peek('rate:y')).toEqual({ count: 0, resetInMs: 0 });
    await one.rateLimits.hit('rate:y', 60_000);
    await other.rateLimits.hit('rate:y', 60_000);
    const seen = await other.rateLimits.peek('rate:y');
    expect(seen.count).toBe(2);
    expect(seen.resetInMs).toBeGreaterThan(50_000);
    // Reading counts nothing.
    expect((await one.rateLimits.peek('rate:y')).count).toBe(2);
    await one.rateLimits.clear('rate:y');
    expect((await other.rateLimits.peek('rate:y')).count).toBe(0);
  });

  it('accepts a captcha solution once across instances, again only for the same submission', async () => {
    const expiresAt = Date.now() + 60_000;
    expect(await one.usedCaptchaSolutions.claim('sig', expiresAt, 'submission-1')).toBe(true);
    expect(await other.usedCaptchaSolutions.claim('sig', expiresAt, 'submission-1')).toBe(true);
    expect(await other.usedCaptchaSolutions.claim('sig', expiresAt, 'submission-2')).toBe(false);
    expect(await other.usedCaptchaSolutions.claim('sig', expiresAt)).toBe(false);
    expect(await one.usedCaptchaSolutions.claim('sig-without-owner', expiresAt)).toBe(true);
    expect(await other.usedCaptchaSolutions.claim('sig-without-owner', expiresAt)).toBe(false);
    // Kept until the challenge expires, not forever.
    expect(await redis.pttl('captcha:used:sig')).toBeGreaterThan(50_000);
    expect(await one.usedCaptchaSolutions.claim('expired', Date.now() - 1)).toBe(false);
  });
});
