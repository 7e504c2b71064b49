import { router } from '../trpc/trpc.js';

export const bannerRouter = router({});
