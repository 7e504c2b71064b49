import { router } from '../trpc/trpc.js';

export const googleMapRouter = router({});
