import {
  addBranchClosureInput,
  branchClosuresOfCountryInput,
  deleteBranchClosureInput,
  updateBranchClosureInput,
} from '../../../shared/branch.schema.js';
import type { GraphqlModule } from '../graphql/operation.js';
import { countryRead, inputMutation, staffCall } from '../graphql/service-operations.js';
import * as service from './branch-closure.service.js';

export const branchClosureGraphql: GraphqlModule = {
  typeDefs: `
"Days a country's branches, or one of them, are closed besides their week: a public holiday, a festival (decision 052)."
type BranchClosure {
  id: Int!
  country_id: Int!
  "The one branch closed; null: every branch of the country."
  branch_id: Int
  "What visitors read, e.g. Christmas Day."
  name: String!
  "YYYY-MM-DD, on the branch's clock."
  first_day: String!
  "YYYY-MM-DD, the last day closed (the first day for a closure of one day)."
  last_day: String!
  created_at: String!
  updated_at: String!
}

input AddBranchClosureInput {
  country_id: Int!
  "Left out or null: every branch of the country."
  branch_id: Int
  name: String!
  first_day: String!
  "Left out or null: the first day only."
  last_day: String
}

input UpdateBranchClosureInput {
  id: Int!
  "Null: every branch of the country; left out: as it was."
  branch_id: Int
  name: String
  first_day: String
  "Null: the first day only; left out: as it was."
  last_day: String
}

extend type Query {
  "A country's closures, those not over yet first (soonest first); empty for an unknown country, or a disabled one (except to staff)."
  getBranchClosures(country_id: Int!): [BranchClosure!]!
}

extend type Mutation {
  "Closes every branch of the country (no branch_id) or one, for a day or several (at most 92)."
  addBranchClosure(input: AddBranchClosureInput!): BranchClosure!
  "Changes the fields given; the days are checked together with the stored ones."
  updateBranchClosure(input: UpdateBranchClosureInput!): BranchClosure!
  "The branches show as open on its days again."
  deleteBranchClosure(id: Int!): DeleteResult!
}`,
  Query: {
    getBranchClosures: countryRead(branchClosuresOfCountryInput, service.getBranchClosures),
  },
  Mutation: {
    addBranchClosure: inputMutation(addBranchClosureInput, service.addBranchClosure, (input) => [input.country_id]),
    updateBranchClosure: inputMutation(updateBranchClosureInput, service.updateBranchClosure),
    deleteBranchClosure: staffCall(deleteBranchClosureInput, service.deleteBranchClosure),
  },
};
