import { createChallenge, solveChallenge } from 'altcha-lib/v1';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { altchaToken, type AltchaChallenge } from '../../../shared/captcha.js';
import { buildTestApp } from '../../test/app.js';
import { DEFAULT_RATE_LIMITS } from '../config.js';
import { captchaFor } from './captcha.context.js';
import { captchaFromConfig, createCaptcha, RECAPTCHA_VERIFY_URL, type Captcha } from './captcha.js';
import { memoryUsedSolutionStore } from './used-solutions.js';

const HMAC_KEY = 'test-altcha-key';

/** Solves a challenge for real (the proof of work), as the widget would. */
async function solve(challenge: Pick<AltchaChallenge, 'challenge' | 'salt' | 'signature'>, maxNumber = 1000) {
  const solution = await solveChallenge(challenge.challenge, challenge.salt, 'SHA-256', maxNumber).promise;
  if (!solution) throw new Error('no solution found');
  return altchaToken({
    algorithm: 'SHA-256',
    challenge: challenge.challenge,
    number: solution.number,
    salt: challenge.salt,
    signature: challenge.signature,
  });
}

function decode(token: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(token, 'base64').toString()) as Record<string, unknown>;
}
const encode = (payload: Record<string, unknown>) => Buffer.from(JSON.stringify(payload)).toString('base64');

describe('ALTCHA', () => {
  let app: FastifyInstance;
  let captcha: Captcha;

  beforeAll(async () => {
    captcha = createCaptcha({ kind: 'altcha', hmacKey: HMAC_KEY, maxNumber: 1000 });
    app = await buildTestApp({ captcha });
  });
  afterAll(() => app.close());

  async function fetchChallenge(): Promise<AltchaChallenge> {
    const response = await app.inject('/api/captcha/challenge');
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    return response.json<AltchaChallenge>();
  }

  it('limits challenges per client', async () => {
    const limited = await buildTestApp({
      captcha,
      config: { rateLimits: { ...DEFAULT_RATE_LIMITS, captchaChallenges: { max: 2, windowSeconds: 60 } } },
    });
    try {
      const responses = [];
      for (let i = 0; i < 3; i++) responses.push(await limited.inject('/api/captcha/challenge'));
      expect(responses.map((response) => response.statusCode)).toEqual([200, 200, 429]);
      const refused = responses[2]!;
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(60);
      expect(refused.json()).toMatchObject({
        message: expect.stringMatching(/^Too many captcha challenges/) as unknown,
      });
    } finally {
      await limited.close();
    }
  });

  it('GET /api/captcha/config tells the client to use ALTCHA', async () => {
    const response = await app.inject('/api/captcha/config');
    expect(response.json()).toEqual({ kind: 'altcha', challengeUrl: '/api/captcha/challenge' });
  });

  it('issues signed challenges that expire, each different', async () => {
    const first = await fetchChallenge();
    const second = await fetchChallenge();
    expect(first).toMatchObject({ algorithm: 'SHA-256', maxnumber: 1000 });
    expect(first.challenge).toMatch(/^[0-9a-f]{64}$/);
    expect(first.signature).toMatch(/^[0-9a-f]{64}$/);
    const expires = Number(new URLSearchParams(first.salt.split('?')[1]).get('expires'));
    expect(expires * 1000).toBeGreaterThan(Date.now() + 19 * 60 * 1000);
    expect(expires * 1000).toBeLessThanOrEqual(Date.now() + 20 * 60 * 1000);
    expect(second.challenge).not.toBe(first.challenge);
  });

  it('accepts a real solution once', async () => {
    const token = await solve(await fetchChallenge());
    expect(await captcha.verify(token, '127.0.0.1')).toBe(true);
    expect(await captcha.verify(token, '127.0.0.1')).toBe(false);
  });

  it('refuses wrong numbers, tampered salts, other keys, other algorithms and garbage', async () => {
    const challenge = await fetchChallenge();
    const token = await solve(challenge);
    const payload = decode(token);
    const wrongNumber = encode({ ...payload, number: ((payload.number as number) + 1) % 1000 });
    expect(await captcha.verify(wrongNumber, null)).toBe(false);
    const longerExpiry = encode({ ...payload, salt: challenge.salt.replace(/expires=\d+/, 'expires=9999999999') });
    expect(await captcha.verify(longerExpiry, null)).toBe(false);
    expect(await captcha.verify(encode({ ...payload, algorithm: 'SHA-1' }), null)).toBe(false);
    const otherKey = createCaptcha({ kind: 'altcha', hmacKey: 'another-key', maxNumber: 1000 });
    expect(await otherKey.verify(token, null)).toBe(false);
    for (const garbage of ['', 'not base64 json', encode({}), 'x'.repeat(5000)]) {
      expect(await captcha.verify(garbage, null)).toBe(false);
    }
    // None of the failures used up the genuine solution.
    expect(await captcha.verify(token, null)).toBe(true);
  });

  it('refuses expired challenges and challenges without an expiry', async () => {
    const expired = await createChallenge({ hmacKey: HMAC_KEY, maxNumber: 1000, expires: new Date(Date.now() - 1000) });
    expect(await captcha.verify(await solve(expired), null)).toBe(false);
    const forever = await createChallenge({ hmacKey: HMAC_KEY, maxNumber: 1000 });
    expect(await captcha.verify(await solve(forever), null)).toBe(false);
  });

  it('derives the key from SESSION_SECRET, so instances with the same secret agree', async () => {
    const config = { captcha: { kind: 'altcha' as const, maxNumber: 2000 }, sessionSecret: 's'.repeat(40) };
    const one = captchaFromConfig(config);
    const challenge = await one.challenge!();
    // ALTCHA_MAX_NUMBER sets the proof of work.
    expect(challenge.maxnumber).toBe(2000);
    const token = await solve(challenge, 2000);
    expect(await captchaFromConfig({ ...config, sessionSecret: 't'.repeat(40) }).verify(token, null)).toBe(false);
    expect(await captchaFromConfig(config).verify(token, null)).toBe(true);
  }, 30_000);

  it('captchaFor checks tokens with the request context’s verifier, once each', async () => {
    const token = await solve(await fetchChallenge());
    const verify = captchaFor({ captcha: app.captcha, ip: '127.0.0.1' });
    expect(await verify(token)).toBe(true);
    expect(await verify(token)).toBe(false);
  });
});

