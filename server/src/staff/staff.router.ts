import {
  addStaffInput,
  setStaffActiveInput,
  staffPictureArgs,
  updateStaffInput,
} from '../../../shared/staff.schema.js';
import { adminProcedure, router, staffProcedure } from '../trpc/trpc.js';
import * as service from './staff.service.js';

/**
 * Staff accounts: administrators only. Pictures: everyone their own, administrators anyone's (uploads go through
 * GraphQL's `uploadStaffPicture`, as tRPC has no upload path).
 */
export const staffRouter = router({
  list: adminProcedure.query(({ ctx }) => service.listStaffAccounts(ctx.db)),
  add: adminProcedure.input(addStaffInput).mutation(({ ctx, input }) => service.addStaffAccount(ctx.db, input)),
  update: adminProcedure
    .input(updateStaffInput)
    .mutation(({ ctx, input }) => service.updateStaffAccount(ctx.db, input)),
  setActive: adminProcedure
    .input(setStaffActiveInput)
    .mutation(({ ctx, input }) => service.setStaffActive(ctx.db, ctx.actor, input)),
  removePicture: staffProcedure
    .input(staffPictureArgs)
    .mutation(({ ctx, input }) => service.removeStaffPicture(ctx.db, ctx.actor, input.staff_id)),
});
