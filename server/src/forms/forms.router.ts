import { router } from '../trpc/trpc.js';

export const formsRouter = router({});
