import { router } from '../trpc/trpc.js';

export const teamRouter = router({});
