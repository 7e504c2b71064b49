import type { GraphqlModule } from '../graphql/operation.js';

export const footerSocialMediaGraphql: GraphqlModule = {
  typeDefs: '',
};
