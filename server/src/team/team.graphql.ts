import type { GraphqlModule } from '../graphql/operation.js';

export const teamGraphql: GraphqlModule = {
  typeDefs: '',
};
