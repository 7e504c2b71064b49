import { createHmac, randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { SetWebhookInput, WebhookDeliveriesArgs } from '../../../shared/webhooks.js';
import { WEBHOOK_HEADERS } from '../../../shared/webhooks.js';
import { pageOf } from '../db/pagination.js';
import type { DB } from '../db/schema.js';
import { AppError } from '../errors.js';
import type { JobHandler, JobQueue } from '../jobs/job-queue.js';
import { contactColumns, type NewLead } from '../leads/leads.service.js';
import { oneLine } from '../mail/mail.service.js';
import { postOutbound, webhookUrlProblem } from './outbound.js';

/**
 * Webhooks (decision 031): when a country has one, each new lead is stored as a delivery in the transaction that
 * stores the lead, and a job POSTs it as JSON, signed with the country's secret, retrying with backoff until the
 * receiver answers 2xx. Every attempt of one delivery sends the same body and delivery id.
 */

/** `sha256=<hex>`: HMAC-SHA256 keyed with the secret over `<timestamp>.<body>` (the timestamp stops replays). */
export function webhookSignature(secret: string, timestamp: number, body: string): string {
  return `sha256=${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`;
}

/** Stores a delivery of a new lead for its country's webhook, if it has an enabled one, and queues its job. */
export async function queueLeadWebhook(
  trx: Kysely<DB>,
  jobs: Pick<JobQueue, 'send'>,
  lead: NewLead & { leadId: number },
  publicUrl: string,
): Promise<void> {
  const { webhook: hook, branch } = lead.routing;
  if (!hook) return;
  const deliveryId = randomUUID();
  const payload = JSON.stringify({
    event: 'lead.created',
    delivery_id: deliveryId,
    sent_for: new Date().toISOString(),
    lead: {
      id: lead.leadId,
      kind: lead.kind,
      status: 'NEW',
      country: { id: lead.countryId, name: hook.countryName },
      branch,
      ...contactColumns(lead),
      submission: Object.fromEntries(lead.fields),
      // Where the visitor came from, for the CRM's reports (decision 047).
      came_from: { ...lead.cameFrom, channel: lead.channel },
      url: `${publicUrl}/admin/enquiries?lead=${lead.leadId}`,
    },
  });
  const row = await trx
    .insertInto('webhook_deliveries')
    .values({ delivery_id: deliveryId, country_id: lead.countryId, lead_id: lead.leadId, url: hook.url, payload })
    .returning('id')
    .executeTakeFirstOrThrow();
  await jobs.send(trx, 'deliver-webhook', { deliveryId: row.id });
}

/** What one attempt needs: the stored body, where it goes, and the country's secret (null once the webhook is gone). */
const SENDER_COLUMNS = [
  'webhook_deliveries.status',
  'webhook_deliveries.delivery_id',
  'webhook_deliveries.url',
  'webhook_deliveries.payload',
  'country_webhooks.secret',
] as const;

/** How long a receiver has to answer one attempt. */
const WEBHOOK_TIMEOUT_MS = 10_000;

/**
 * The `deliver-webhook` job: POSTs the stored body with a fresh timestamp and signature, over https to an address
 * outside the site's network (decision 064; loopback too on a `localSite`). A 2xx answer delivers it; anything else
 * is recorded (status code or error) and thrown, so the queue retries; the last failure is final.
 */
export function webhookSender(db: Kysely<DB>, { localSite }: { localSite: boolean }): JobHandler<'deliver-webhook'> {
  return async ({ deliveryId }, { lastAttempt }) => {
    const delivery = await db
      .selectFrom('webhook_deliveries')
      .leftJoin('country_webhooks', 'country_webhooks.country_id', 'webhook_deliveries.country_id')
      .select(SENDER_COLUMNS)
      .where('webhook_deliveries.id', '=', deliveryId)
      .executeTakeFirst();
    if (delivery?.status !== 'PENDING') return;
    const fail = async (statusCode: number | null, error: string) => {
      await db
        .updateTable('webhook_deliveries')
        .set((eb) => ({
          attempts: eb('attempts', '+', 1),
          last_status_code: statusCode,
          last_error: oneLine(error, 500),
          status: lastAttempt ? 'FAILED' : 'PENDING',
        }))
        .where('id', '=', deliveryId)
        .execute();
      throw new Error(`Webhook delivery ${delivery.delivery_id} failed: ${error}`);
    };
    // The webhook was removed since: nothing to sign with, nowhere it is wanted.
    if (!delivery.secret) return fail(null, 'The webhook was removed');
    const timestamp = Math.floor(Date.now() / 1000);
    let status: number;
    try {
      status = await postOutbound(
        delivery.url,
        {
          'content-type': 'application/json',
          'user-agent': 'consultancy-site-webhooks',
          [WEBHOOK_HEADERS.id]: delivery.delivery_id,
          [WEBHOOK_HEADERS.timestamp]: String(timestamp),
          [WEBHOOK_HEADERS.signature]: webhookSignature(delivery.secret, timestamp, delivery.payload),
        },
        delivery.payload,
        { localSite, timeoutMs: WEBHOOK_TIMEOUT_MS },
      );
    } catch (error) {
      return fail(null, error instanceof Error ? error.message : String(error));
    }
    if (status < 200 || status > 299) return fail(status, `The receiver answered ${status}`);
    await db
      .updateTable('webhook_deliveries')
      .set((eb) => ({
        attempts: eb('attempts', '+', 1),
        status: 'DELIVERED',
        last_status_code: status,
        last_error: null,
        delivered_at: new Date(),
      }))
      .where('id', '=', deliveryId)
      .execute();
  };
}

/** A country and its webhook's settings (null columns when it has none). */
const WEBHOOK_LIST_COLUMNS = [
  'countries.id as country_id',
  'countries.name as country_name',
  'country_webhooks.url',
  'country_webhooks.secret',
  'country_webhooks.is_enabled',
  'country_webhooks.updated_at',
] as const;

/** Every country with its webhook, if any; the secret only as its last four characters. */
export async function getWebhooks(db: Kysely<DB>) {
  const rows = await db
    .selectFrom('countries')
    .leftJoin('country_webhooks', 'country_webhooks.country_id', 'countries.id')
    .select(WEBHOOK_LIST_COLUMNS)
    .orderBy('countries.name')
    .execute();
  return rows.map(({ secret, ...row }) => ({ ...row, secret_hint: secret ? `…${secret.slice(-4)}` : null }));
}

export const SECRET_REQUIRED_MESSAGE = 'Secret is required for a new webhook';

/**
 * Sets a country's webhook; the secret is needed the first time and kept when left out later. Its URL must be https
 * and not point inside the network (decision 064; loopback, over http too, on a `localSite`).
 */
export async function setWebhook(db: Kysely<DB>, input: SetWebhookInput, { localSite }: { localSite: boolean }) {
  const country = await db.selectFrom('countries').select('id').where('id', '=', input.country_id).executeTakeFirst();
  if (!country) throw new AppError('NOT_FOUND', 'Country not found.', { country_id: 'Country not found' });
  const problem = webhookUrlProblem(input.url, localSite);
  if (problem) throw new AppError('BAD_USER_INPUT', problem, { url: problem });
  const values = { url: input.url, is_enabled: input.is_enabled, updated_at: new Date() };
  if (input.secret === null) {
    const updated = await db
      .updateTable('country_webhooks')
      .set(values)
      .where('country_id', '=', input.country_id)
      .executeTakeFirst();
    if (updated.numUpdatedRows === 0n) {
      throw new AppError('BAD_USER_INPUT', SECRET_REQUIRED_MESSAGE, { secret: SECRET_REQUIRED_MESSAGE });
    }
  } else {
    await db
      .insertInto('country_webhooks')
      .values({ country_id: input.country_id, secret: input.secret, ...values })
      .onConflict((oc) => oc.column('country_id').doUpdateSet({ secret: input.secret!, ...values }))
      .execute();
  }
  return { success: true };
}

export async function deleteWebhook(db: Kysely<DB>, countryId: number) {
  await db.deleteFrom('country_webhooks').where('country_id', '=', countryId).execute();
  return { success: true };
}

/** A line of the delivery log: the delivery without its body, with its country's name. */
const DELIVERY_LOG_COLUMNS = [
  'webhook_deliveries.id',
  'webhook_deliveries.delivery_id',
  'webhook_deliveries.lead_id',
  'countries.name as country_name',
  'webhook_deliveries.url',
  'webhook_deliveries.status',
  'webhook_deliveries.attempts',
  'webhook_deliveries.last_status_code',
  'webhook_deliveries.last_error',
  'webhook_deliveries.created_at',
  'webhook_deliveries.delivered_at',
] as const;

/** The delivery log, newest first. */
export function getDeliveries(db: Kysely<DB>, args: WebhookDeliveriesArgs) {
  let query = db
    .selectFrom('webhook_deliveries')
    .leftJoin('countries', 'countries.id', 'webhook_deliveries.country_id')
    .select(DELIVERY_LOG_COLUMNS);
  if (args.status !== null) query = query.where('webhook_deliveries.status', '=', args.status);
  return pageOf(
    query.orderBy('webhook_deliveries.created_at', 'desc').orderBy('webhook_deliveries.id', 'desc'),
    args.paginate,
  );
}
