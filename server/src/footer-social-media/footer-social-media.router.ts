import { router } from '../trpc/trpc.js';

export const footerSocialMediaRouter = router({});
