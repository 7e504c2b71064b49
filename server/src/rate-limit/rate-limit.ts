import type { FastifyReply, FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import { AppError } from '../errors.js';
import { securityEvent } from '../http/security-events.js';
import type { RateBucket, RateDecision, RateLimiter } from './rate-limiter.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Counts limited actions per client address (shared through Redis when REDIS_URL is set). */
    rateLimiter: RateLimiter;
  }
}

const TOO_MANY_MESSAGES = (wait: string) => `Too many messages from your network — please try again in ${wait}.`;

const WHAT: Record<RateBucket, (wait: string) => string> = {
  enquiries: TOO_MANY_MESSAGES,
  appointments: TOO_MANY_MESSAGES,
  oshcRequests: TOO_MANY_MESSAGES,
  captchaChallenges: (wait) => `Too many captcha challenges were asked for from your network. Try again in ${wait}.`,
  signIn: (wait) => `Too many sign-in attempts. Try again in ${wait}.`,
};

function waitText(seconds: number): string {
  if (seconds < 90) return `${seconds} seconds`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minutes`;
}

/** What a refused client reads. */
export function rateLimitMessage(bucket: RateBucket, retryAfterSeconds: number): string {
  return WHAT[bucket](waitText(retryAfterSeconds));
}

async function countAttempt(request: FastifyRequest, bucket: RateBucket): Promise<RateDecision> {
  const decision = await request.server.rateLimiter.hit(bucket, request.ip);
  if (!decision.allowed) securityEvent(request.log, 'rate_limited', { ip: request.ip, bucket, limit: decision.limit });
  return decision;
}

/**
 * The rate limit of one API request (tRPC and GraphQL contexts): counts an attempt in `bucket` and refuses it over
 * the limit with TOO_MANY_REQUESTS, which each API answers with 429 and `Retry-After`.
 */
export function requestRateLimit(request: FastifyRequest): (bucket: RateBucket) => Promise<void> {
  return async (bucket) => {
    const decision = await countAttempt(request, bucket);
    if (decision.allowed) return;
    const { retryAfterSeconds } = decision;
    throw new AppError('TOO_MANY_REQUESTS', rateLimitMessage(bucket, retryAfterSeconds), undefined, retryAfterSeconds);
  };
}

/**
 * An `onRequest` hook limiting an HTTP route: over the limit the request is answered 429 with `Retry-After` before
 * its body is read, by `respond` (e.g. an HTML page) or with the JSON every API error has.
 */
export function rateLimitedRoute(
  bucket: RateBucket,
  respond?: (reply: FastifyReply, message: string) => FastifyReply,
): onRequestAsyncHookHandler {
  return async (request, reply) => {
    const decision = await countAttempt(request, bucket);
    if (decision.allowed) return;
    const message = rateLimitMessage(bucket, decision.retryAfterSeconds);
    reply.code(429).header('Retry-After', String(decision.retryAfterSeconds));
    if (respond) return respond(reply, message);
    return reply.send({ error: 'Too Many Requests', message, requestId: request.id });
  };
}
