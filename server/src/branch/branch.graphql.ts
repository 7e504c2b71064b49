import type { GraphqlModule } from '../graphql/operation.js';

export const branchGraphql: GraphqlModule = {
  typeDefs: '',
};
