import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { isIP } from 'node:net';
import path from 'node:path';
import { z } from 'zod';
import { PRODUCT_NAME } from '../../shared/brand.js';
import type { SiteSettings } from '../../shared/site-settings.js';
import { isTimeZone } from '../../shared/time-zone.js';

/**
 * All configuration, read from the environment once at start-up (see `loadConfig`) and passed down.
 * Nothing else in the server reads `process.env`.
 */
export interface Config {
  port: number;
  host: string;
  /** Origin the site is reached at, e.g. https://example.com (no trailing slash). */
  publicUrl: string;
  /** Real PostgreSQL when set; the embedded database under `dataDir` otherwise. */
  databaseUrl: string | undefined;
  dataDir: string;
  /** Proxy addresses/CIDRs whose X-Forwarded-For is believed; empty trusts no proxy. */
  trustProxy: string[];
  sessionSecret: string;
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  /** Insert demo content (banners, testimonials, …) on first start. */
  seedDemo: boolean;
  /** Development mode: Vite middleware with hot reload instead of the built client. */
  dev: boolean;
  /** Where the built client (`dist/client`) and server renderer (`dist/ssr`) live. */
  distDir: string;
  /** Who signs staff in: the embedded provider (default) or an external OpenID Connect provider. */
  identity: IdentityConfig;
  /** The first administrator, created at first start when there is no staff user. */
  initialAdmin: { email: string; password: string | undefined };
  /** Who checks that a public form was sent by a person: ALTCHA (self-hosted, default) or Google reCAPTCHA. */
  captcha:
    | {
        kind: 'altcha';
        /** The proof of work: the widget tries up to this many hashes (half on average). */
        maxNumber: number;
      }
    | { kind: 'recaptcha'; siteKey: string; secretKey: string };
  /** The environment's links and registration numbers: the defaults of the settings staff own (decision 034). */
  site: SiteSettings;
  /**
   * Redis, for state several instances must share: rate-limit counts and used captcha solutions. Unset: each
   * instance keeps its own in memory.
   */
  redisUrl: string | undefined;
  /** How often one client address may do each limited thing. */
  rateLimits: RateLimits;
  /** Web origins (e.g. https://partner.example) whose pages may call POST /api/graphql; empty: none. */
  corsOrigins: string[];
  /** How long the server waits for clients, and when it sheds load (decision 023). */
  http: HttpSettings;
  /** Whether GraphQL callers may introspect the schema (always in development). */
  graphqlIntrospection: boolean;
  /**
   * The request header in which a CDN in front tells the visitor's country code (e.g. `CF-IPCountry`). When set,
   * public pages follow it and may be kept by the CDN, keyed by it and the site_country cookie (decision 025).
   */
  cdnCountryHeader: string | undefined;
  /** Where mail goes (decision 029): an SMTP server, or, without `SMTP_URL`, the staff area's Outbox only. */
  mail: MailSettings;
  /** Whether rendered public pages are kept (decision 025); off only to measure or debug rendering. */
  pageCache: boolean;
  /** The Enquiries inbox's clock and how long leads are kept (decision 030). */
  leads: LeadSettings;
  /**
   * Activity older than this many months is forgotten, but for each item's latest entry (its current version):
   * `ACTIVITY_RETENTION_MONTHS`, default 36 (decision 040).
   */
  activityRetentionMonths: number;
}

export interface LeadSettings {
  /**
   * The IANA time zone the business runs on (`TIME_ZONE`, default the server's): what "today" is for follow-ups,
   * when the morning reminders go, where a week starts on the dashboard.
   */
  timeZone: string;
  /** Leads older than this many months are anonymised (`LEAD_RETENTION_MONTHS`, default 24). */
  retentionMonths: number;
  /**
   * Where visitors' answers come back into their lead (decision 053): the address a reply from the inbox names
   * beside its writer's (`REPLY_ADDRESS`), and the secret the mail provider posts what arrives there with
   * (`INBOUND_MAIL_SECRET`) to POST /api/inbound-mail. Unset: answers reach the writer only.
   */
  inbound?: InboundMail;
}

