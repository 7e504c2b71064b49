import type { GraphqlModule } from '../graphql/operation.js';

export const imageGraphql: GraphqlModule = {
  typeDefs: `
"An uploaded image (spec §3)."
type Image {
  id: Int!
  image_name: String!
  image_url: String!
  category: ImageCategory!
  created_at: String!
  updated_at: String!
  "True when deleteImage without confirm would succeed."
  isDeletable: Boolean!
}

type ImageEdge {
  cursor: String!
  node: Image!
}

type ImageConnection {
  edges: [ImageEdge!]!
  pageInfo: PageInfo!
}`,
};
