import { bannerGraphql } from '../banner/banner.graphql.js';
import { branchGraphql } from '../branch/branch.graphql.js';
import { countryGraphql } from '../country/country.graphql.js';
import { branchClosureGraphql } from '../branch-closure/branch-closure.graphql.js';
import { footerSocialMediaGraphql } from '../footer-social-media/footer-social-media.graphql.js';
import { eligibilityGraphql } from '../eligibility/eligibility.graphql.js';
import { formsGraphql } from '../forms/forms.graphql.js';
import { googleMapGraphql } from '../google-map/google-map.graphql.js';
import { headerContactInfoGraphql } from '../header-contact-info/header-contact-info.graphql.js';
import { homeGraphql } from '../home/home.graphql.js';
import { leadsGraphql } from '../leads/leads.graphql.js';
import { imageGraphql } from '../media/image.graphql.js';
import { videoGraphql } from '../media/video.graphql.js';
import { pageGraphql } from '../page/page.graphql.js';
import { popupGraphql } from '../popup/popup.graphql.js';
import { postGraphql } from '../post/post.graphql.js';
import { staffGraphql } from '../staff/staff.graphql.js';
import { teamGraphql } from '../team/team.graphql.js';
import { testimonialGraphql } from '../testimonial/testimonial.graphql.js';
import { baseGraphql } from './base.graphql.js';
import type { GraphqlModule } from './operation.js';

/** Every part of the GraphQL schema, one per domain. */
export const GRAPHQL_MODULES: GraphqlModule[] = [
  baseGraphql,
  countryGraphql,
  pageGraphql,
  branchGraphql,
  headerContactInfoGraphql,
  footerSocialMediaGraphql,
  branchClosureGraphql,
  googleMapGraphql,
  imageGraphql,
  videoGraphql,
  bannerGraphql,
  testimonialGraphql,
  popupGraphql,
  postGraphql,
  homeGraphql,
  teamGraphql,
  formsGraphql,
  eligibilityGraphql,
  leadsGraphql,
  staffGraphql,
];