export interface InboundMail {
  address: string;
  secret: string;
  /**
   * The receiving server whose Authentication-Results header is believed (`INBOUND_MAIL_AUTHSERV_ID`, e.g.
   * `mx.google.com`): a staff member's mail with DMARC passed there is the office's (decision 062).
   */
  authservId?: string | undefined;
}

export interface MailSettings {
  /** `smtp://` or `smtps://` with the account in it; unset: mails are kept in the Outbox, not sent. */
  smtpUrl: string | undefined;
  /** The From of every mail, e.g. `"Horizon Education & Migration" <no-reply@example.com>`. */
  from: string;
  /** The most mails handed to the SMTP server per second (`MAIL_SEND_RATE`; a provider's limit), default 25. */
  sendRate?: number;
}

export interface HttpSettings {
  /** A request's headers, and then an ordinary body, must each arrive within this; otherwise 408. */
  requestTimeoutMs: number;
  /** A staff upload (multipart POST /api/graphql) must arrive within this. */
  uploadTimeoutMs: number;
  /** An idle kept-alive connection is closed after this. */
  keepAliveTimeoutMs: number;
  /** New requests are answered 503 while the event loop's mean delay passes this; 0 sheds nothing. */
  maxEventLoopDelayMs: number;
}

/**
 * Requests: an ordinary body is at most 1 MB, which arrives in 30 s down to 0.3 Mbit/s. Uploads: one 10 MB file in
 * 5 minutes needs 0.3 Mbit/s too, a full batch (20 files) about 5 Mbit/s; only staff reach this deadline. Keep-alive:
 * longer than the usual proxy's idle timeout (60 s for nginx and AWS load balancers), so a proxy never reuses a
 * connection the server is closing (sporadic 502s). Event loop: a mean delay of a second means every request waits
 * a second before any of its work starts; a busy loop that keeps up stays far below.
 */
export const DEFAULT_HTTP_SETTINGS: HttpSettings = {
  requestTimeoutMs: 30_000,
  uploadTimeoutMs: 5 * 60_000,
  keepAliveTimeoutMs: 72_000,
  maxEventLoopDelayMs: 1_000,
};

/** At most `max` times per `windowSeconds` for one client address. */
export interface RateRule {
  max: number;
  windowSeconds: number;
}

export interface RateLimits {
  /** Each public form has its own count (both APIs): a busy office or a carrier-grade NAT shares one address. */
  enquiries: RateRule;
  appointments: RateRule;
  oshcRequests: RateRule;
  /** ALTCHA challenges (each one is a submission's ticket). */
  captchaChallenges: RateRule;
  /** Password attempts on the embedded provider's sign-in form. */
  signIn: RateRule;
}

/** Submissions of each public form one address may make per hour, unless FORM_SUBMISSIONS_PER_HOUR says otherwise. */
export const DEFAULT_FORM_SUBMISSIONS_PER_HOUR = 60;

const perHour = (max: number): RateRule => ({ max, windowSeconds: 60 * 60 });

/**
 * Generous for the people behind one address (an office, a campus, a mobile carrier's NAT), costly for a script:
 * the captcha, the honeypot and idempotent submission ids are the main defence, these limits the backstop.
 */
export const DEFAULT_RATE_LIMITS: RateLimits = {
  enquiries: perHour(DEFAULT_FORM_SUBMISSIONS_PER_HOUR),
  appointments: perHour(DEFAULT_FORM_SUBMISSIONS_PER_HOUR),
  oshcRequests: perHour(DEFAULT_FORM_SUBMISSIONS_PER_HOUR),
  captchaChallenges: { max: 120, windowSeconds: 60 },
  signIn: { max: 10, windowSeconds: 15 * 60 },
};

/** The environment's values of the settings staff own: defaults until an ADMIN saves them (decision 034). */
export type { SiteSettings };

