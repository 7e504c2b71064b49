import { z } from 'zod';
import { GLOBAL_COUNTRY_ID } from '../../../shared/enums.js';
import { publicProcedure, router } from '../trpc/trpc.js';
import { getSiteLayout } from './site.service.js';

export const siteRouter = router({
  layout: publicProcedure
    .input(z.object({ countryId: z.number().int().positive().default(GLOBAL_COUNTRY_ID) }))
    .query(({ ctx, input }) => getSiteLayout(ctx.db, input.countryId)),
});
