import { router } from '../trpc/trpc.js';

export const testimonialRouter = router({});