/** About 50,000 SHA-256 hashes on average: well under a second in a browser, costly in bulk. */
export const ALTCHA_MAX_NUMBER = 100_000;

/** The regulator of registered migration agents (OMARA), which publishes their Code of Conduct. */
export const DEFAULT_CODE_OF_CONDUCT_URL = 'https://www.mara.gov.au/';

export type IdentityConfig =
  | { kind: 'embedded' }
  | {
      kind: 'external';
      issuer: string;
      clientId: string;
      clientSecret: string;
      /** The `aud` of access tokens for this product's API. */
      audience: string;
      /** Scopes to ask for (some providers need an API scope here). */
      scope: string;
      /** A claim (e.g. `roles` or `https://example.com/roles`) carrying ADMIN/EDITOR; staff rows decide otherwise. */
      rolesClaim: string | undefined;
    };

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

const proxyEntry = z.string().refine(
  (entry) => {
    const [address, bits, ...rest] = entry.split('/');
    if (rest.length > 0 || !address || !isIP(address)) return false;
    if (bits === undefined) return true;
    const max = isIP(address) === 4 ? 32 : 128;
    return /^\d+$/.test(bits) && Number(bits) <= max;
  },
  { message: 'must be an IP address or CIDR range (for example 10.0.0.0/8); "true" is not accepted' },
);

/** A web origin as browsers send it in `Origin`: scheme, host and port only (normalised: lower case, no default port). */
const webOrigin = z
  .url({ protocol: /^https?$/ })
  .refine(
    (value) => {
      // Zod runs refinements after a failed format check too: an unparseable value is reported once, above.
      if (!URL.canParse(value)) return true;
      const url = new URL(value);
      return url.pathname === '/' && !url.search && !url.hash && !url.username && !url.password;
    },
    { message: 'must be an origin such as https://partner.example (no path, query or credentials)' },
  )
  .transform((value) => new URL(value).origin);

const booleanFlag = z
  .enum(['0', '1', 'true', 'false', ''])
  .optional()
  .transform((value) => (value === undefined || value === '' ? undefined : value === '1' || value === 'true'));

/** An optional setting where an empty value means unset. */
const optionalText = z
  .string()
  .optional()
  .transform((value) => (value ? value : undefined));

/** A comma-separated setting (spaces and empty entries ignored), each entry checked by `entry`. */
function commaList<T>(entry: z.ZodType<T, string>) {
  return z
    .string()
    .optional()
    .transform((value) =>
      (value ?? '')
        .split(',')
        .map((item) => item.trim())
        .filter(Boolean),
    )
    .pipe(z.array(entry));
}

