import { siteSettingsInput } from '../../../shared/site-settings.js';
import { adminProcedure, router } from '../trpc/trpc.js';
import { goLiveChecklist } from './go-live.js';
import { getSiteSettingsView, resetSiteSettings, saveSiteSettings } from './site-settings.service.js';

/** The settings staff own and the go-live checklist: ADMIN only (they show on every country's site). */
export const settingsRouter = router({
  get: adminProcedure.query(({ ctx }) => getSiteSettingsView(ctx.db, ctx.siteSettings)),
  save: adminProcedure
    .input(siteSettingsInput)
    .mutation(({ ctx, input }) => saveSiteSettings(ctx.db, ctx.siteSettings, ctx.actor.staffId, input)),
  reset: adminProcedure.mutation(({ ctx }) => resetSiteSettings(ctx.db, ctx.siteSettings)),
  goLive: adminProcedure.query(({ ctx }) =>
    goLiveChecklist(ctx.db, { ...ctx.goLive, settings: ctx.siteSettings.current }),
  ),
});
