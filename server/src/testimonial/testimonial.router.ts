import {
  addTestimonialInput,
  addTestimonialToOtherCountryArgs,
  deleteTestimonalArgs,
  deleteTestimonalFromCountryArgs,
  getHomeTestimonialsArgs,
  testimonialListInput,
  updateTestimonialInput,
} from '../../../shared/testimonial.schema.js';
import { listableCountries } from '../auth/authenticate.js';
import { publicProcedure, router, staffProcedure } from '../trpc/trpc.js';
import * as service from './testimonial.service.js';

export const testimonialRouter = router({
  getAll: staffProcedure
    .input(testimonialListInput)
    .query(({ ctx, input }) =>
      service.getAllTestimonals(ctx.db, input.paginate, listableCountries(ctx.actor, input.country_id)),
    ),
  ofCountry: publicProcedure
    .input(getHomeTestimonialsArgs)
    .query(({ ctx, input }) => service.getHomeTestimonials(ctx.db, input.country_id, input.paginate)),
  add: staffProcedure
    .meta({ countryInput: 'country_ids' })
    .input(addTestimonialInput)
    .mutation(({ ctx, input }) => service.addTestimonial(ctx.db, input)),
  update: staffProcedure
    .input(updateTestimonialInput)
    .mutation(({ ctx, input }) => service.updateTestimonial(ctx.db, input, ctx.actor)),
  delete: staffProcedure
    .input(deleteTestimonalArgs)
    .mutation(({ ctx, input }) => service.deleteTestimonal(ctx.db, input, ctx.actor)),
  addToCountry: staffProcedure
    .meta({ countryInput: 'country_id' })
    .input(addTestimonialToOtherCountryArgs)
    .mutation(({ ctx, input }) => service.addTestimonialToOtherCountry(ctx.db, input, ctx.actor)),
  removeFromCountry: staffProcedure
    .meta({ countryInput: 'country_id' })
    .input(deleteTestimonalFromCountryArgs)
    .mutation(({ ctx, input }) => service.deleteTestimonalFromCountry(ctx.db, input)),
});