/** An optional whole number of milliseconds within bounds (empty means unset). */
function milliseconds(min: number, max: number) {
  return optionalText.pipe(z.coerce.number<string | undefined>().int().min(min).max(max).optional());
}

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  PUBLIC_URL: z
    .url({ protocol: /^https?$/ })
    .optional()
    .transform((value) => value?.replace(/\/+$/, '')),
  DATABASE_URL: z
    .string()
    .optional()
    .transform((value) => (value ? value : undefined))
    .refine((value) => value === undefined || /^postgres(ql)?:\/\//.test(value), {
      message: 'must be a postgres:// or postgresql:// URL',
    }),
  DATA_DIR: z.string().min(1).default('./data'),
  TRUST_PROXY: commaList(proxyEntry),
  SESSION_SECRET: z
    .string()
    .min(32, 'must be at least 32 characters')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  LOG_LEVEL: z.enum(LOG_LEVELS).optional(),
  SEED_DEMO: booleanFlag,
  GRAPHQL_INTROSPECTION: booleanFlag,
  NODE_ENV: z.string().optional(),
  OIDC_ISSUER: optionalText.pipe(z.url({ protocol: /^https?$/ }).optional()),
  OIDC_CLIENT_ID: optionalText,
  OIDC_CLIENT_SECRET: optionalText,
  OIDC_AUDIENCE: optionalText,
  OIDC_ROLES_CLAIM: optionalText,
  OIDC_SCOPE: optionalText,
  RECAPTCHA_SITE_KEY: optionalText,
  RECAPTCHA_SECRET_KEY: optionalText,
  // Lower makes the captcha easier (load tests use 1000); higher makes robots pay more, and visitors wait longer.
  ALTCHA_MAX_NUMBER: optionalText.pipe(
    z.coerce.number<string | undefined>().int().min(1000).max(10_000_000).optional(),
  ),
  NEWSLETTER_FORM_URL: optionalText.pipe(z.url({ protocol: /^https$/ }).optional()),
  MIGRATION_AGENT_NUMBERS: optionalText.pipe(z.string().max(300).optional()),
  CODE_OF_CONDUCT_URL: optionalText.pipe(z.url({ protocol: /^https?$/ }).optional()),
  APPOINTMENT_URL: optionalText.pipe(z.url({ protocol: /^https?$/ }).optional()),
  ADMIN_EMAIL: optionalText.pipe(z.email().optional()),
  ADMIN_PASSWORD: optionalText.pipe(z.string().min(12, 'must be at least 12 characters').optional()),
  REDIS_URL: optionalText.pipe(
    z
      .string()
      .regex(/^rediss?:\/\//, 'must be a redis:// or rediss:// URL')
      .optional(),
  ),
  CORS_ORIGINS: commaList(webOrigin),
  REQUEST_TIMEOUT_MS: milliseconds(1_000, 10 * 60_000),
  UPLOAD_TIMEOUT_MS: milliseconds(1_000, 60 * 60_000),
  KEEP_ALIVE_TIMEOUT_MS: milliseconds(1_000, 60 * 60_000),
  MAX_EVENT_LOOP_DELAY_MS: milliseconds(0, 60_000),
  PAGE_CACHE: booleanFlag,
  SMTP_URL: optionalText.pipe(
    z
      .url({ protocol: /^smtps?$/ })
      .optional()
      .describe('smtp://user:password@host:587 or smtps://…'),
  ),
  MAIL_FROM: optionalText.pipe(z.string().max(200).optional()),
  MAIL_SEND_RATE: optionalText.pipe(z.coerce.number<string | undefined>().int().min(1).max(1_000).optional()),
  TIME_ZONE: optionalText.pipe(
    z.string().refine(isTimeZone, 'must be an IANA time zone such as Asia/Kathmandu or Australia/Sydney').optional(),
  ),
  FORM_SUBMISSIONS_PER_HOUR: optionalText.pipe(
    z.coerce.number<string | undefined>().int().min(1).max(100_000).optional(),
  ),
  LEAD_RETENTION_MONTHS: optionalText.pipe(z.coerce.number<string | undefined>().int().min(1).max(240).optional()),
  ACTIVITY_RETENTION_MONTHS: optionalText.pipe(z.coerce.number<string | undefined>().int().min(1).max(600).optional()),
  REPLY_ADDRESS: optionalText.pipe(z.email().max(200).optional()),
  INBOUND_MAIL_SECRET: optionalText.pipe(z.string().min(32, 'must be at least 32 characters').optional()),
  INBOUND_MAIL_AUTHSERV_ID: optionalText.pipe(
    z
      .string()
      .regex(
        /^[A-Za-z0-9.-]{1,253}$/,
        'must be a host name, as the receiving server writes it in Authentication-Results',
      )
      .optional(),
  ),
  CDN_COUNTRY_HEADER: optionalText.pipe(
    z
      .string()
      .regex(/^[A-Za-z0-9-]{1,64}$/, 'must be a header name')
      .optional(),
  ),
});

/** The default limits, with each form's hourly count set by FORM_SUBMISSIONS_PER_HOUR when given. */
function formLimits(perForm: number | undefined): RateLimits {
  if (perForm === undefined) return DEFAULT_RATE_LIMITS;
  return {
    ...DEFAULT_RATE_LIMITS,
    enquiries: perHour(perForm),
    appointments: perHour(perForm),
    oshcRequests: perHour(perForm),
  };
}

