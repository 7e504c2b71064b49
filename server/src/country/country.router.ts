import { addCountryInput, getCountriesInput, updateCountryInput } from '../../../shared/country.schema.js';
import { adminProcedure, publicProcedure, router } from '../trpc/trpc.js';
import * as service from './country.service.js';

/** Flags are uploaded through GraphQL (multipart); tRPC has no upload path (docs/decisions/011). */
export const countryRouter = router({
  getAll: publicProcedure
    .input(getCountriesInput)
    .query(async ({ ctx, input }) => service.getCountries(ctx.db, input, await service.viewerOf(ctx.authenticate))),
  add: adminProcedure.input(addCountryInput).mutation(({ ctx, input }) => service.addCountry(ctx.db, input)),
  update: adminProcedure.input(updateCountryInput).mutation(({ ctx, input }) => service.updateCountry(ctx.db, input)),
});
