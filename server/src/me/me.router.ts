import { getStaffProfile } from '../staff/staff.service.js';
import { router, staffProcedure } from '../trpc/trpc.js';

/** The signed-in staff member (top bar, role-dependent screens). */
export const meRouter = router({
  get: staffProcedure.query(({ ctx }) => getStaffProfile(ctx.db, ctx.actor)),
});
