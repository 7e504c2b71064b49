import {
  addBannerInput,
  addBannerToOtherPageArgs,
  deleteBannerArgs,
  deleteBannerFromPageArgs,
  getAllBannersArgs,
  getBannersArgs,
  updateBannerInput,
} from '../../../shared/banner.schema.js';
import { publicOperation, staffOperation, type GraphqlModule } from '../graphql/operation.js';
import { inputMutation, staffCall } from '../graphql/service-operations.js';
import * as service from './banner.service.js';

// Banners belong to the countries showing their pages: the service checks an EDITOR holds them all.
export const bannerGraphql: GraphqlModule = {
  typeDefs: `
"A banner of one or more public pages (spec §3)."
type Banner {
  id: Int!
  title: String!
  description: String!
  button_name: String
  "An http(s) link or a path of this site."
  button_url: String
  "An image of the BANNER category."
  image: Image!
  pages: [Page!]!
  "The countries whose sites show the banner (those that have one of its pages, among only_country_ids if any). An EDITOR may change it only when they hold them all."
  countries: [Country!]!
  "The ids of the countries the banner is kept to (a country's own hero); empty: every country that has one of its pages."
  only_country_ids: [Int!]!
  "True when deleteBanner without confirm would succeed (the banner is on at most one page)."
  isDeletable: Boolean!
  created_at: String!
  updated_at: String!
}

type BannerPage {
  data: [Banner!]!
  pagination: Pagination!
}

input AddBannerInput {
  title: String!
  description: String!
  button_name: String
  button_url: String
  image_id: Int!
  "At least one page."
  page_ids: [Int!]!
  "Keeps the banner to these countries' sites; left out or empty: every site that has one of its pages."
  only_country_ids: [Int!]
}

input UpdateBannerInput {
  id: Int!
  title: String
  description: String
  button_name: String
  button_url: String
  image_id: Int
  "When given, replaces the banner's pages."
  page_ids: [Int!]
  "When given, replaces the countries the banner is kept to (empty: every site that has one of its pages)."
  only_country_ids: [Int!]
}

extend type Query {
  getAllBanners(paginate: PaginateInput): BannerPage!
  getBanners(page_id: Int!, paginate: PaginateInput): BannerPage!
}

extend type Mutation {
  addBanner(input: AddBannerInput!): Banner!
  updateBanner(input: UpdateBannerInput!): Banner!
  deleteBanner(banner_id: Int!, confirm: Boolean): DeleteResult!
  "Shows the banners on the page too (idempotent); answers the banners as now linked."
  addBannerToOtherPage(banner_ids: [Int!]!, page_id: Int!): [Banner!]!
  deleteBannerFromPage(banner_id: Int!, page_id: Int!): DeleteResult!
}`,
  Query: {
    getAllBanners: staffOperation({
      args: getAllBannersArgs,
      resolve: (args, ctx) => service.getAllBanners(ctx.db, args.paginate),
    }),
    getBanners: publicOperation({
      args: getBannersArgs,
      resolve: (args, ctx) => service.getBanners(ctx.db, args.page_id, args.paginate),
    }),
  },
  Mutation: {
    addBanner: inputMutation(addBannerInput, service.addBanner),
    updateBanner: inputMutation(updateBannerInput, service.updateBanner),
    deleteBanner: staffCall(deleteBannerArgs, service.deleteBanner),
    addBannerToOtherPage: staffCall(addBannerToOtherPageArgs, service.addBannerToOtherPage),
    deleteBannerFromPage: staffCall(deleteBannerFromPageArgs, service.deleteBannerFromPage),
  },
};
