import { activityRouter } from '../audit/audit.router.js';
import { bannerRouter } from '../banner/banner.router.js';
import { branchRouter } from '../branch/branch.router.js';
import { countryRouter } from '../country/country.router.js';
import { branchClosureRouter } from '../branch-closure/branch-closure.router.js';
import { footerSocialMediaRouter } from '../footer-social-media/footer-social-media.router.js';
import { formsRouter } from '../forms/forms.router.js';
import { googleMapRouter } from '../google-map/google-map.router.js';
import { headerContactInfoRouter } from '../header-contact-info/header-contact-info.router.js';
import { homeRouter } from '../home/home.router.js';
import { leadsRouter } from '../leads/leads.router.js';
import { mailRouter } from '../mail/mail.router.js';
import { meRouter } from '../me/me.router.js';
import { mediaRouter } from '../media/media.router.js';
import { pageRouter } from '../page/page.router.js';
import { popupRouter } from '../popup/popup.router.js';
import { postRouter } from '../post/post.router.js';
import { replyTemplateRouter } from '../reply-template/reply-template.router.js';
import { settingsRouter } from '../settings/settings.router.js';
import { siteRouter } from '../site/site.router.js';
import { staffRouter } from '../staff/staff.router.js';
import { teamRouter } from '../team/team.router.js';
import { testimonialRouter } from '../testimonial/testimonial.router.js';
import { webhooksRouter } from '../webhooks/webhooks.router.js';
import { router } from './trpc.js';

/** Every tRPC router of the product, one per domain. */
export const appRouter = router({
  activity: activityRouter,
  banner: bannerRouter,
  branch: branchRouter,
  country: countryRouter,
  footerSocialMedia: footerSocialMediaRouter,
  branchClosure: branchClosureRouter,
  forms: formsRouter,
  googleMap: googleMapRouter,
  headerContactInfo: headerContactInfoRouter,
  home: homeRouter,
  leads: leadsRouter,
  mail: mailRouter,
  me: meRouter,
  media: mediaRouter,
  page: pageRouter,
  popup: popupRouter,
  post: postRouter,
  replyTemplate: replyTemplateRouter,
  settings: settingsRouter,
  site: siteRouter,
  staff: staffRouter,
  team: teamRouter,
  testimonial: testimonialRouter,
  webhooks: webhooksRouter,
});

export type AppRouter = typeof appRouter;
