import { activityListInput } from '../../../shared/audit.schema.js';
import { router, staffProcedure } from '../trpc/trpc.js';
import * as service from './audit.service.js';

export const activityRouter = router({
  list: staffProcedure
    .input(activityListInput)
    .query(({ ctx, input }) => service.listActivity(ctx.db, ctx.actor, input)),
  kinds: staffProcedure.query(({ ctx }) => service.listActivityKinds(ctx.db)),
  staff: staffProcedure.query(({ ctx }) => service.listActivityStaff(ctx.db)),
  // How long changes are kept (ACTIVITY_RETENTION_MONTHS), for the screen to say so.
  retention: staffProcedure.query(({ ctx }) => ({ months: ctx.activityRetentionMonths })),
});
