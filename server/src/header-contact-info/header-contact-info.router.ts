import { z } from 'zod';
import { countryId } from '../../../shared/fields.js';
import {
  addHeaderContactInfosInput,
  updateHeaderContactInfosInput,
} from '../../../shared/header-contact-info.schema.js';
import { publicProcedure, router, staffProcedure } from '../trpc/trpc.js';
import * as service from './header-contact-info.service.js';

export const headerContactInfoRouter = router({
  get: publicProcedure
    .input(z.object({ country_id: countryId }))
    .query(({ ctx, input }) => service.getHeaderContactInfos(ctx.db, input.country_id)),
  add: staffProcedure
    .meta({ countryInput: 'country_id' })
    .input(addHeaderContactInfosInput)
    .mutation(({ ctx, input }) => service.addHeaderContactInfos(ctx.db, input)),
  update: staffProcedure
    .input(updateHeaderContactInfosInput)
    .mutation(({ ctx, input }) => service.updateHeaderContactInfos(ctx.db, input, ctx.actor)),
});
