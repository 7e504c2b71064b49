import type { GraphqlModule } from '../graphql/operation.js';

export const videoGraphql: GraphqlModule = {
  typeDefs: `
"A video link (spec §3)."
type Video {
  id: Int!
  video_url: String!
  video_name: String!
  category: VideoCategory!
  "True when deleteVideo without confirm would succeed."
  isDeletable: Boolean!
  created_at: String!
  updated_at: String!
}

type VideoEdge {
  cursor: String!
  node: Video!
}

type VideoConnection {
  edges: [VideoEdge!]!
  pageInfo: PageInfo!
}`,
};
