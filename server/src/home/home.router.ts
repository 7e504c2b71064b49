import { router } from '../trpc/trpc.js';

export const homeRouter = router({});
