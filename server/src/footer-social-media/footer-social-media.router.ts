import {
  addFooterSocialMediaInput,
  deleteFooterSocialMediaInput,
  footerSocialMediaOfCountryInput,
  updateFooterSocialMediaInput,
} from '../../../shared/footer-social-media.schema.js';
import { viewerOf } from '../country/country.service.js';
import { publicProcedure, router, staffProcedure } from '../trpc/trpc.js';
import * as service from './footer-social-media.service.js';

export const footerSocialMediaRouter = router({
  get: publicProcedure
    .input(footerSocialMediaOfCountryInput)
    .query(async ({ ctx, input }) =>
      service.getFooterSocialMedia(ctx.db, input.country_id, await viewerOf(ctx.authenticate)),
    ),
  add: staffProcedure
    .meta({ countryInput: 'country_id' })
    .input(addFooterSocialMediaInput)
    .mutation(({ ctx, input }) => service.addFooterSocialMedia(ctx.db, input)),
  update: staffProcedure
    .input(updateFooterSocialMediaInput)
    .mutation(({ ctx, input }) => service.updateFooterSocialMedia(ctx.db, input, ctx.actor)),
  delete: staffProcedure
    .input(deleteFooterSocialMediaInput)
    .mutation(({ ctx, input }) => service.deleteFooterSocialMedia(ctx.db, input, ctx.actor)),
});
