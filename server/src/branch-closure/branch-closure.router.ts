import {
  addBranchClosureInput,
  branchClosuresOfCountryInput,
  deleteBranchClosureInput,
  updateBranchClosureInput,
} from '../../../shared/branch.schema.js';
import { viewerOf } from '../country/country.service.js';
import { publicProcedure, router, staffProcedure } from '../trpc/trpc.js';
import * as service from './branch-closure.service.js';

/** Days a country's branches are closed besides their week (decision 052). */
export const branchClosureRouter = router({
  get: publicProcedure
    .input(branchClosuresOfCountryInput)
    .query(async ({ ctx, input }) =>
      service.getBranchClosures(ctx.db, input.country_id, await viewerOf(ctx.authenticate)),
    ),
  add: staffProcedure
    .meta({ countryInput: 'country_id' })
    .input(addBranchClosureInput)
    .mutation(({ ctx, input }) => service.addBranchClosure(ctx.db, input)),
  update: staffProcedure
    .input(updateBranchClosureInput)
    .mutation(({ ctx, input }) => service.updateBranchClosure(ctx.db, input, ctx.actor)),
  delete: staffProcedure
    .input(deleteBranchClosureInput)
    .mutation(({ ctx, input }) => service.deleteBranchClosure(ctx.db, input, ctx.actor)),
});
