import { z } from 'zod';
import { confirmDelete, id, imageId, optionalText, requiredText, selectedIds } from './fields.js';
import { paginateInput } from './pagination.schema.js';

/** A banner's button target: an http(s) link, or a path of this site such as `/contact-us` (not `//host`). */
export const bannerButtonUrl = z
  .string()
  .trim()
  .max(2048, 'Button link is too long')
  .refine(
    (value) =>
      value === '' || /^\/(?![/\\])\S*$/.test(value) || z.url({ protocol: /^https?$/ }).safeParse(value).success,
    'Button link must be an http(s) link or a site path starting with /',
  )
  .nullish()
  .transform((value) => (value ? value : null));

const pageIds = selectedIds('page', 'pages');

/**
 * The countries a banner is kept to (a country's own hero text): none, or the field left out, shows it on every
 * site that has one of its pages, as the spec has it.
 */
const onlyCountryIds = z
  .array(id)
  .max(100, 'Select at most 100 countries')
  .nullish()
  .transform((value) => value ?? undefined);

/** A banner of one or more public pages (spec §3 "Banner"). */
export const addBannerInput = z.object({
  title: requiredText('Title', 200),
  description: requiredText('Description', 2000),
  button_name: optionalText('Button name', 100),
  button_url: bannerButtonUrl,
  image_id: imageId,
  page_ids: pageIds,
  only_country_ids: onlyCountryIds,
});
export type AddBannerInput = z.infer<typeof addBannerInput>;

/** `id` plus the fields to change; `page_ids` and `only_country_ids`, when given, replace the banner's. */
export const updateBannerInput = addBannerInput.partial().extend({ id });
export type UpdateBannerInput = z.infer<typeof updateBannerInput>;

export const getAllBannersArgs = z.object({ paginate: paginateInput });
export const getBannersArgs = z.object({ page_id: id, paginate: paginateInput });

export const deleteBannerArgs = z.object({ banner_id: id, confirm: confirmDelete });
export type DeleteBannerArgs = z.infer<typeof deleteBannerArgs>;

export const addBannerToOtherPageArgs = z.object({
  banner_ids: selectedIds('banner', 'banners'),
  page_id: id,
});
export type AddBannerToOtherPageArgs = z.infer<typeof addBannerToOtherPageArgs>;

export const deleteBannerFromPageArgs = z.object({ banner_id: id, page_id: id });
export type DeleteBannerFromPageArgs = z.infer<typeof deleteBannerFromPageArgs>;
