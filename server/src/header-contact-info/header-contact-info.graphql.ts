import { z } from 'zod';
import { countryId } from '../../../shared/fields.js';
import {
  addHeaderContactInfosInput,
  updateHeaderContactInfosInput,
} from '../../../shared/header-contact-info.schema.js';
import { publicOperation, type GraphqlModule } from '../graphql/operation.js';
import { inputMutation } from '../graphql/service-operations.js';
import * as service from './header-contact-info.service.js';

export const headerContactInfoGraphql: GraphqlModule = {
  typeDefs: `
"A country site's contact strip."
type HeaderContactInfos {
  id: Int!
  country_id: Int!
  email: String!
  phone_number: String!
  address: String!
  created_at: String!
  updated_at: String!
}

input AddHeaderContactInfosInput {
  country_id: Int!
  email: String!
  phone_number: String!
  address: String!
}

input UpdateHeaderContactInfosInput {
  id: Int!
  email: String
  phone_number: String
  address: String
}

extend type Query {
  getHeaderContactInfos(country_id: Int!): HeaderContactInfos
}

extend type Mutation {
  addHeaderContactInfos(input: AddHeaderContactInfosInput!): HeaderContactInfos!
  updateHeaderContactInfos(input: UpdateHeaderContactInfosInput!): HeaderContactInfos!
}`,
  Query: {
    getHeaderContactInfos: publicOperation({
      args: z.object({ country_id: countryId }),
      resolve: (args, ctx) => service.getHeaderContactInfos(ctx.db, args.country_id),
    }),
  },
  Mutation: {
    addHeaderContactInfos: inputMutation(addHeaderContactInfosInput, service.addHeaderContactInfos, (input) => [
      input.country_id,
    ]),
    updateHeaderContactInfos: inputMutation(updateHeaderContactInfosInput, service.updateHeaderContactInfos),
  },
};
