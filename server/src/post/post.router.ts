import {
  addPostInput,
  addPostToOtherCountryArgs,
  deletePostArgs,
  deletePostFromCountryArgs,
  postListInput,
  updatePostInput,
} from '../../../shared/post.schema.js';
import { z } from 'zod';
import { restoreRevisionInput, revisionsInput } from '../../../shared/audit.schema.js';
import { id } from '../../../shared/fields.js';
import { listableCountries } from '../auth/authenticate.js';
import { router, staffProcedure } from '../trpc/trpc.js';
import * as service from './post.service.js';

/** The blog's staff operations (issue 20); visitors read posts through the `site` router. */
export const postRouter = router({
  getAll: staffProcedure
    .input(postListInput)
    .query(({ ctx, input }) =>
      service.getAllPosts(ctx.db, input.paginate, listableCountries(ctx.actor, input.country_id)),
    ),
  /** Who may be named as a post's author: any active staff member. */
  authors: staffProcedure.query(({ ctx }) => service.listAuthors(ctx.db)),
  add: staffProcedure
    .meta({ countryInput: 'country_ids' })
    .input(addPostInput)
    .mutation(({ ctx, input }) => service.addPost(ctx.db, input)),
  update: staffProcedure
    .input(updatePostInput)
    .mutation(({ ctx, input }) => service.updatePost(ctx.db, input, ctx.actor)),
  delete: staffProcedure
    .input(deletePostArgs)
    .mutation(({ ctx, input }) => service.deletePost(ctx.db, input, ctx.actor)),
  addToCountry: staffProcedure
    .meta({ countryInput: 'country_id' })
    .input(addPostToOtherCountryArgs)
    .mutation(({ ctx, input }) => service.addPostToOtherCountry(ctx.db, input, ctx.actor)),
  removeFromCountry: staffProcedure
    .meta({ countryInput: 'country_id' })
    .input(deletePostFromCountryArgs)
    .mutation(({ ctx, input }) => service.deletePostFromCountry(ctx.db, input)),
  /** Unpublished changes to a post (decision 041): kept aside; `update` publishes them. */
  saveDraft: staffProcedure
    .input(updatePostInput)
    .mutation(({ ctx, input }) => service.savePostDraft(ctx.db, input, ctx.actor)),
  draft: staffProcedure
    .input(z.object({ id }))
    .query(({ ctx, input }) => service.postDraftOf(ctx.db, ctx.actor, input.id)),
  discardDraft: staffProcedure
    .input(z.object({ id }))
    .mutation(({ ctx, input }) => service.discardPostDraft(ctx.db, ctx.actor, input.id)),
  /** A link that shows the post as it is now to anyone holding it, for 48 hours. */
  previewLink: staffProcedure
    .input(z.object({ id }))
    .mutation(({ ctx, input }) => service.previewLinkOf(ctx.db, ctx.actor, input.id, ctx.previews)),
  revisions: staffProcedure
    .input(revisionsInput)
    .query(({ ctx, input }) => service.listPostRevisions(ctx.db, ctx.actor, input.id, input.first)),
  restore: staffProcedure
    .input(restoreRevisionInput)
    .mutation(({ ctx, input }) => service.restorePostRevision(ctx.db, ctx.actor, input.id, input.revision_id)),
});
