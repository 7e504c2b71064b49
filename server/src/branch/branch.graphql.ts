import {
  addBranchInput,
  countryBranchInput,
  deleteBranchInput,
  updateBranchInput,
} from '../../../shared/branch.schema.js';
import { viewerOf } from '../country/country.service.js';
import { noArgs, publicOperation, type GraphqlModule } from '../graphql/operation.js';
import { countryRead, inputMutation, staffCall } from '../graphql/service-operations.js';
import * as service from './branch.service.js';

export const branchGraphql: GraphqlModule = {
  typeDefs: `
"A branch of a country site (spec §3); enquiries and chats go to a branch."
type Branch {
  id: Int!
  name: String!
  email: String!
  phone_number: String!
  address: String!
  google_map_link: String
  "The branch's messenger chat page (the chat dialog opens it)."
  messenger_url: String
  "The branch's WhatsApp number, international (+ and the country code); offered beside the messenger page."
  whatsapp_number: String
  "The IANA time zone of appointments at the branch when not its country's; null: the country's."
  time_zone: String
  "When the branch is open, on its clock; null: not given."
  opening_hours: OpeningHours
  country: Country!
  created_at: String!
  updated_at: String!
}

"A day's hours at a branch, on its clock: HH:MM, 24-hour; it closes after it opens, the same day."
type DayHours {
  opens: String!
  closes: String!
}

"A branch's week: each day's hours, or null on a day it is closed."
type OpeningHours {
  monday: DayHours
  tuesday: DayHours
  wednesday: DayHours
  thursday: DayHours
  friday: DayHours
  saturday: DayHours
  sunday: DayHours
}

input DayHoursInput {
  opens: String!
  closes: String!
}

"A branch's week: each day's hours; a day left out or null is closed. A week closed every day means not given."
input OpeningHoursInput {
  monday: DayHoursInput
  tuesday: DayHoursInput
  wednesday: DayHoursInput
  thursday: DayHoursInput
  friday: DayHoursInput
  saturday: DayHoursInput
  sunday: DayHoursInput
}

input AddBranchInput {
  country_id: Int!
  name: String!
  email: String!
  phone_number: String!
  address: String!
  google_map_link: String
  messenger_url: String
  whatsapp_number: String
  "An IANA name such as Australia/Perth; left out, null or empty: the country's time zone."
  time_zone: String
  "Left out or null: not given."
  opening_hours: OpeningHoursInput
}

"\`id\` plus the changed fields; null or an empty string clears a link, the WhatsApp number or the time zone (null: the opening hours)."
input UpdateBranchInput {
  id: Int!
  country_id: Int
  name: String
  email: String
  phone_number: String
  address: String
  google_map_link: String
  messenger_url: String
  whatsapp_number: String
  time_zone: String
  opening_hours: OpeningHoursInput
}

extend type Query {
  "Branches of the enabled countries (staff: of all countries)."
  getAllBranch: [Branch!]!
  "A country's branches; empty for an unknown country, or a disabled one (except to staff)."
  getCountryBranch(country_id: Int!): [Branch!]!
}

extend type Mutation {
  addBranch(input: AddBranchInput!): Branch!
  updateBranch(input: UpdateBranchInput!): Branch!
  "Deletes a branch; enquiries sent to it are kept without a branch."
  deleteBranch(branch_id: Int!): DeleteResult!
}`,
  Query: {
    getAllBranch: publicOperation({
      args: noArgs,
      resolve: async (_args, ctx) => service.getAllBranch(ctx.db, await viewerOf(ctx.authenticate)),
    }),
    getCountryBranch: countryRead(countryBranchInput, service.getCountryBranch),
  },
  Mutation: {
    addBranch: inputMutation(addBranchInput, service.addBranch, (input) => [input.country_id]),
    updateBranch: inputMutation(updateBranchInput, service.updateBranch),
    deleteBranch: staffCall(deleteBranchInput, service.deleteBranch),
  },
};
