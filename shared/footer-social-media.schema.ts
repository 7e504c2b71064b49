import { z } from 'zod';
import { countryId, id, imageId, url } from './fields.js';

/** A social media icon in a country's footer (spec §2 "Public layout", §3 "Footer social media"). */
export const addFooterSocialMediaInput = z.object({
  country_id: countryId,
  image_id: imageId,
  social_media_link: url('Social media link'),
});
export type AddFooterSocialMediaInput = z.infer<typeof addFooterSocialMediaInput>;

/** `id` plus the changed fields (the country stays). */
export const updateFooterSocialMediaInput = z.object({
  id,
  image_id: addFooterSocialMediaInput.shape.image_id.nullish().transform((value) => value ?? undefined),
  social_media_link: addFooterSocialMediaInput.shape.social_media_link
    .nullish()
    .transform((value) => value ?? undefined),
});
export type UpdateFooterSocialMediaInput = z.infer<typeof updateFooterSocialMediaInput>;

export const footerSocialMediaOfCountryInput = z.object({ country_id: countryId });
export const deleteFooterSocialMediaInput = z.object({ id });
