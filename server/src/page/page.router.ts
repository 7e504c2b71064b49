import { restoreRevisionInput, revisionsInput } from '../../../shared/audit.schema.js';
import {
  addPageToOtherCountryInput,
  deletePageFromCountryInput,
  pageContentArgs,
  pagesOfCountryInput,
  pagesOfCountryPagedInput,
  pageTextInput,
  updatePageContentInput,
} from '../../../shared/page.schema.js';
import { viewerOf } from '../country/country.service.js';
import { adminProcedure, publicProcedure, router, staffProcedure } from '../trpc/trpc.js';
import * as contentService from './page-content.service.js';
import * as service from './page.service.js';

export const pageRouter = router({
  getAll: staffProcedure.query(({ ctx }) => service.getPagesWithCountries(ctx.db)),
  getOfCountry: publicProcedure
    .input(pagesOfCountryInput)
    .query(async ({ ctx, input }) =>
      service.getPagesOfCountry(ctx.db, input.country_id, await viewerOf(ctx.authenticate)),
    ),
  ofCountryPaged: staffProcedure
    .input(pagesOfCountryPagedInput)
    .query(({ ctx, input }) => service.getPagesOfCountryPaged(ctx.db, input)),
  getInBanner: staffProcedure.query(({ ctx }) => service.getPagesInBanner(ctx.db)),
  addToCountry: staffProcedure
    .meta({ countryInput: 'country_id' })
    .input(addPageToOtherCountryInput)
    .mutation(({ ctx, input }) => service.addPageToOtherCountry(ctx.db, input)),
  deleteFromCountry: staffProcedure
    .meta({ countryInput: 'country_id' })
    .input(deletePageFromCountryInput)
    .mutation(({ ctx, input }) => service.deletePageFromCountry(ctx.db, input)),
  content: staffProcedure
    .input(pageContentArgs)
    .query(({ ctx, input }) => contentService.getPageContent(ctx.db, input.page_id)),
  // Admin only: a page's text shows on every country site.
  updateContent: adminProcedure
    .input(updatePageContentInput)
    .mutation(({ ctx, input }) => contentService.updatePageContent(ctx.db, input, ctx.edit)),
  /** A page text's draft (decision 041): kept aside until `updateContent` publishes it. */
  saveContentDraft: adminProcedure
    .input(pageTextInput)
    .mutation(({ ctx, input }) => contentService.savePageContentDraft(ctx.db, input)),
  discardContentDraft: adminProcedure
    .input(pageContentArgs)
    .mutation(({ ctx, input }) => contentService.discardPageContentDraft(ctx.db, input.page_id)),
  /** A link showing the page with its text's draft, for a colleague without a staff session (48 hours). */
  contentPreviewLink: adminProcedure
    .input(pageContentArgs)
    .mutation(({ ctx, input }) => contentService.pageTextPreviewLink(ctx.db, input.page_id, ctx.previews)),
  contentRevisions: adminProcedure
    .input(revisionsInput)
    .query(({ ctx, input }) => contentService.listPageContentRevisions(ctx.db, input.id, input.first)),
  restoreContent: adminProcedure
    .input(restoreRevisionInput)
    .mutation(({ ctx, input }) => contentService.restorePageContentRevision(ctx.db, input.id, input.revision_id)),
});
