import { router } from '../trpc/trpc.js';

export const countryRouter = router({});
