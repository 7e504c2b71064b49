import { router } from '../trpc/trpc.js';

export const branchRouter = router({});
