import { headerContactInfoRouter } from '../header-contact-info/header-contact-info.router.js';
import { meRouter } from '../me/me.router.js';
import { siteRouter } from '../site/site.router.js';
import { staffRouter } from '../staff/staff.router.js';
import { router } from './trpc.js';

/** Every tRPC router of the product, one per domain. */
export const appRouter = router({
  headerContactInfo: headerContactInfoRouter,
  me: meRouter,
  site: siteRouter,
  staff: staffRouter,
});

export type AppRouter = typeof appRouter;
