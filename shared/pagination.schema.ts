import { z } from 'zod';

/** The largest page any list of the API returns (page-based `perPage` and cursor `first` alike). */
export const PAGE_SIZE_MAX = 100;

/**
 * The most rows one CSV export answers (form entries, the Enquiries inbox), newest first. Its `pagination.total`
 * tells when there were more, so the staff member is told rather than handed a silently shortened file.
 */
export const CSV_EXPORT_MAX = 10_000;
/** The one page a CSV export reads. */
export const CSV_EXPORT_PAGE = { page: 1, perPage: CSV_EXPORT_MAX };

/** Page-based lists (spec §3): `page` from 1, `perPage` 1..100, default 5 (spec §9). */
export const paginateInput = z
  .object({
    page: z.number().int().min(1, 'page must be at least 1').default(1),
    perPage: z
      .number()
      .int()
      .min(1, 'perPage must be 1 to 100')
      .max(PAGE_SIZE_MAX, 'perPage must be 1 to 100')
      .default(5),
  })
  .nullish()
  // An explicit null means the same as leaving the argument out.
  .transform((value) => value ?? { page: 1, perPage: 5 });
export type PaginateInput = z.infer<typeof paginateInput>;

/** Cursor lists (spec §3, §7): `first` 1..100, default 20, and an opaque `after` cursor. */
export const cursorArgs = z.object({
  first: z.number().int().min(1, 'first must be 1 to 100').max(PAGE_SIZE_MAX, 'first must be 1 to 100').default(20),
  after: z.string().max(200).nullish(),
});
export type CursorArgs = z.infer<typeof cursorArgs>;

/** The optional name filter of image lists. */
export const listFilter = z.string().trim().max(200).nullish();
