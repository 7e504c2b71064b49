import { randomUUID } from 'node:crypto';
import fastifyCompress from '@fastify/compress';
import middie from '@fastify/middie';
import Fastify, { type FastifyInstance } from 'fastify';
import type { GraphQLSchema } from 'graphql';
import type { Kysely } from 'kysely';
import type { Config } from './config.js';
import { afterWrites } from './db/after-writes.js';
import { openDatabase, type Database } from './db/database.js';
import { prepareDatabase } from './db/prepare.js';
import type { DB } from './db/schema.js';
import type { Terminal } from './staff/staff.bootstrap.js';
import { registerAuth } from './auth/auth.plugin.js';
import { captchaFromConfig, type Captcha } from './captcha/captcha.js';
import { captchaRoutes } from './captcha/captcha.routes.js';
import { graphqlPlugin } from './graphql/graphql.plugin.js';
import { healthRoutes } from './health/health.routes.js';
import { registerCors } from './http/cors.js';
import { registerErrorHandler } from './http/errors.js';
import { registerLoadShedding } from './http/load-shedding.js';
import { registerInvalidAddressRefusal } from './http/invalid-address.js';
import { lazyChildLogger, loggerOptions, RequestLog } from './http/logger.js';
import { registerSecurityHeaders } from './http/security-headers.js';
import { httpServerTimeouts, registerBodyDeadline } from './http/timeouts.js';
import { mediaRoutes } from './media/media.routes.js';
import { RateLimiter } from './rate-limit/rate-limiter.js';
import { openSharedState } from './shared-state/shared-state.js';
import { DEFAULT_PAGE_CACHE_LIMITS, PageCache, PUBLIC_READS } from './site/page-cache.js';
import { startJobQueue, type JobQueue } from './jobs/job-queue.js';
import { previewLinks, type PreviewLinks } from './post/post-preview.js';
import { PUBLISH_DUE_POSTS_CRON, publishDuePosts } from './post/post-publishing.js';
import { leadMailer } from './leads/lead-mails.js';
import type { LeadNotifier } from './leads/leads.service.js';
import { queueLeadWebhook, webhookSender } from './webhooks/webhooks.service.js';
import { applyRetention } from './leads/privacy.js';
import { forgetOldActivity } from './audit/audit.service.js';
import { warnOfUntrustedProxy, type ProxyObservation } from './http/proxy-warning.js';
import { SiteSettingsStore } from './settings/site-settings.service.js';
import { sendAppointmentReminders, sendFollowUpReminders } from './leads/reminders.js';
import { mailSender, queueMail, type MailQueue, type OutgoingMail } from './mail/mail.service.js';
import { inboundMailRoutes } from './leads/inbound-mail.routes.js';
import { isLocalSite } from './webhooks/outbound.js';
import { registerPageCacheFront } from './site/page-cache-front.js';
import { illustrationRoutes } from './site/illustration.routes.js';
import { seoRoutes } from './site/seo.routes.js';
import { siteRoutes } from './site/site.routes.js';
import { trpcPlugin } from './trpc/trpc.plugin.js';

declare module 'fastify' {
  interface FastifyInstance {
    db: Kysely<DB>;
    config: Config;
    /** Verifies the public forms' captcha. */
    captcha: Captcha;
    /** The GraphQL schema served at /api/graphql (set once the endpoint is registered). */
    graphqlSchema: GraphQLSchema | undefined;
    /** Kept public pages and public API reads (decision 025); none in development or with PAGE_CACHE=0. */
    pageCache: PageCache | undefined;
    /** Work after the answer, on the database (decision 028). */
    jobs: JobQueue;
    /** Queues a new lead's mails and webhook delivery in its transaction (decisions 029, 031). */
    leadNotifier: LeadNotifier;
    /** Stores a mail and queues its sending in a transaction (decision 029). */
    queueMail: MailQueue;
    /** The settings staff own, as they apply now (decision 034). */
    siteSettings: SiteSettingsStore;
    /** What the proxy check has seen (the go-live checklist shows an untrusted proxy). */
    proxyObservation: ProxyObservation;
    /** Signs and reads the blog's preview links (issue 20). */
    previews: PreviewLinks;
  }
}

/** When retention runs (03:30) and when follow-up reminders go out (08:00), in the business's time zone. */
export const RETENTION_CRON = '30 3 * * *';
export const REMINDERS_CRON = '0 8 * * *';

