import { z } from 'zod';
import { ENABLE_STATUSES } from './enums.js';
import { confirmDelete, countryId, id, imageId, selectedIds, url } from './fields.js';

const countryIds = selectedIds('country', 'countries', countryId);

/** An http(s) link, or none (an empty field counts as none). */
const optionalLink = z.preprocess((value) => (value === '' ? null : value), url('Link').nullish());

/** A picture shown over the public site of its countries while `option` is ENABLE (spec §3 "Popup"). */
export const addPopupInput = z.object({
  image_id: imageId,
  link: optionalLink.transform((value) => value ?? null),
  option: z.enum(ENABLE_STATUSES, { error: 'Option must be ENABLE or DISABLE' }).default('ENABLE'),
  country_ids: countryIds,
});
export type AddPopupInput = z.infer<typeof addPopupInput>;

/** `id` plus the fields to change (`link: null` removes the link); countries change through their own operations. */
export const updatePopupInput = z.object({
  id,
  image_id: imageId.optional(),
  link: optionalLink,
  option: z.enum(ENABLE_STATUSES, { error: 'Option must be ENABLE or DISABLE' }).optional(),
});
export type UpdatePopupInput = z.infer<typeof updatePopupInput>;

export const getPopupsArgs = z.object({ country_id: countryId });
/** The staff list: every popup, or only those linked to one country (the input may be left out). */
export const popupListInput = z.object({ country_id: countryId.nullish() }).nullish();

export const deletePopupArgs = z.object({ popup_id: id, confirm: confirmDelete });

export const addPopupToOtherCountryArgs = z.object({
  popup_ids: selectedIds('popup', 'popups'),
  country_id: countryId,
});

export const deletePopupFromCountryArgs = z.object({ popup_id: id, country_id: countryId });
