import type { GraphqlModule } from '../graphql/operation.js';

export const homeGraphql: GraphqlModule = {
  typeDefs: '',
};