/** How long leads are kept before they are anonymised, unless LEAD_RETENTION_MONTHS says otherwise. */
export const DEFAULT_LEAD_RETENTION_MONTHS = 24;

/** How long the Activity log keeps changes, unless ACTIVITY_RETENTION_MONTHS says otherwise. */
export const DEFAULT_ACTIVITY_RETENTION_MONTHS = 36;

export class ConfigError extends Error {
  override name = 'ConfigError';
}

export interface LoadedConfig {
  config: Config;
  /** Things worth a log line once the logger exists (e.g. a generated secret). */
  warnings: string[];
}

/**
 * Validates the environment and fills in safe defaults.
 * A missing SESSION_SECRET is generated once and kept in DATA_DIR, so sessions survive restarts.
 */
export function loadConfig(
  env: Record<string, string | undefined>,
  options: { dev?: boolean; distDir?: string } = {},
): LoadedConfig {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n  ${problems.join('\n  ')}`);
  }
  const e = parsed.data;
  const identity = identityConfig(e);
  const warnings: string[] = [];
  const dataDir = path.resolve(e.DATA_DIR);
  const dev = options.dev ?? false;

  let sessionSecret = e.SESSION_SECRET;
  if (!sessionSecret) {
    sessionSecret = readOrCreateSecret(path.join(dataDir, 'session-secret'));
    warnings.push(
      `SESSION_SECRET is not set: using the generated secret in ${path.join(dataDir, 'session-secret')}. ` +
        'Set SESSION_SECRET (the same on every instance) in production.',
    );
  }

  const config: Config = {
    port: e.PORT,
    host: e.HOST,
    publicUrl: e.PUBLIC_URL ?? `http://localhost:${e.PORT}`,
    databaseUrl: e.DATABASE_URL,
    dataDir,
    trustProxy: e.TRUST_PROXY,
    sessionSecret,
    logLevel: e.LOG_LEVEL ?? (e.NODE_ENV === 'test' ? 'silent' : 'info'),
    // Demo content makes a fresh embedded database look like a real site; a real database opts in.
    seedDemo: e.SEED_DEMO ?? e.DATABASE_URL === undefined,
    dev,
    distDir: path.resolve(options.distDir ?? 'dist'),
    identity,
    initialAdmin: { email: e.ADMIN_EMAIL ?? 'admin@example.com', password: e.ADMIN_PASSWORD },
    captcha: captchaConfig(e),
    site: {
      newsletterFormUrl: e.NEWSLETTER_FORM_URL ?? null,
      registrationNumbers: e.MIGRATION_AGENT_NUMBERS ?? null,
      codeOfConductUrl: e.CODE_OF_CONDUCT_URL ?? DEFAULT_CODE_OF_CONDUCT_URL,
      appointmentUrl: e.APPOINTMENT_URL ?? null,
    },
    redisUrl: e.REDIS_URL,
    rateLimits: formLimits(e.FORM_SUBMISSIONS_PER_HOUR),
    corsOrigins: [...new Set(e.CORS_ORIGINS)],
    graphqlIntrospection: e.GRAPHQL_INTROSPECTION ?? true,
    cdnCountryHeader: e.CDN_COUNTRY_HEADER?.toLowerCase(),
    pageCache: e.PAGE_CACHE ?? true,
    mail: {
      smtpUrl: e.SMTP_URL,
      from: e.MAIL_FROM ?? `"${PRODUCT_NAME}" <no-reply@${new URL(e.PUBLIC_URL ?? 'http://localhost').hostname}>`,
      ...(e.MAIL_SEND_RATE ? { sendRate: e.MAIL_SEND_RATE } : {}),
    },
    leads: {
      timeZone: e.TIME_ZONE ?? Intl.DateTimeFormat().resolvedOptions().timeZone,
      retentionMonths: e.LEAD_RETENTION_MONTHS ?? DEFAULT_LEAD_RETENTION_MONTHS,
      inbound: inboundConfig(e),
    },
    activityRetentionMonths: e.ACTIVITY_RETENTION_MONTHS ?? DEFAULT_ACTIVITY_RETENTION_MONTHS,
    http: {
      requestTimeoutMs: e.REQUEST_TIMEOUT_MS ?? DEFAULT_HTTP_SETTINGS.requestTimeoutMs,
      uploadTimeoutMs: e.UPLOAD_TIMEOUT_MS ?? DEFAULT_HTTP_SETTINGS.uploadTimeoutMs,
      keepAliveTimeoutMs: e.KEEP_ALIVE_TIMEOUT_MS ?? DEFAULT_HTTP_SETTINGS.keepAliveTimeoutMs,
      // Not under test unless a test asks: a test process blocks its loop setting up (the embedded database runs
      // on it), and a request refused for that would fail a test about something else.
      maxEventLoopDelayMs:
        e.MAX_EVENT_LOOP_DELAY_MS ?? (e.NODE_ENV === 'test' ? 0 : DEFAULT_HTTP_SETTINGS.maxEventLoopDelayMs),
    },
  };
  return { config, warnings };
}

