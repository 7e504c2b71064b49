import { z } from 'zod';
import { confirmDelete, countryId, id, imageId, requiredText, selectedIds } from './fields.js';
import { paginateInput } from './pagination.schema.js';
import { RESERVED_SLUGS, SLUG_PATTERN } from './post-address.js';

export const postSlug = z
  .string({ error: 'Slug is required' })
  .trim()
  .min(1, 'Slug is required')
  .max(120, 'Slug must be at most 120 characters')
  .regex(SLUG_PATTERN, 'Slug may hold only lower-case letters, digits and single hyphens')
  .refine((value) => !RESERVED_SLUGS.includes(value), 'This slug is reserved: choose another');

const tag = z
  .string()
  .trim()
  .min(1, 'A tag cannot be empty')
  .max(40, 'A tag must be at most 40 characters')
  .refine((value) => !value.includes('\u0000'), 'A tag contains an invalid character');

/** When a post shows: an ISO-8601 date-time; null keeps it a draft; a future time schedules it. */
const tags = z.array(tag).max(10, 'A post may have at most 10 tags');

const publishedAt = z.iso
  .datetime({ offset: true, error: 'Enter a valid date and time' })
  .nullish()
  .transform((value) => value ?? null);

const countryIds = selectedIds('country', 'countries', countryId);

/** A blog post, shown on the blogs of the countries it is linked to (issue 20). */
export const addPostInput = z.object({
  title: requiredText('Title', 200),
  slug: postSlug,
  excerpt: requiredText('Excerpt', 500),
  image_id: imageId,
  /** HTML from the rich-text editor; the server keeps only the allowed elements (decision 039). */
  body_html: z.string({ error: 'Body is required' }).trim().min(1, 'Body is required').max(200_000, 'Body is too long'),
  author_id: id.nullish().transform((value) => value ?? null),
  tags: tags.default([]),
  published_at: publishedAt,
  country_ids: countryIds,
});
export type AddPostInput = z.infer<typeof addPostInput>;

/**
 * `id` plus the fields to change; countries change through addPostToOtherCountry/deletePostFromCountry. Tags left
 * out stay as they are (the add schema's default would empty them).
 */
export const updatePostInput = addPostInput
  .omit({ country_ids: true, tags: true })
  .partial()
  .extend({ id, tags: tags.optional() });
export type UpdatePostInput = z.infer<typeof updatePostInput>;

/** The staff list: every post, or only those linked to one country. */
export const postListInput = z.object({ paginate: paginateInput, country_id: countryId.nullish() });

export const deletePostArgs = z.object({ post_id: id, confirm: confirmDelete });

export const addPostToOtherCountryArgs = z.object({
  post_ids: selectedIds('post', 'posts'),
  country_id: countryId,
});
export type AddPostToOtherCountryArgs = z.infer<typeof addPostToOtherCountryArgs>;

export const deletePostFromCountryArgs = z.object({ post_id: id, country_id: countryId });

/** A country's published posts, newest first (GraphQL `getPosts`, the public `/blog`). */
export const getPostsArgs = z.object({
  country_id: countryId,
  tag: tag.nullish(),
  paginate: paginateInput,
});

/** One published post of a country by its slug, current or old (GraphQL `getPost`, `/blog/<slug>`). */
export const getPostArgs = z.object({ country_id: countryId, slug: z.string().trim().min(1).max(200) });
