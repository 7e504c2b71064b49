import * as schema from '../../../shared/home.schema.js';
import { viewerOf } from '../country/country.service.js';
import { publicProcedure, router, staffProcedure } from '../trpc/trpc.js';
import { getHomeOverview } from './home-overview.service.js';
import * as service from './home.service.js';

export const homeRouter = router({
  /** Staff only: the whole home page of a country at a glance (an EDITOR only for their countries). */
  overview: staffProcedure
    .input(schema.homeCountryArgs)
    .query(({ ctx, input }) => getHomeOverview(ctx.db, input.country_id, ctx.actor)),
  aboutUs: publicProcedure
    .input(schema.homeCountryArgs)
    .query(async ({ ctx, input }) =>
      service.getHomeAboutUs(ctx.db, input.country_id, await viewerOf(ctx.authenticate)),
    ),
  addAboutUs: staffProcedure
    .meta({ countryInput: 'country_id' })
    .input(schema.addHomeAboutUsInput)
    .mutation(({ ctx, input }) => service.addHomeAboutUs(ctx.db, input)),
  updateAboutUs: staffProcedure
    .input(schema.updateHomeAboutUsInput)
    .mutation(({ ctx, input }) => service.updateHomeAboutUs(ctx.db, input, ctx.actor)),
  services: publicProcedure
    .input(schema.homeCountryArgs)
    .query(async ({ ctx, input }) =>
      service.getHomeServices(ctx.db, input.country_id, await viewerOf(ctx.authenticate)),
    ),
  addService: staffProcedure
    .meta({ countryInput: 'country_id' })
    .input(schema.addHomeServiceInput)
    .mutation(({ ctx, input }) => service.addHomeService(ctx.db, input)),
  updateService: staffProcedure
    .input(schema.updateHomeServiceInput)
    .mutation(({ ctx, input }) => service.updateHomeService(ctx.db, input, ctx.actor)),
  deleteService: staffProcedure
    .input(schema.deleteHomeServiceArgs)
    .mutation(({ ctx, input }) => service.deleteHomeService(ctx.db, input, ctx.actor)),
});
