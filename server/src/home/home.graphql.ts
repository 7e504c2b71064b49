import {
  addHomeAboutUsInput,
  addHomeServiceInput,
  deleteHomeServiceArgs,
  homeCountryArgs,
  updateHomeAboutUsInput,
  updateHomeServiceInput,
} from '../../../shared/home.schema.js';
import type { GraphqlModule } from '../graphql/operation.js';
import { countryRead, inputMutation, staffCall } from '../graphql/service-operations.js';
import * as service from './home.service.js';

export const homeGraphql: GraphqlModule = {
  typeDefs: `
"A country home page's about-us video and text (spec §3); one per country."
type HomeAboutUs {
  id: Int!
  country_id: Int!
  "A video of the ABOUT_US category."
  video: Video!
  description: String!
  created_at: String!
  updated_at: String!
}

"A service listed on a country's home page (spec §3)."
type HomeService {
  id: Int!
  country_id: Int!
  title: String!
  description: String!
  "An image of the SERVICES category."
  image: Image!
  "The public page the card leads to (a site path such as /visa/student), or null."
  link: String
  created_at: String!
  updated_at: String!
}

input AddHomeAboutUsInput {
  country_id: Int!
  video_id: Int!
  description: String!
}

input UpdateHomeAboutUsInput {
  id: Int!
  video_id: Int
  description: String
}

input AddHomeServiceInput {
  country_id: Int!
  title: String!
  description: String!
  image_id: Int!
  link: String
}

input UpdateHomeServiceInput {
  id: Int!
  title: String
  description: String
  image_id: Int
  link: String
}

extend type Query {
  getHomeAboutUs(country_id: Int!): HomeAboutUs
  getHomeServices(country_id: Int!): [HomeService!]!
}

extend type Mutation {
  addHomeAboutUs(input: AddHomeAboutUsInput!): HomeAboutUs!
  updateHomeAboutUs(input: UpdateHomeAboutUsInput!): HomeAboutUs!
  addHomeService(input: AddHomeServiceInput!): HomeService!
  updateHomeService(input: UpdateHomeServiceInput!): HomeService!
  deleteHomeService(service_id: Int!): DeleteResult!
}`,
  Query: {
    getHomeAboutUs: countryRead(homeCountryArgs, service.getHomeAboutUs),
    getHomeServices: countryRead(homeCountryArgs, service.getHomeServices),
  },
  Mutation: {
    addHomeAboutUs: inputMutation(addHomeAboutUsInput, service.addHomeAboutUs, (input) => [input.country_id]),
    updateHomeAboutUs: inputMutation(updateHomeAboutUsInput, service.updateHomeAboutUs),
    addHomeService: inputMutation(addHomeServiceInput, service.addHomeService, (input) => [input.country_id]),
    updateHomeService: inputMutation(updateHomeServiceInput, service.updateHomeService),
    deleteHomeService: staffCall(deleteHomeServiceArgs, service.deleteHomeService),
  },
};
