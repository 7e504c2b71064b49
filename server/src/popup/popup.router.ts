import { router } from '../trpc/trpc.js';

export const popupRouter = router({});
