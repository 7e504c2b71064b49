import type { GraphqlModule } from '../graphql/operation.js';

export const countryGraphql: GraphqlModule = {
  typeDefs: `
"A country site (spec §3). The country named Global, id 1, is the default."
type Country {
  id: Int!
  name: String!
  flag_url: String
  is_enabled: EnableStatus!
  created_at: String!
  updated_at: String!
}`,
};
