import { listableCountries } from '../auth/authenticate.js';
import { z } from 'zod';
import { countryId } from '../../../shared/fields.js';
import { paginateInput } from '../../../shared/pagination.schema.js';
import {
  addTeamInput,
  addTeamToOtherCountryArgs,
  countryCertificatesArgs,
  deleteTeamArgs,
  deleteTeamFromCountryArgs,
  getAllTeamsArgs,
  updateTeamInput,
} from '../../../shared/team.schema.js';
import { publicOperation, staffOperation, type GraphqlModule } from '../graphql/operation.js';
import { countryOperation, inputMutation, staffCall } from '../graphql/service-operations.js';
import { isStaffCaller } from './team.access.js';
import * as service from './team.service.js';

export const teamGraphql: GraphqlModule = {
  typeDefs: `
"A registration certificate of a country (e.g. MARN in Australia) that team members may hold."
type CountryCertificate {
  id: Int!
  certificate_name: String!
  country_id: Int!
}

"A certificate a team member holds, with its code."
type TeamCertification {
  id: Int!
  certificate_code: String!
  countries_certifications: CountryCertificate!
}

"A team member, shown on the About Us page of each country they are linked to."
type Team {
  id: Int!
  name: String!
  position: String!
  description: String!
  email: String
  whatsapp: String
  image: Image!
  countries: [Country!]!
  teamsCountriesCertifications: [TeamCertification!]!
  "True when deleteTeam without confirm would delete the member (they are in at most one country)."
  isDeletable: Boolean!
  created_at: String!
  updated_at: String!
}

type TeamPage {
  data: [Team!]!
  pagination: Pagination!
}

"What addTeam and updateTeam answer."
type TeamMessage {
  message: String!
  id: Int!
}

input TeamCertificationInput {
  country_certificate_id: Int!
  certificate_code: String!
}

input AddTeamInput {
  name: String!
  position: String!
  description: String!
  email: String
  whatsapp: String
  image_id: Int!
  "At least one; an EDITOR must hold them all."
  country_ids: [Int!]!
  "Each certificate must belong to one of country_ids."
  certifications: [TeamCertificationInput!]
}

input UpdateTeamInput {
  id: Int!
  name: String
  position: String
  description: String
  email: String
  whatsapp: String
  image_id: Int
  "Replaces the member's countries when given."
  country_ids: [Int!]
  "Replaces the member's certifications when given."
  certifications: [TeamCertificationInput!]
}

extend type Query {
  getAllTeams(paginate: PaginateInput): TeamPage!
  getCountryTeams(country_id: Int!, paginate: PaginateInput): TeamPage!
  getCountryCertificates(country_ids: [Int!]!): [CountryCertificate!]!
}

extend type Mutation {
  addTeam(input: AddTeamInput!): TeamMessage!
  updateTeam(input: UpdateTeamInput!): TeamMessage!
  deleteTeam(team_id: Int!, confirm: Boolean): DeleteResult!
  addTeamToOtherCountry(team_ids: [Int!]!, country_id: Int!): [Team!]!
  deleteTeamFromCountry(team_id: Int!, country_id: Int!): DeleteResult!
}`,
  Query: {
    getAllTeams: staffOperation({
      args: getAllTeamsArgs,
      resolve: (args, ctx) => service.getAllTeams(ctx.db, args.paginate, listableCountries(ctx.actor!, null)),
    }),
    getCountryTeams: publicOperation({
      args: z.object({ country_id: countryId, paginate: paginateInput }),
      resolve: (args, ctx) => service.getCountryTeams(ctx.db, args.country_id, args.paginate),
    }),
    getCountryCertificates: publicOperation({
      args: countryCertificatesArgs,
      resolve: async (args, ctx) =>
        service.getCountryCertificates(ctx.db, args.country_ids, { includeDisabled: await isStaffCaller(ctx) }),
    }),
  },
  Mutation: {
    addTeam: inputMutation(addTeamInput, service.addTeam, (input) => input.country_ids),
    updateTeam: inputMutation(updateTeamInput, service.updateTeam),
    deleteTeam: staffCall(deleteTeamArgs, service.deleteTeam),
    addTeamToOtherCountry: countryOperation(addTeamToOtherCountryArgs, service.addTeamToOtherCountry),
    deleteTeamFromCountry: countryOperation(deleteTeamFromCountryArgs, service.deleteTeamFromCountry),
  },
};