describe('the used-solution store', () => {
  it('claims a key once until it expires', async () => {
    let now = 1_000;
    const store = memoryUsedSolutionStore({ now: () => now });
    expect(await store.claim('a', 2_000)).toBe(true);
    expect(await store.claim('a', 2_000)).toBe(false);
    expect(await store.claim('b', 2_000)).toBe(true);
    now = 2_000;
    expect(await store.claim('a', 3_000)).toBe(true);
  });

  it('refuses new keys when full of live ones, and makes room as they expire', async () => {
    let now = 0;
    const store = memoryUsedSolutionStore({ maxEntries: 2, now: () => now });
    expect(await store.claim('a', 10)).toBe(true);
    expect(await store.claim('b', 20)).toBe(true);
    expect(await store.claim('c', 30)).toBe(false);
    now = 15;
    expect(await store.claim('c', 30)).toBe(true);
  });
});

describe('Google reCAPTCHA', () => {
  function fakeGoogle(answer: () => Promise<Response>) {
    const calls: { url: string; body: URLSearchParams }[] = [];
    const fetch = (async (url: string, init: RequestInit) => {
      calls.push({ url, body: init.body as URLSearchParams });
      return answer();
    }) as unknown as typeof globalThis.fetch;
    return { calls, fetch };
  }
  const json = (body: unknown, status = 200) => Promise.resolve(new Response(JSON.stringify(body), { status }));
  const options = { kind: 'recaptcha' as const, siteKey: 'site-key', secret: 'secret-key' };

  it('asks Google with the secret, the token and the visitor IP', async () => {
    const google = fakeGoogle(() => json({ success: true }));
    const captcha = createCaptcha({ ...options, fetch: google.fetch });
    expect(await captcha.verify('token-1', '203.0.113.7')).toBe(true);
    expect(google.calls).toHaveLength(1);
    expect(google.calls[0]!.url).toBe(RECAPTCHA_VERIFY_URL);
    expect(Object.fromEntries(google.calls[0]!.body)).toEqual({
      secret: 'secret-key',
      response: 'token-1',
      remoteip: '203.0.113.7',
    });
    expect(captcha.config).toEqual({ kind: 'recaptcha', siteKey: 'site-key' });
    expect(captcha.challenge).toBeUndefined();
  });

  it('refuses what Google refuses, and fails closed when Google cannot be reached or answers oddly', async () => {
    const cases: (() => Promise<Response>)[] = [
      () => json({ success: false, 'error-codes': ['timeout-or-duplicate'] }),
      () => json({ success: 'true' }),
      () => json({ error: 'unavailable' }, 503),
      () => Promise.resolve(new Response('<html>', { status: 200 })),
      () => Promise.reject(new TypeError('fetch failed')),
    ];
    for (const answer of cases) {
      const captcha = createCaptcha({ ...options, fetch: fakeGoogle(answer).fetch });
      expect(await captcha.verify('token', null)).toBe(false);
    }
    const google = fakeGoogle(() => json({ success: true }));
    expect(await createCaptcha({ ...options, fetch: google.fetch }).verify('', null)).toBe(false);
    expect(google.calls).toHaveLength(0);
  });

  it('has no challenge route', async () => {
    const app = await buildTestApp({ captcha: createCaptcha(options) });
    try {
      expect((await app.inject('/api/captcha/challenge')).statusCode).toBe(404);
      expect((await app.inject('/api/captcha/config')).json()).toEqual({ kind: 'recaptcha', siteKey: 'site-key' });
    } finally {
      await app.close();
    }
  });
});
