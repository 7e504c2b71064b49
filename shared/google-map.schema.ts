import { z } from 'zod';
import { countryId, id, url } from './fields.js';

/** A country site's map (spec §3 "Google map"); one per country. */
export const addGoogleMapInput = z.object({
  country_id: countryId,
  google_map_link: url('Google map link'),
});
export type AddGoogleMapInput = z.infer<typeof addGoogleMapInput>;

export const updateGoogleMapInput = z.object({ id, google_map_link: url('Google map link') });
export type UpdateGoogleMapInput = z.infer<typeof updateGoogleMapInput>;

export const googleMapOfCountryInput = z.object({ country_id: countryId });
