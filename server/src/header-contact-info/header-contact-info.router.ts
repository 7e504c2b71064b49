import { z } from 'zod';
import { headerContactInfoInput } from '../../../shared/header-contact-info.schema.js';
import { publicProcedure, router, staffProcedure } from '../trpc/trpc.js';
import { getHeaderContactInfo, saveHeaderContactInfo } from './header-contact-info.service.js';

export const headerContactInfoRouter = router({
  get: publicProcedure
    .input(z.object({ country_id: z.number().int().positive() }))
    .query(async ({ ctx, input }) => (await getHeaderContactInfo(ctx.db, input.country_id)) ?? null),
  save: staffProcedure
    .meta({ countryInput: 'country_id' })
    .input(headerContactInfoInput)
    .mutation(({ ctx, input }) => saveHeaderContactInfo(ctx.db, input)),
});
