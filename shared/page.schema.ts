import { z } from 'zod';
import { countryId, id } from './fields.js';
import { paginateInput } from './pagination.schema.js';

/** Pages enabled per country (spec §2 "Admin country page-assignment screen", §5 "Add Page modal"). */
export const pagesOfCountryInput = z.object({ country_id: countryId });
export type PagesOfCountryInput = z.infer<typeof pagesOfCountryInput>;

export const pagesOfCountryPagedInput = z.object({ country_id: countryId, paginate: paginateInput });
export type PagesOfCountryPagedInput = z.infer<typeof pagesOfCountryPagedInput>;

export const addPageToOtherCountryInput = z.object({
  page_ids: z
    .array(z.number({ error: 'Page is required' }).int().positive('Page is required'), { error: 'Page is required' })
    .min(1, 'Page is required')
    .max(100, 'Add at most 100 pages at once'),
  country_id: countryId,
});
export type AddPageToOtherCountryInput = z.infer<typeof addPageToOtherCountryInput>;

export const deletePageFromCountryInput = z.object({ page_id: id, country_id: countryId });
export type DeletePageFromCountryInput = z.infer<typeof deletePageFromCountryInput>;
