import { addGoogleMapInput, googleMapOfCountryInput, updateGoogleMapInput } from '../../../shared/google-map.schema.js';
import { type GraphqlModule } from '../graphql/operation.js';
import { countryRead, inputMutation } from '../graphql/service-operations.js';
import * as service from './google-map.service.js';

export const googleMapGraphql: GraphqlModule = {
  typeDefs: `
"A country site's map (spec §3); one per country."
type GoogleMap {
  id: Int!
  country_id: Int!
  google_map_link: String!
  created_at: String!
  updated_at: String!
}

input AddGoogleMapInput {
  country_id: Int!
  google_map_link: String!
}

input UpdateGoogleMapInput {
  id: Int!
  google_map_link: String!
}

extend type Query {
  "A country's map; null when it has none, or for a disabled country (except to staff)."
  getGoogleMap(country_id: Int!): GoogleMap
}

extend type Mutation {
  "One per country: a second is refused with CONFLICT."
  addGoogleMap(input: AddGoogleMapInput!): GoogleMap!
  updateGoogleMap(input: UpdateGoogleMapInput!): GoogleMap!
}`,
  Query: {
    getGoogleMap: countryRead(googleMapOfCountryInput, service.getGoogleMap),
  },
  Mutation: {
    addGoogleMap: inputMutation(addGoogleMapInput, service.addGoogleMap, (input) => [input.country_id]),
    updateGoogleMap: inputMutation(updateGoogleMapInput, service.updateGoogleMap),
  },
};
