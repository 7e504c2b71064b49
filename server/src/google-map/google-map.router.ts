import { addGoogleMapInput, googleMapOfCountryInput, updateGoogleMapInput } from '../../../shared/google-map.schema.js';
import { viewerOf } from '../country/country.service.js';
import { publicProcedure, router, staffProcedure } from '../trpc/trpc.js';
import * as service from './google-map.service.js';

export const googleMapRouter = router({
  get: publicProcedure
    .input(googleMapOfCountryInput)
    .query(async ({ ctx, input }) => service.getGoogleMap(ctx.db, input.country_id, await viewerOf(ctx.authenticate))),
  add: staffProcedure
    .meta({ countryInput: 'country_id' })
    .input(addGoogleMapInput)
    .mutation(({ ctx, input }) => service.addGoogleMap(ctx.db, input)),
  update: staffProcedure
    .input(updateGoogleMapInput)
    .mutation(({ ctx, input }) => service.updateGoogleMap(ctx.db, input, ctx.actor)),
});
