import {
  addPageToOtherCountryInput,
  countryPageTextArgs,
  deletePageFromCountryInput,
  pageContentArgs,
  pagesOfCountryInput,
  pagesOfCountryPagedInput,
  pageTextInput,
  pageTextRevisionsInput,
  restorePageTextInput,
  updatePageContentInput,
} from '../../../shared/page.schema.js';
import { viewerOf } from '../country/country.service.js';
import { assertCountryAccess } from '../auth/authenticate.js';
import { AppError } from '../errors.js';
import { publicProcedure, router, staffProcedure } from '../trpc/trpc.js';
import * as contentService from './page-content.service.js';
import * as service from './page.service.js';

/**
 * Who may work on a page text: a country's own text (`country_id`) its editors and administrators; the text every
 * site shares, administrators only.
 */
const pageTextProcedure = staffProcedure.use(async ({ ctx, getRawInput, next }) => {
  const countryId = ((await getRawInput()) as { country_id?: unknown } | undefined)?.country_id;
  if (countryId !== undefined && countryId !== null) assertCountryAccess(ctx.actor, [Number(countryId)]);
  else if (ctx.actor.role !== 'ADMIN') {
    throw new AppError('FORBIDDEN', 'Only administrators may change the text every country site shares.');
  }
  return next();
});

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
  /** A page's shared text, or with `country_id` that country's own (the shared text while it has none). */
  content: staffProcedure
    .input(pageContentArgs)
    .query(({ ctx, input }) => contentService.getPageContent(ctx.db, input.page_id, input.country_id)),
  /**
   * Publishes a page's text. The shared text shows on every country site, so only administrators change it; a
   * country's own text (`country_id`, made from the shared one the first time) is for that country's editors too.
   */
  updateContent: pageTextProcedure
    .input(updatePageContentInput)
    .mutation(({ ctx, input }) => contentService.updatePageContent(ctx.db, input, ctx.edit)),
  /** Takes a country's own text of a page away: its site shows the shared text again. */
  removeCountryText: pageTextProcedure
    .input(countryPageTextArgs)
    .mutation(({ ctx, input }) => contentService.removeCountryPageText(ctx.db, input)),
  /** A page text's draft (decision 041): kept aside until `updateContent` publishes it. */
  saveContentDraft: pageTextProcedure
    .input(pageTextInput)
    .mutation(({ ctx, input }) => contentService.savePageContentDraft(ctx.db, input)),
  discardContentDraft: pageTextProcedure
    .input(pageContentArgs)
    .mutation(({ ctx, input }) => contentService.discardPageContentDraft(ctx.db, input.page_id, input.country_id)),
  /** A link showing the page with its text's draft, for a colleague without a staff session (48 hours). */
  contentPreviewLink: pageTextProcedure
    .input(pageContentArgs)
    .mutation(({ ctx, input }) =>
      contentService.pageTextPreviewLink(ctx.db, input.page_id, ctx.previews, input.country_id),
    ),
  contentRevisions: pageTextProcedure
    .input(pageTextRevisionsInput)
    .query(({ ctx, input }) =>
      contentService.listPageContentRevisions(ctx.db, input.id, input.first, input.country_id),
    ),
  restoreContent: pageTextProcedure
    .input(restorePageTextInput)
    .mutation(({ ctx, input }) =>
      contentService.restorePageContentRevision(ctx.db, input.id, input.revision_id, input.country_id),
    ),
});
