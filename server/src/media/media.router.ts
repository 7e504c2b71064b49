import { router } from '../trpc/trpc.js';

export const mediaRouter = router({});