function captchaConfig(e: z.infer<typeof envSchema>): Config['captcha'] {
  if (!e.RECAPTCHA_SITE_KEY && !e.RECAPTCHA_SECRET_KEY) {
    return { kind: 'altcha', maxNumber: e.ALTCHA_MAX_NUMBER ?? ALTCHA_MAX_NUMBER };
  }
  if (!e.RECAPTCHA_SITE_KEY || !e.RECAPTCHA_SECRET_KEY) {
    throw new ConfigError('Invalid configuration:\n  RECAPTCHA_SITE_KEY and RECAPTCHA_SECRET_KEY must be set together');
  }
  return { kind: 'recaptcha', siteKey: e.RECAPTCHA_SITE_KEY, secretKey: e.RECAPTCHA_SECRET_KEY };
}

function inboundConfig(e: z.infer<typeof envSchema>): InboundMail | undefined {
  if (!e.REPLY_ADDRESS && !e.INBOUND_MAIL_SECRET) return undefined;
  if (!e.REPLY_ADDRESS || !e.INBOUND_MAIL_SECRET) {
    throw new ConfigError('Invalid configuration:\n  REPLY_ADDRESS and INBOUND_MAIL_SECRET must be set together');
  }
  return { address: e.REPLY_ADDRESS, secret: e.INBOUND_MAIL_SECRET, authservId: e.INBOUND_MAIL_AUTHSERV_ID };
}

function identityConfig(e: z.infer<typeof envSchema>): IdentityConfig {
  if (!e.OIDC_ISSUER) return { kind: 'embedded' };
  const missing = (['OIDC_CLIENT_ID', 'OIDC_CLIENT_SECRET', 'OIDC_AUDIENCE'] as const).filter((name) => !e[name]);
  if (missing.length > 0) {
    throw new ConfigError(`Invalid configuration:\n  OIDC_ISSUER is set, so ${missing.join(', ')} must be set too`);
  }
  return {
    kind: 'external',
    // Kept exactly as given: some providers' issuers end in a slash, and tokens carry it.
    issuer: e.OIDC_ISSUER,
    clientId: e.OIDC_CLIENT_ID!,
    clientSecret: e.OIDC_CLIENT_SECRET!,
    audience: e.OIDC_AUDIENCE!,
    rolesClaim: e.OIDC_ROLES_CLAIM,
    scope: e.OIDC_SCOPE ?? 'openid email profile offline_access',
  };
}

function readOrCreateSecret(file: string): string {
  try {
    const existing = readFileSync(file, 'utf8').trim();
    if (existing.length >= 32) return existing;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  mkdirSync(path.dirname(file), { recursive: true });
  const secret = randomBytes(32).toString('base64url');
  // 0600: the secret signs and encrypts sessions.
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}
