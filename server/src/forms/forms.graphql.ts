import type { GraphqlModule } from '../graphql/operation.js';

export const formsGraphql: GraphqlModule = {
  typeDefs: '',
};
