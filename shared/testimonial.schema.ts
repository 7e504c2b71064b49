import { z } from 'zod';
import { confirmDelete, countryId, id, imageId, requiredText, selectedIds } from './fields.js';
import { paginateInput } from './pagination.schema.js';

const countryIds = selectedIds('country', 'countries', countryId);

/** What a client said about us, shown on the home page of the countries it is linked to (spec §3 "Testimonial"). */
export const addTestimonialInput = z.object({
  name: requiredText('Name', 100),
  image_id: imageId,
  testimonial: requiredText('Testimonial', 2000),
  rating: z
    .number({ error: 'Rating is required' })
    .int('Rating must be a whole number from 1 to 5')
    .min(1, 'Rating must be from 1 to 5')
    .max(5, 'Rating must be from 1 to 5'),
  relation: requiredText('Relation', 100),
  country_ids: countryIds,
});
export type AddTestimonialInput = z.infer<typeof addTestimonialInput>;

/** `id` plus the fields to change; countries change through addTestimonialToOtherCountry/deleteTestimonalFromCountry. */
export const updateTestimonialInput = addTestimonialInput.omit({ country_ids: true }).partial().extend({ id });
export type UpdateTestimonialInput = z.infer<typeof updateTestimonialInput>;

export const getAllTestimonalsArgs = z.object({ paginate: paginateInput });
/** The staff list: every testimonial, or only those linked to one country. */
export const testimonialListInput = getAllTestimonalsArgs.extend({ country_id: countryId.nullish() });
export const getHomeTestimonialsArgs = z.object({ country_id: countryId, paginate: paginateInput });

export const deleteTestimonalArgs = z.object({ testimonal_id: id, confirm: confirmDelete });

export const addTestimonialToOtherCountryArgs = z.object({
  testimonal_ids: selectedIds('testimonial', 'testimonials'),
  country_id: countryId,
});

export const deleteTestimonalFromCountryArgs = z.object({ testimonal_id: id, country_id: countryId });
