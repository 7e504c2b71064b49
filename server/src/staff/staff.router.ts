import { adminProcedure, router } from '../trpc/trpc.js';
import { listStaff } from './staff.repository.js';

/** Staff accounts: administrators only. */
export const staffRouter = router({
  list: adminProcedure.query(({ ctx }) => listStaff(ctx.db)),
});
