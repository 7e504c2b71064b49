import {
  addBranchInput,
  countryBranchInput,
  deleteBranchInput,
  updateBranchInput,
} from '../../../shared/branch.schema.js';
import { viewerOf } from '../country/country.service.js';
import { publicProcedure, router, staffProcedure } from '../trpc/trpc.js';
import * as service from './branch.service.js';

export const branchRouter = router({
  getAll: publicProcedure.query(async ({ ctx }) => service.getAllBranch(ctx.db, await viewerOf(ctx.authenticate))),
  getOfCountry: publicProcedure
    .input(countryBranchInput)
    .query(async ({ ctx, input }) =>
      service.getCountryBranch(ctx.db, input.country_id, await viewerOf(ctx.authenticate)),
    ),
  add: staffProcedure
    .meta({ countryInput: 'country_id' })
    .input(addBranchInput)
    .mutation(({ ctx, input }) => service.addBranch(ctx.db, input)),
  update: staffProcedure
    .input(updateBranchInput)
    .mutation(({ ctx, input }) => service.updateBranch(ctx.db, input, ctx.actor)),
  delete: staffProcedure
    .input(deleteBranchInput)
    .mutation(({ ctx, input }) => service.deleteBranch(ctx.db, input, ctx.actor)),
});
