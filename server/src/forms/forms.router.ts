import {
  contactUsEntriesArgs,
  contactUsEntriesFilter,
  formEntriesArgs,
  formEntriesFilter,
  generalFormInput,
  oshcFormInput,
} from '../../../shared/forms.schema.js';
import { enquiryWithEligibilityInput } from '../../../shared/eligibility/attachment.js';
import { publicProcedure, router, staffProcedure } from '../trpc/trpc.js';
import { submitterFor } from './forms.submitter.js';
import * as service from './forms.service.js';

export const formsRouter = router({
  contactUs: publicProcedure
    .meta({ rateLimit: 'enquiries' })
    .input(enquiryWithEligibilityInput)
    .mutation(({ ctx, input }) => service.addContactUsFormData(ctx.db, input, submitterFor(ctx))),
  generalForm: publicProcedure
    .meta({ rateLimit: 'appointments' })
    .input(generalFormInput)
    .mutation(({ ctx, input }) => service.addGeneralFormData(ctx.db, input, submitterFor(ctx))),
  oshc: publicProcedure
    .meta({ rateLimit: 'oshcRequests' })
    .input(oshcFormInput)
    .mutation(({ ctx, input }) => service.addOshcFormData(ctx.db, input, submitterFor(ctx))),
  contactUsEntries: staffProcedure
    .meta({ countryInput: 'country_id' })
    .input(contactUsEntriesArgs)
    .query(({ ctx, input }) => service.getAllContactUsFormData(ctx.db, input)),
  contactUsEntriesExport: staffProcedure
    .meta({ countryInput: 'country_id' })
    .input(contactUsEntriesFilter)
    .query(({ ctx, input }) => service.exportContactUsFormData(ctx.db, input)),
  generalFormEntries: staffProcedure
    .meta({ countryInput: 'country_id' })
    .input(formEntriesArgs)
    .query(({ ctx, input }) => service.getAllGeneralFormData(ctx.db, input)),
  generalFormEntriesExport: staffProcedure
    .meta({ countryInput: 'country_id' })
    .input(formEntriesFilter)
    .query(({ ctx, input }) => service.exportGeneralFormData(ctx.db, input)),
  oshcEntries: staffProcedure
    .meta({ countryInput: 'country_id' })
    .input(formEntriesArgs)
    .query(({ ctx, input }) => service.getAllOshcFormData(ctx.db, input)),
  oshcEntriesExport: staffProcedure
    .meta({ countryInput: 'country_id' })
    .input(formEntriesFilter)
    .query(({ ctx, input }) => service.exportOshcFormData(ctx.db, input)),
});
