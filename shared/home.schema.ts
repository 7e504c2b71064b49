import { z } from 'zod';
import { countryId, id, imageId, requiredText, videoId } from './fields.js';
import { isSitePath } from './site-pages.js';

/** The home page's about-us video and text; one per country (spec §3 "Home about us"). */
export const addHomeAboutUsInput = z.object({
  country_id: countryId,
  video_id: videoId,
  description: requiredText('Description', 5000),
});
export type AddHomeAboutUsInput = z.infer<typeof addHomeAboutUsInput>;

export const updateHomeAboutUsInput = addHomeAboutUsInput.omit({ country_id: true }).partial().extend({ id });
export type UpdateHomeAboutUsInput = z.infer<typeof updateHomeAboutUsInput>;

/** One of the services listed on a country's home page (spec §3 "Home service"). */
export const addHomeServiceInput = z.object({
  country_id: countryId,
  title: requiredText('Title', 200),
  description: requiredText('Description', 2000),
  image_id: imageId,
  /** The public page the card leads to; null or left out for none. */
  link: z
    .string()
    .refine(isSitePath, "Link must be one of the site's pages")
    .nullish()
    .transform((value) => value ?? null),
});
export type AddHomeServiceInput = z.infer<typeof addHomeServiceInput>;

export const updateHomeServiceInput = addHomeServiceInput.omit({ country_id: true }).partial().extend({ id });
export type UpdateHomeServiceInput = z.infer<typeof updateHomeServiceInput>;

export const homeCountryArgs = z.object({ country_id: countryId });
export const deleteHomeServiceArgs = z.object({ service_id: id });
