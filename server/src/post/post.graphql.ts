import { getPostArgs, getPostsArgs } from '../../../shared/post.schema.js';
import { publicOperation, type GraphqlModule } from '../graphql/operation.js';
import * as service from './post.service.js';

/** The blog for external callers: a country's published posts (issue 20). Staff write posts in the staff area. */
export const postGraphql: GraphqlModule = {
  typeDefs: `
"A published blog post of a country (only posts whose publication time has come)."
type Post {
  id: Int!
  title: String!
  "Its address now; the post is at url on each country site showing it."
  slug: String!
  excerpt: String!
  "The cover, an image of the BLOG category."
  image: Image!
  "Sanitised HTML (decision 039)."
  body_html: String!
  author_name: String
  tags: [String!]!
  published_at: String!
  "Minutes to read the body, at 200 words a minute (at least 1)."
  reading_minutes: Int!
  "Its path on a country site, e.g. /blog/<slug>."
  url: String!
}

type PostPage {
  data: [Post!]!
  pagination: Pagination!
}

extend type Query {
  "A country's published posts, newest first; tag keeps those carrying it."
  getPosts(country_id: Int!, tag: String, paginate: PaginateInput): PostPage!
  "A country's published post by its slug or an old slug of it; null when the country's visitors do not see it."
  getPost(country_id: Int!, slug: String!): Post
}`,
  Query: {
    getPosts: publicOperation({
      args: getPostsArgs,
      resolve: (args, ctx) =>
        service.listPublishedPosts(ctx.db, args.country_id, { ...args.paginate, tag: args.tag }, true),
    }),
    getPost: publicOperation({
      args: getPostArgs,
      resolve: (args, ctx) => service.getPublishedPost(ctx.db, args.country_id, args.slug),
    }),
  },
};
