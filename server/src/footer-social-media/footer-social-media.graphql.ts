import {
  addFooterSocialMediaInput,
  deleteFooterSocialMediaInput,
  footerSocialMediaOfCountryInput,
  updateFooterSocialMediaInput,
} from '../../../shared/footer-social-media.schema.js';
import type { GraphqlModule } from '../graphql/operation.js';
import { countryRead, inputMutation, staffCall } from '../graphql/service-operations.js';
import * as service from './footer-social-media.service.js';

export const footerSocialMediaGraphql: GraphqlModule = {
  typeDefs: `
"A social media icon in a country's footer, linking out (spec §3)."
type FooterSocialMedia {
  id: Int!
  country_id: Int!
  "An image of the SOCIAL_MEDIA category."
  image: Image!
  social_media_link: String!
  created_at: String!
  updated_at: String!
}

input AddFooterSocialMediaInput {
  country_id: Int!
  image_id: Int!
  social_media_link: String!
}

input UpdateFooterSocialMediaInput {
  id: Int!
  image_id: Int
  social_media_link: String
}

extend type Query {
  "A country's footer icons; empty for an unknown country, or a disabled one (except to staff)."
  getFooterSocialMedia(country_id: Int!): [FooterSocialMedia!]!
}

extend type Mutation {
  addFooterSocialMedia(input: AddFooterSocialMediaInput!): FooterSocialMedia!
  updateFooterSocialMedia(input: UpdateFooterSocialMediaInput!): FooterSocialMedia!
  "Removes an icon from the footer; its image stays in the library."
  deleteFooterSocialMedia(id: Int!): DeleteResult!
}`,
  Query: {
    getFooterSocialMedia: countryRead(footerSocialMediaOfCountryInput, service.getFooterSocialMedia),
  },
  Mutation: {
    addFooterSocialMedia: inputMutation(addFooterSocialMediaInput, service.addFooterSocialMedia, (input) => [
      input.country_id,
    ]),
    updateFooterSocialMedia: inputMutation(updateFooterSocialMediaInput, service.updateFooterSocialMedia),
    deleteFooterSocialMedia: staffCall(deleteFooterSocialMediaInput, service.deleteFooterSocialMedia),
  },
};
