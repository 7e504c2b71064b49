import { z } from 'zod';
import * as schema from '../../../shared/banner.schema.js';
import { id } from '../../../shared/fields.js';
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
  /** Unpublished changes to a banner (decision 041): kept aside; `update` publishes them. */
  saveDraft: staffProcedure
    .input(schema.updateBannerInput)
    .mutation(({ ctx, input }) => service.saveBannerDraft(ctx.db, input, ctx.actor)),
  draft: staffProcedure
    .input(z.object({ id }))
    .query(({ ctx, input }) => service.bannerDraftOf(ctx.db, ctx.actor, input.id)),
  /** A link showing the banner (as its draft makes it) on one of its pages to whoever holds it, for 48 hours. */
  previewLink: staffProcedure
    .input(z.object({ id, page_id: id.optional() }))
    .mutation(({ ctx, input }) => service.bannerPreviewLink(ctx.db, ctx.actor, input, ctx.previews)),
  discardDraft: staffProcedure
    .input(z.object({ id }))
    .mutation(({ ctx, input }) => service.discardBannerDraft(ctx.db, ctx.actor, input.id)),
  delete: staffProcedure
    .input(schema.deleteBannerArgs)
    .mutation(({ ctx, input }) => service.deleteBanner(ctx.db, input, ctx.actor)),
  addToPage: staffProcedure
    .input(schema.addBannerToOtherPageArgs)
    .mutation(({ ctx, input }) => service.addBannerToOtherPage(ctx.db, input, ctx.actor)),
  removeFromPage: staffProcedure
    .input(schema.deleteBannerFromPageArgs)
    .mutation(({ ctx, input }) => service.deleteBannerFromPage(ctx.db, input, ctx.actor)),
});
