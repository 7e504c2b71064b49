import { listableCountries } from '../auth/authenticate.js';
import { z } from 'zod';
import { countryId } from '../../../shared/fields.js';
import { paginateInput } from '../../../shared/pagination.schema.js';
import {
  addTeamInput,
  addTeamToOtherCountryArgs,
  countryCertificatesArgs,
  deleteTeamArgs,
  deleteTeamFromCountryArgs,
  teamListInput,
  updateTeamInput,
} from '../../../shared/team.schema.js';
import { publicProcedure, router, staffProcedure } from '../trpc/trpc.js';
import { isStaffCaller } from './team.access.js';
import * as service from './team.service.js';

export const teamRouter = router({
  getAll: staffProcedure
    .input(teamListInput)
    .query(({ ctx, input }) =>
      service.getAllTeams(ctx.db, input.paginate, listableCountries(ctx.actor, input.country_id)),
    ),
  getOfCountry: publicProcedure
    .input(z.object({ country_id: countryId, paginate: paginateInput }))
    .query(({ ctx, input }) => service.getCountryTeams(ctx.db, input.country_id, input.paginate)),
  getCountryCertificates: publicProcedure
    .input(countryCertificatesArgs)
    .query(async ({ ctx, input }) =>
      service.getCountryCertificates(ctx.db, input.country_ids, { includeDisabled: await isStaffCaller(ctx) }),
    ),
  add: staffProcedure
    .meta({ countryInput: 'country_ids' })
    .input(addTeamInput)
    .mutation(({ ctx, input }) => service.addTeam(ctx.db, input)),
  update: staffProcedure
    .input(updateTeamInput)
    .mutation(({ ctx, input }) => service.updateTeam(ctx.db, input, ctx.actor, ctx.edit)),
  delete: staffProcedure
    .input(deleteTeamArgs)
    .mutation(({ ctx, input }) => service.deleteTeam(ctx.db, input, ctx.actor)),
  addToOtherCountry: staffProcedure
    .meta({ countryInput: 'country_id' })
    .input(addTeamToOtherCountryArgs)
    .mutation(({ ctx, input }) => service.addTeamToOtherCountry(ctx.db, input, ctx.actor)),
  deleteFromCountry: staffProcedure
    .meta({ countryInput: 'country_id' })
    .input(deleteTeamFromCountryArgs)
    .mutation(({ ctx, input }) => service.deleteTeamFromCountry(ctx.db, input)),
});
