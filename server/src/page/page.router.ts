import { router } from '../trpc/trpc.js';

export const pageRouter = router({});
