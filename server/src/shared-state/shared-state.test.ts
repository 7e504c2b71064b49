import { describe, expect, it } from 'vitest';
import { openSharedState } from './shared-state.js';

/** Rate limits and used captcha solutions keep working when Redis is not there (each instance counts alone). */
describe('shared state', () => {
  const log = { info: () => undefined, warn: () => undefined };

  it('lives in memory without REDIS_URL', async () => {
    const state = await openSharedState({ redisUrl: undefined }, log);
    expect(state.kind).toBe('memory');
    expect((await state.rateLimits.hit('k', 60_000)).count).toBe(1);
    expect((await state.rateLimits.hit('k', 60_000)).count).toBe(2);
    // Read without counting, and forgotten (sign-in failures, decision 063).
    expect((await state.rateLimits.peek('k')).count).toBe(2);
    await state.rateLimits.clear('k');
    expect(await state.rateLimits.peek('k')).toEqual({ count: 0, resetInMs: 0 });
    expect(await state.usedCaptchaSolutions.claim('s', Date.now() + 60_000)).toBe(true);
    expect(await state.usedCaptchaSolutions.claim('s', Date.now() + 60_000)).toBe(false);
    await state.close();
  });

  it('falls back to memory, without failing or waiting, while Redis cannot be reached', async () => {
    const warnings: string[] = [];
    const started = Date.now();
    // Nothing listens on port 1.
    const state = await openSharedState(
      { redisUrl: 'redis://127.0.0.1:1' },
      { info: () => undefined, warn: (_obj, msg) => void warnings.push(msg) },
    );
    expect(state.kind).toBe('redis');
    expect((await state.rateLimits.hit('k', 60_000)).count).toBe(1);
    expect((await state.rateLimits.hit('k', 60_000)).count).toBe(2);
    expect((await state.rateLimits.peek('k')).count).toBe(2);
    expect(await state.usedCaptchaSolutions.claim('s', Date.now() + 60_000, 'submission-1')).toBe(true);
    // Still single-use on this instance, and a resend of the same submission is recognised.
    expect(await state.usedCaptchaSolutions.claim('s', Date.now() + 60_000, 'submission-2')).toBe(false);
    expect(await state.usedCaptchaSolutions.claim('s', Date.now() + 60_000, 'submission-1')).toBe(true);
    expect(Date.now() - started).toBeLessThan(5_000);
    // Reported once, not once per reconnection attempt.
    expect(warnings).toEqual(['Redis unreachable: rate limits and used captcha solutions fall back to this instance']);
    await state.close();
  });
});
