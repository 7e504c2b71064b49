import * as schema from '../../../shared/banner.schema.js';
import { publicProcedure, router, staffProcedure } from '../trpc/trpc.js';
import * as service from './banner.service.js';

// Banners belong to the countries showing their pages: the service checks an EDITOR holds them all.
export const bannerRouter = router({
  getAll: staffProcedure
    .input(schema.getAllBannersArgs)
    .query(({ ctx, input }) => service.getAllBanners(ctx.db, input.paginate)),
  ofPage: publicProcedure
    .input(schema.getBannersArgs)
    .query(({ ctx, input }) => service.getBanners(ctx.db, input.page_id, input.paginate)),
  add: staffProcedure
    .input(schema.addBannerInput)
    .mutation(({ ctx, input }) => service.addBanner(ctx.db, input, ctx.actor)),
  update: staffProcedure
    .input(schema.updateBannerInput)
    .mutation(({ ctx, input }) => service.updateBanner(ctx.db, input, ctx.actor)),
  delete: staffProcedure
    .input(schema.deleteBannerArgs)
    .mutation(({ ctx, input }) => service.deleteBanner(ctx.db, input.banner_id, input.confirm, ctx.actor)),
  addToPage: staffProcedure
    .input(schema.addBannerToOtherPageArgs)
    .mutation(({ ctx, input }) => service.addBannerToOtherPage(ctx.db, input.banner_ids, input.page_id, ctx.actor)),
  removeFromPage: staffProcedure
    .input(schema.deleteBannerFromPageArgs)
    .mutation(({ ctx, input }) => service.deleteBannerFromPage(ctx.db, input.banner_id, input.page_id, ctx.actor)),
});
