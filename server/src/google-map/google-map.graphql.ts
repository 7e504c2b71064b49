import type { GraphqlModule } from '../graphql/operation.js';

export const googleMapGraphql: GraphqlModule = {
  typeDefs: '',
};
