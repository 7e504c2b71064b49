import type { inferRouterOutputs } from '@trpc/server';
import type { AppRouter } from '../../../../server/src/trpc/router.js';

/** The public layout's data for one country (server/src/site/site.service.ts getSiteLayout). */
export type SiteLayoutData = inferRouterOutputs<AppRouter>['site']['layout'];
export type SiteCountry = SiteLayoutData['country'];
export type ChatBranch = SiteLayoutData['chatBranches'][number];
