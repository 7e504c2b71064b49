import {
  addEnquiryNoteInput,
  appointmentClashesInput,
  enquiriesArgs,
  enquiriesExportArgs,
  enquiryId,
  erasureInput,
  privacyRequestInput,
  replyToEnquiryInput,
  updateEnquiryInput,
} from '../../../shared/leads.js';
import { adminProcedure, router, staffProcedure } from '../trpc/trpc.js';
import * as privacy from './privacy.js';
import * as service from './leads.service.js';

/** The Enquiries inbox (decision 030). Which leads a caller sees is decided in the service, per lead's country. */
export const leadsRouter = router({
  list: staffProcedure
    .input(enquiriesArgs)
    .query(({ ctx, input }) => service.getEnquiries(ctx.db, ctx.actor, input, ctx.leadSettings)),
  export: staffProcedure
    .input(enquiriesExportArgs)
    .query(({ ctx, input }) => service.exportEnquiries(ctx.db, ctx.actor, input, ctx.leadSettings)),
  get: staffProcedure
    .input(enquiryId)
    .query(({ ctx, input }) => service.getEnquiry(ctx.db, ctx.actor, input.id, ctx.leadSettings)),
  update: staffProcedure
    .input(updateEnquiryInput)
    .mutation(({ ctx, input }) => service.updateEnquiry(ctx.db, ctx.actor, input, ctx.leadSettings, ctx.queueMail)),
  addNote: staffProcedure
    .input(addEnquiryNoteInput)
    .mutation(({ ctx, input }) => service.addEnquiryNote(ctx.db, ctx.actor, input, ctx.leadSettings)),
  reply: staffProcedure
    .input(replyToEnquiryInput)
    .mutation(({ ctx, input }) => service.replyToEnquiry(ctx.db, ctx.actor, input, ctx.leadSettings, ctx.queueMail)),
  // What an appointment would overlap, for its form to warn of (decision 050).
  appointmentClashes: staffProcedure
    .input(appointmentClashesInput)
    .query(({ ctx, input }) => service.appointmentClashes(ctx.db, ctx.actor, input, ctx.leadSettings)),
  assignableStaff: staffProcedure.query(({ ctx }) => service.assignableStaff(ctx.db, ctx.actor)),
  toAnswerCount: staffProcedure.query(({ ctx }) => service.toAnswerCount(ctx.db, ctx.actor)),
  dashboard: staffProcedure.query(({ ctx }) => service.leadDashboard(ctx.db, ctx.actor, ctx.leadSettings)),
  // A visitor's privacy requests: ADMIN only, each one recorded.
  exportByEmail: adminProcedure
    .input(privacyRequestInput)
    .mutation(({ ctx, input }) => privacy.exportByEmail(ctx.db, ctx.actor, input.email)),
  eraseByEmail: adminProcedure
    .input(erasureInput)
    .mutation(({ ctx, input }) => privacy.eraseByEmail(ctx.db, ctx.actor, input.email)),
  privacyRequests: adminProcedure.query(({ ctx }) => privacy.privacyRequests(ctx.db)),
  // How long leads are kept before they are anonymised (LEAD_RETENTION_MONTHS), for the Privacy screen to say so.
  retention: adminProcedure.query(({ ctx }) => ({ months: ctx.leadSettings.retentionMonths })),
});
