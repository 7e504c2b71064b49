import { addStaffInput, setStaffActiveInput, updateStaffInput } from '../../../shared/staff.schema.js';
import { adminProcedure, router } from '../trpc/trpc.js';
import * as service from './staff.service.js';

/** Staff accounts: administrators only. */
export const staffRouter = router({
  list: adminProcedure.query(({ ctx }) => service.listStaffAccounts(ctx.db)),
  add: adminProcedure.input(addStaffInput).mutation(({ ctx, input }) => service.addStaffAccount(ctx.db, input)),
  update: adminProcedure
    .input(updateStaffInput)
    .mutation(({ ctx, input }) => service.updateStaffAccount(ctx.db, input)),
  setActive: adminProcedure
    .input(setStaffActiveInput)
    .mutation(({ ctx, input }) => service.setStaffActive(ctx.db, ctx.actor, input)),
});
