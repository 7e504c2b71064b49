import { z } from 'zod';
import { countryId, id, requiredText } from './fields.js';

/** The home page's about-us video and text; one per country (spec §3 "Home about us"). */
export const addHomeAboutUsInput = z.object({
  country_id: countryId,
  // Chosen from a list in the form, so the message names the choice rather than an id.
  video_id: z.number({ error: 'Video is required' }).int().positive('Video is required'),
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
  image_id: id,
});
export type AddHomeServiceInput = z.infer<typeof addHomeServiceInput>;

export const updateHomeServiceInput = addHomeServiceInput.omit({ country_id: true }).partial().extend({ id });
export type UpdateHomeServiceInput = z.infer<typeof updateHomeServiceInput>;

export const homeCountryArgs = z.object({ country_id: countryId });
export const deleteHomeServiceArgs = z.object({ service_id: id });
