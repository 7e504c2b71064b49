import type { GraphqlModule } from '../graphql/operation.js';

export const testimonialGraphql: GraphqlModule = {
  typeDefs: '',
};
