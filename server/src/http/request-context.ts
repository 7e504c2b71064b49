import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Actor } from '../auth/staff-identity.js';
import type { CaptchaVerifier } from '../captcha/captcha.js';
import type { LeadSettings } from '../config.js';
import type { DB } from '../db/schema.js';
import type { LeadNotifier } from '../leads/leads.service.js';
import type { MailQueue } from '../mail/mail.service.js';
import type { RateBucket } from '../rate-limit/rate-limiter.js';

/**
 * What every API call may use, through tRPC and GraphQL alike; each endpoint adds its own. Types only, so the
 * client's type check can follow the routers' types here (build-request-context.ts fills it in).
 */
export interface RequestContext {
  db: Kysely<DB>;
  log: FastifyBaseLogger;
  requestId: string;
  /** The visitor's address as resolved through TRUST_PROXY. */
  ip: string;
  /** Verifies the request's bearer token; only called for non-public operations. */
  authenticate: () => Promise<Actor>;
  /** Checks the public forms' captcha token. */
  captcha: CaptchaVerifier;
  /** Counts an attempt of this client in a rate-limit bucket; throws TOO_MANY_REQUESTS over the limit. */
  rateLimit: (bucket: RateBucket) => Promise<void>;
  /** Queues a new lead's mails and webhook delivery in the transaction that stores it. */
  leadNotifier: LeadNotifier;
  /** Stores a mail and queues its sending in a transaction (decision 029): a staff member's reply. */
  queueMail: MailQueue;
  /** The inbox's time zone (what "today" is). */
  leadSettings: LeadSettings;
}
