import { z } from 'zod';
import { countryId } from './fields.js';
import { paginateInput } from './pagination.schema.js';

/** Where a webhook delivery is: PENDING until the receiver answers 2xx (DELIVERED) or every retry failed (FAILED). */
export const WEBHOOK_DELIVERY_STATUSES = ['PENDING', 'DELIVERED', 'FAILED'] as const;
export type WebhookDeliveryStatus = (typeof WEBHOOK_DELIVERY_STATUSES)[number];

/** The headers every delivery carries (decision 031). */
export const WEBHOOK_HEADERS = {
  /** The delivery's UUID: the same on every retry of one delivery. */
  id: 'X-Webhook-Id',
  /** Seconds since 1970 when this attempt was signed. */
  timestamp: 'X-Webhook-Timestamp',
  /** `sha256=` and the hex HMAC-SHA256, keyed with the secret, of `<timestamp>.<body>`. */
  signature: 'X-Webhook-Signature',
} as const;

export const WEBHOOK_SECRET_MIN = 24;

/** A country's webhook as an ADMIN sets it; a secret left out keeps the one already set. */
export const setWebhookInput = z.object({
  country_id: countryId,
  url: z
    .string({ error: 'URL is required' })
    .trim()
    .min(1, 'URL is required')
    .max(2048, 'URL is too long')
    .pipe(z.url({ protocol: /^https?$/, error: 'URL must be an http(s) link' })),
  secret: z
    .string()
    .trim()
    .min(WEBHOOK_SECRET_MIN, `Secret must be at least ${WEBHOOK_SECRET_MIN} characters`)
    .max(200, 'Secret must be at most 200 characters')
    .nullish()
    .transform((value) => value ?? null),
  is_enabled: z.boolean(),
});
export type SetWebhookInput = z.output<typeof setWebhookInput>;

export const webhookDeliveriesArgs = z.object({
  status: z
    .enum(WEBHOOK_DELIVERY_STATUSES)
    .nullish()
    .transform((value) => value ?? null),
  paginate: paginateInput,
});
export type WebhookDeliveriesArgs = z.output<typeof webhookDeliveriesArgs>;
