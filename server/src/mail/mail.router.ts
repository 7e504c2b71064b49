import { outboxArgs } from '../../../shared/mail.js';
import { router, staffProcedure } from '../trpc/trpc.js';
import { getOutbox } from './mail.service.js';

/** The staff area's Outbox (decision 029): what was sent, or would be sent once SMTP is set. */
export const mailRouter = router({
  outbox: staffProcedure.input(outboxArgs).query(({ ctx, input }) => getOutbox(ctx.db, ctx.actor, input)),
});
