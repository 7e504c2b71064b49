import { isIPv4, isIPv6 } from 'node:net';
import type { RateLimits } from '../config.js';
import type { RateLimitStore } from './rate-limit-store.js';

/** What is limited, each by its own rule in `Config.rateLimits`. */
export type RateBucket = keyof RateLimits;

export interface RateDecision {
  allowed: boolean;
  limit: number;
  remaining: number;
  /** Until the window ends (at least 1), for `Retry-After`. */
  retryAfterSeconds: number;
}

/**
 * Who a limit counts: an IPv4 address, or an IPv6 client's /64 (one subscriber's network: they can change the
 * rest of the address at will). Addresses are as resolved through TRUST_PROXY, so a forged X-Forwarded-For from
 * an untrusted peer changes nothing.
 */
export function rateLimitClient(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped) return mapped[1]!;
  if (isIPv4(ip) || !isIPv6(ip)) return ip;
  const [head = '', tail = ''] = ip.toLowerCase().split('::');
  const headGroups = head ? head.split(':') : [];
  const tailGroups = tail ? tail.split(':') : [];
  // A dotted IPv4 tail (e.g. 64:ff9b::192.0.2.1) stands for two groups.
  const width = (groups: string[]) => groups.reduce((sum, group) => sum + (group.includes('.') ? 2 : 1), 0);
  const groups = ip.includes('::')
    ? [...headGroups, ...Array<string>(8 - width(headGroups) - width(tailGroups)).fill('0'), ...tailGroups]
    : headGroups;
  return `${groups
    .slice(0, 4)
    .map((group) => group.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}

/** Counts what one client does, per bucket, against the configured rules. */
export class RateLimiter {
  constructor(
    private readonly store: RateLimitStore,
    private readonly rules: RateLimits,
  ) {}

  /** Counts one attempt of `client` (an IP address) and tells whether it is within the limit. */
  async hit(bucket: RateBucket, ip: string): Promise<RateDecision> {
    const rule = this.rules[bucket];
    const { count, resetInMs } = await this.store.hit(
      `rate:${bucket}:${rateLimitClient(ip)}`,
      rule.windowSeconds * 1000,
    );
    return this.decision(bucket, count, resetInMs);
  }

  /**
   * Failures of `subject` (e.g. `account:<e-mail>`, `address:<client>`) in `bucket`, counted only when `failed` is
   * called: whether one more attempt is within the limit (decision 063).
   */
  async mayTry(bucket: RateBucket, subject: string): Promise<RateDecision> {
    const { count, resetInMs } = await this.store.peek(`rate:${bucket}:${subject}`);
    return this.decision(bucket, count + 1, resetInMs || this.rules[bucket].windowSeconds * 1000);
  }

  /** Counts one failure of `subject` in `bucket`. */
  async failed(bucket: RateBucket, subject: string): Promise<void> {
    await this.store.hit(`rate:${bucket}:${subject}`, this.rules[bucket].windowSeconds * 1000);
  }

  /** Forgets `subject`'s failures in `bucket` (after a success). */
  async forget(bucket: RateBucket, subject: string): Promise<void> {
    await this.store.clear(`rate:${bucket}:${subject}`);
  }

  private decision(bucket: RateBucket, count: number, resetInMs: number): RateDecision {
    const rule = this.rules[bucket];
    return {
      allowed: count <= rule.max,
      limit: rule.max,
      remaining: Math.max(0, rule.max - count),
      retryAfterSeconds: Math.max(1, Math.ceil(resetInMs / 1000)),
    };
  }
}
