import { z } from 'zod';
import { GLOBAL_COUNTRY_ID } from '../../../shared/enums.js';
import { publicProcedure, router } from '../trpc/trpc.js';
import * as content from './site-content.service.js';
import { getSiteLayout, listSiteCountries } from './site.service.js';

const countryId = z.number().int().positive();
const countryInput = z.object({ countryId });
const pageCursor = z.string().max(200).nullish();
/**
 * `after` as in the API's gallery lists; `cursor` is the same thing under the name tRPC's infinite queries use for
 * their page parameter (the client's "Load more"). `after` wins when both are given.
 */
const galleryInput = z
  .object({ countryId, first: z.number().int().min(1).max(50).default(12), after: pageCursor, cursor: pageCursor })
  .transform(({ after, cursor, ...rest }) => ({ ...rest, after: after ?? cursor ?? null }));

/** The public site's reads (client/src/public): one procedure per page shape, for one country site. */
export const siteRouter = router({
  layout: publicProcedure
    .input(z.object({ countryId: z.number().int().positive().default(GLOBAL_COUNTRY_ID) }))
    .query(({ ctx, input }) => getSiteLayout(ctx.db, input.countryId, ctx.siteSettings.current)),
  countries: publicProcedure.query(({ ctx }) => listSiteCountries(ctx.db)),
  page: publicProcedure
    .input(z.object({ countryId, path: z.string().max(200) }))
    .query(({ ctx, input }) => content.getSitePage(ctx.db, input.countryId, input.path)),
  home: publicProcedure.input(countryInput).query(({ ctx, input }) => content.getSiteHome(ctx.db, input.countryId)),
  team: publicProcedure.input(countryInput).query(({ ctx, input }) => content.getSiteTeam(ctx.db, input.countryId)),
  branches: publicProcedure
    .input(countryInput)
    .query(({ ctx, input }) => content.getSiteBranches(ctx.db, input.countryId)),
  galleryImages: publicProcedure
    .input(galleryInput)
    .query(({ ctx, input }) => content.getSiteGalleryImages(ctx.db, input)),
  galleryVideos: publicProcedure
    .input(galleryInput)
    .query(({ ctx, input }) => content.getSiteGalleryVideos(ctx.db, input)),
});
