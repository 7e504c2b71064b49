import type { GraphqlModule } from '../graphql/operation.js';

export const pageGraphql: GraphqlModule = {
  typeDefs: `
"A public page (spec §3), named by its navigation label; enabled per country."
type Page {
  id: Int!
  name: String!
  created_at: String!
  updated_at: String!
}`,
};
