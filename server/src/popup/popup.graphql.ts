import type { GraphqlModule } from '../graphql/operation.js';

export const popupGraphql: GraphqlModule = {
  typeDefs: '',
};