export interface AppDependencies {
  /** An open database (tests pass their own); otherwise one is opened from the configuration. */
  database?: Database;
  /** Serve the site (client assets and server-side rendering). Off in API-only tests that have no build. */
  site?: boolean;
  /** Logger settings over the real ones (tests pass a level and a stream to read the lines). */
  logger?: Record<string, unknown>;
  /** A captcha other than the configured one (tests use an easy proof of work). */
  captcha?: Captcha;
  /** Where a generated first administrator password is printed (stderr unless a test reads it). */
  terminal?: Terminal;
  /** Prefix of this app's Redis keys (tests keep runs apart; instances of one site share it). */
  redisKeyPrefix?: string;
}

const REQUEST_ID = /^[A-Za-z0-9._-]{8,64}$/;

/**
 * Builds the whole server: used by `npm start`, `npm run dev` and tests (with `app.inject`, no port).
 * Order matters and follows Fastify's reference layout: infrastructure, then cross-cutting hooks, then routes.
 */
export async function buildApp(config: Config, deps: AppDependencies = {}): Promise<FastifyInstance> {
  const app = Fastify({
    // A test's logger (its level and stream) keeps the redaction and serializers of the real one.
    logger: deps.logger ? { ...loggerOptions(config), ...deps.logger } : loggerOptions(config),
    logController: new RequestLog(),
    childLoggerFactory: lazyChildLogger,
    // Behind a proxy, only the listed addresses may set X-Forwarded-For (never `true`: clients could forge it).
    trustProxy: config.trustProxy.length > 0 ? config.trustProxy : false,
    // Keep a caller's request id (from a proxy) when it is well-formed, so logs join up across services.
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
    },
    bodyLimit: 1024 * 1024,
    // A tRPC batch names its procedures in one path parameter (`/api/trpc/a,b,c`): room for far more than a full
    // batch, so an oversized one meets tRPC's 400 rather than a 404 (Fastify's default is 100 characters).
    routerOptions: { maxParamLength: 2048 },
    // Let in-flight requests finish on close, but do not wait for idle keep-alive sockets.
    forceCloseConnections: 'idle',
    // Headers within 30 s, an ordinary body within 30 s more, a staff upload within 5 minutes, idle keep-alive
    // 72 s (config.ts says why each; decision 023). Fastify's defaults wait for a slow body forever.
    ...httpServerTimeouts(config.http),
  });

  // Infrastructure: the database, migrated, seeded, and closed last on shutdown.
  const database = deps.database ?? (await openDatabase(config, app.log));
  app.decorate('config', config);
  app.addHook('onClose', () => database.close());
  try {
    await prepareDatabase(database.db, config, app.log, deps.terminal);
  } catch (error) {
    await app.close();
    throw error;
  }

  // Jobs (mail now; webhooks, reminders later) on the same database, stopped before it closes (decision 028).
  const sender = mailSender(database.db, config.mail);
  // Its SMTP connections close after the queue has stopped (hooks run last-in first): running jobs finish first.
  app.addHook('onClose', () => sender.close());
  const jobs = await startJobQueue(database, { log: app.log });
  app.addHook('onClose', () => jobs.stop());
  await jobs.work('send-mail', sender);
  // Daily, in the business's time zone: retention at night, each assignee's follow-ups in the morning.
  await jobs.work('lead-retention', async () => void (await applyRetention(database.db, config.leads)));
  // The morning's mails: staff their follow-ups due, visitors their appointments of tomorrow (decision 049).
  await jobs.work('follow-up-reminders', async () => {
    await sendFollowUpReminders(database.db, jobs, config);
    await sendAppointmentReminders(database.db, jobs, config);
  });
  await jobs.schedule('lead-retention', RETENTION_CRON, config.leads.timeZone);
  await jobs.work('activity-retention', async () => {
    await forgetOldActivity(database.db, config.activityRetentionMonths);
  });
  await jobs.schedule('activity-retention', RETENTION_CRON, config.leads.timeZone);
  await jobs.schedule('follow-up-reminders', REMINDERS_CRON, config.leads.timeZone);
  await jobs.work('publish-due-posts', async () => void (await publishDuePosts(database.db)));
  await jobs.schedule('publish-due-posts', PUBLISH_DUE_POSTS_CRON, 'UTC');
  app.decorate('jobs', jobs);
  await jobs.work('deliver-webhook', webhookSender(database.db, { localSite: isLocalSite(config.publicUrl) }));
  const mailQueue: MailQueue = Object.assign(
    (trx: Kysely<DB>, mail: OutgoingMail) => queueMail(trx, jobs, mail, config.mail),
    { from: config.mail.from },
  );
  app.decorate<MailQueue>('queueMail', mailQueue);
  const mails = leadMailer(jobs, config.mail, config.publicUrl);
  app.decorate('leadNotifier', async (trx, lead) => {
    await mails(trx, lead);
    await queueLeadWebhook(trx, jobs, lead, config.publicUrl);
  });

  // First of all hooks: a page the page cache keeps is sent before any other work (decision 025).
  const pageCacheFront = registerPageCacheFront(app);
  // Once, not per request: a proxy in front without TRUST_PROXY makes every visitor look like the proxy.
  app.decorate('proxyObservation', warnOfUntrustedProxy(app, config.trustProxy));

  // Public pages and public API reads, kept until the database says what they show has changed (decision 025). Not
  // in development, where the code changes under them.
  const pageCache = config.dev || !config.pageCache ? undefined : new PageCache(DEFAULT_PAGE_CACHE_LIMITS, app.log);
  if (pageCache) {
    await pageCache.listen(database);
    app.addHook('onClose', () => pageCache.close());
  }
  app.decorate('pageCache', pageCache);
  // A write made here forgets the kept public reads at once: its writer (a staff change, a script, a test) reads what
  // it wrote without waiting for the notification.
  app.decorate(
    'db',
    pageCache ? database.db.withPlugin(afterWrites(() => pageCache.forget(PUBLIC_READS))) : database.db,
  );
  // Read once here, then again whenever any instance saves them: every page and security policy uses them.
  const siteSettings = new SiteSettingsStore(app.db, config.site, app.log);
  await siteSettings.start(database);
  app.addHook('onClose', () => siteSettings.close());
  app.decorate('siteSettings', siteSettings);
  app.decorate('previews', previewLinks(config));

  // Cross-cutting behaviour.
  registerErrorHandler(app);
  app.addHook('onSend', (request, reply, _payload, done) => {
    reply.header('X-Request-Id', request.id);
    done();
  });
  await app.register(fastifyCompress, { global: true, encodings: ['br', 'gzip'], threshold: 1024 });
  // Security headers (CSP with a per-response script nonce, HSTS over https, …) and CORS, closed unless
  // CORS_ORIGINS lists a caller of /api/graphql (decision 019). Before middie: the embedded provider's pages and
  // Vite's responses get the headers too.
  registerSecurityHeaders(app, config, () => siteSettings.current);
  registerCors(app, config.corsOrigins);
  registerBodyDeadline(app, config.http);
  // Before every other hook that does work: an overloaded instance answers 503 at once (with the headers above).
  await registerLoadShedding(app, config.http);
  // An address with a NUL or malformed encoding is refused before any page, API or the identity provider reads it.
  registerInvalidAddressRefusal(app);
  // Connect-style middleware: the embedded identity provider and Vite's dev server mount through it.
  await app.register(middie);
  // Rate-limit counts and used captcha solutions: in Redis when several instances must agree, else in memory.
  const sharedState = await openSharedState(config, app.log, deps.redisKeyPrefix);
  app.addHook('onClose', () => sharedState.close());
  // Keyed by the client address as resolved through TRUST_PROXY; each limited route or operation names its bucket.
  app.decorate('rateLimiter', new RateLimiter(sharedState.rateLimits, config.rateLimits));

  // Routes.
  healthRoutes(app);
  const captcha = deps.captcha ?? captchaFromConfig(config, app.log, sharedState.usedCaptchaSolutions);
  app.decorate('captcha', captcha);
  captchaRoutes(app, { captcha });
  await registerAuth(app, config);
  mediaRoutes(app);
  illustrationRoutes(app);
  seoRoutes(app, { config });
  await app.register(trpcPlugin);
  app.decorate('graphqlSchema', undefined);
  await app.register(graphqlPlugin, { config, exposeSchema: (schema) => (app.graphqlSchema = schema) });
  await app.register(inboundMailRoutes, {
    inbound: config.leads.inbound,
    publicUrl: config.publicUrl,
    timeZone: config.leads.timeZone,
  });
  // Unknown API paths are a JSON 404, never the site's HTML.
  app.all('/api/*', async (_request, reply) =>
    reply.code(404).send({ error: 'Not Found', message: 'No such API route' }),
  );
  if (deps.site !== false) await app.register(siteRoutes, { config, pageCache, pageCacheFront });

  return app;
}
