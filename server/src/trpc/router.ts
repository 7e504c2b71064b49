import { siteRouter } from '../site/site.router.js';
import { router } from './trpc.js';

/** Every tRPC router of the product, one per domain. */
export const appRouter = router({
  site: siteRouter,
});

export type AppRouter = typeof appRouter;
