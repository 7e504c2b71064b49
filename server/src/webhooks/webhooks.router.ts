import { z } from 'zod';
import { countryId } from '../../../shared/fields.js';
import { setWebhookInput, webhookDeliveriesArgs } from '../../../shared/webhooks.js';
import { adminProcedure, router } from '../trpc/trpc.js';
import { isLocalSite } from './outbound.js';
import * as service from './webhooks.service.js';

/** Webhooks per country and their delivery log: ADMIN only (a webhook sends every lead of its country). */
export const webhooksRouter = router({
  list: adminProcedure.query(({ ctx }) => service.getWebhooks(ctx.db)),
  set: adminProcedure
    .input(setWebhookInput)
    .mutation(({ ctx, input }) =>
      service.setWebhook(ctx.db, input, { localSite: isLocalSite(ctx.goLive.config.publicUrl) }),
    ),
  remove: adminProcedure
    .input(z.object({ country_id: countryId }))
    .mutation(({ ctx, input }) => service.deleteWebhook(ctx.db, input.country_id)),
  deliveries: adminProcedure
    .input(webhookDeliveriesArgs)
    .query(({ ctx, input }) => service.getDeliveries(ctx.db, input)),
});
