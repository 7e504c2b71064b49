import {
  addReplyTemplateInput,
  deleteReplyTemplateInput,
  replyTemplatesOfCountryInput,
  updateReplyTemplateInput,
} from '../../../shared/reply-template.schema.js';
import { router, staffProcedure } from '../trpc/trpc.js';
import * as service from './reply-template.service.js';

/** A country's reply templates, for the staff area only (decision 046). */
export const replyTemplateRouter = router({
  get: staffProcedure
    .input(replyTemplatesOfCountryInput)
    .query(({ ctx, input }) => service.getReplyTemplates(ctx.db, input.country_id, ctx.actor)),
  add: staffProcedure
    .meta({ countryInput: 'country_id' })
    .input(addReplyTemplateInput)
    .mutation(({ ctx, input }) => service.addReplyTemplate(ctx.db, input)),
  update: staffProcedure
    .input(updateReplyTemplateInput)
    .mutation(({ ctx, input }) => service.updateReplyTemplate(ctx.db, input, ctx.actor)),
  delete: staffProcedure
    .input(deleteReplyTemplateInput)
    .mutation(({ ctx, input }) => service.deleteReplyTemplate(ctx.db, input.id, ctx.actor)),
});
