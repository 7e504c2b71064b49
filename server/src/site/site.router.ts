import { z } from 'zod';
import { GLOBAL_COUNTRY_ID } from '../../../shared/enums.js';
import { publicProcedure, router } from '../trpc/trpc.js';
import type { PreviewLinks } from '../post/post-preview.js';
import * as posts from '../post/post.service.js';
import * as content from './site-content.service.js';
import { getSiteLayout, listSiteAddresses, listSiteCountries } from './site.service.js';

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

/** A blog's page of posts (`/blog`, `/blog/tag/<tag>`, `/blog/page/<n>`): nine to a page. */
const BLOG_PAGE_SIZE = 9;
const postsInput = z.object({
  countryId,
  tag: z.string().trim().min(1).max(40).nullish(),
  page: z.number().int().min(1).max(10_000).default(1),
});

/** A page text's preview link's token (`?preview=`): the page shows the text's draft. */
const previewToken = z.string().trim().min(1).max(200).optional();
const pagePreview = (token: string | undefined, previews: PreviewLinks) => (token ? { token, previews } : undefined);

/** The public site's reads (client/src/public): one procedure per page shape, for one country site. */
export const siteRouter = router({
  layout: publicProcedure
    .input(z.object({ countryId: z.number().int().positive().default(GLOBAL_COUNTRY_ID) }))
    .query(({ ctx, input }) => getSiteLayout(ctx.db, input.countryId, ctx.siteSettings.current)),
  countries: publicProcedure.query(({ ctx }) => listSiteCountries(ctx.db)),
  /** Each country site's address and pages: where a page's versions on the other sites are (hreflang). */
  addresses: publicProcedure.query(({ ctx }) => listSiteAddresses(ctx.db)),
  page: publicProcedure
    .input(z.object({ countryId, path: z.string().max(200), preview: previewToken }))
    .query(({ ctx, input }) =>
      content.getSitePage(ctx.db, input.countryId, input.path, pagePreview(input.preview, ctx.previews)),
    ),
  home: publicProcedure
    .input(countryInput.extend({ preview: previewToken }))
    .query(({ ctx, input }) => content.getSiteHome(ctx.db, input.countryId, pagePreview(input.preview, ctx.previews))),
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
  posts: publicProcedure
    .input(postsInput)
    .query(({ ctx, input }) =>
      posts.listPublishedPosts(ctx.db, input.countryId, { tag: input.tag, page: input.page, perPage: BLOG_PAGE_SIZE }),
    ),
  post: publicProcedure
    .input(z.object({ countryId, slug: z.string().trim().min(1).max(200) }))
    .query(async ({ ctx, input }) => (await posts.findPublishedPost(ctx.db, input.countryId, input.slug)) ?? null),
  /** A post as a staff member's preview link shows it (`/blog/preview/<token>`), published or not. */
  postPreview: publicProcedure
    .input(z.object({ token: z.string().trim().min(1).max(200) }))
    .query(({ ctx, input }) => posts.previewPost(ctx.db, input.token, ctx.previews)),
  postTags: publicProcedure.input(countryInput).query(({ ctx, input }) => posts.listPostTags(ctx.db, input.countryId)),
});
