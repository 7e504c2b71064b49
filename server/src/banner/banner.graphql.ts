import type { GraphqlModule } from '../graphql/operation.js';

export const bannerGraphql: GraphqlModule = {
  typeDefs: '',
};
