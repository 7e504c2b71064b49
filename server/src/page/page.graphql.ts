import {
  addPageToOtherCountryInput,
  deletePageFromCountryInput,
  pagesOfCountryInput,
} from '../../../shared/page.schema.js';
import { noArgs, staffOperation, type GraphqlModule } from '../graphql/operation.js';
import { countryOperation, countryRead } from '../graphql/service-operations.js';
import * as service from './page.service.js';

export const pageGraphql: GraphqlModule = {
  typeDefs: `
"A public page (spec §3), named by its navigation label; enabled per country."
type Page {
  id: Int!
  name: String!
  created_at: String!
  updated_at: String!
}

extend type Query {
  "Every page."
  getPages: [Page!]!
  "The pages enabled for a country; empty for an unknown country, or a disabled one (except to staff)."
  getPagesOfCountry(country_id: Int!): [Page!]!
  "Pages that show at least one banner."
  getPagesInBanner: [Page!]!
}

extend type Mutation {
  "Enables pages for a country (idempotent); answers the country's pages afterwards."
  addPageToOtherCountry(page_ids: [Int!]!, country_id: Int!): [Page!]!
  "Disables a page for one country only."
  deletePageFromCountry(page_id: Int!, country_id: Int!): DeleteResult!
}`,
  Query: {
    getPages: staffOperation({ args: noArgs, resolve: (_args, ctx) => service.getPages(ctx.db) }),
    getPagesOfCountry: countryRead(pagesOfCountryInput, service.getPagesOfCountry),
    getPagesInBanner: staffOperation({ args: noArgs, resolve: (_args, ctx) => service.getPagesInBanner(ctx.db) }),
  },
  Mutation: {
    addPageToOtherCountry: countryOperation(addPageToOtherCountryInput, service.addPageToOtherCountry),
    deletePageFromCountry: countryOperation(deletePageFromCountryInput, service.deletePageFromCountry),
  },
};
