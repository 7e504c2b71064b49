import { listableCountries } from '../auth/authenticate.js';
import {
  addPopupInput,
  addPopupToOtherCountryArgs,
  deletePopupArgs,
  deletePopupFromCountryArgs,
  getPopupsArgs,
  popupListInput,
  updatePopupInput,
} from '../../../shared/popup.schema.js';
import { publicProcedure, router, staffProcedure } from '../trpc/trpc.js';
import * as service from './popup.service.js';

export const popupRouter = router({
  getAll: staffProcedure
    .input(popupListInput)
    .query(({ ctx, input }) => service.getAllPopups(ctx.db, listableCountries(ctx.actor, input?.country_id))),
  ofCountry: publicProcedure
    .input(getPopupsArgs)
    .query(({ ctx, input }) => service.getPopups(ctx.db, input.country_id)),
  add: staffProcedure
    .meta({ countryInput: 'country_ids' })
    .input(addPopupInput)
    .mutation(({ ctx, input }) => service.addPopup(ctx.db, input)),
  update: staffProcedure
    .input(updatePopupInput)
    .mutation(({ ctx, input }) => service.updatePopup(ctx.db, input, ctx.actor)),
  delete: staffProcedure
    .input(deletePopupArgs)
    .mutation(({ ctx, input }) => service.deletePopup(ctx.db, input, ctx.actor)),
  addToCountry: staffProcedure
    .meta({ countryInput: 'country_id' })
    .input(addPopupToOtherCountryArgs)
    .mutation(({ ctx, input }) => service.addPopupToOtherCountry(ctx.db, input, ctx.actor)),
  removeFromCountry: staffProcedure
    .meta({ countryInput: 'country_id' })
    .input(deletePopupFromCountryArgs)
    .mutation(({ ctx, input }) => service.deletePopupFromCountry(ctx.db, input)),
});
