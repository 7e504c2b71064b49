import { addCountryInput, getCountriesInput, updateCountryInput } from '../../../shared/country.schema.js';
import { adminOperation, publicOperation, type GraphqlModule } from '../graphql/operation.js';
import { uploadArg } from '../media/upload.js';
import * as service from './country.service.js';

export const countryGraphql: GraphqlModule = {
  typeDefs: `
"A country site (spec §3). The country named Global, id 1, is the default."
type Country {
  id: Int!
  name: String!
  flag_url: String
  is_enabled: EnableStatus!
  "The IANA time zone of the country's appointments (calendar invitations, reminders); null: the site's own."
  time_zone: String
  "The site's address: its ISO code, the first segment of its pages' paths (np: /np/…); null for Global, at the root."
  code: String
  created_at: String!
  updated_at: String!
}

extend type Query {
  "Enabled countries; staff also see disabled ones (an EDITOR only their own countries). \`filter\` matches part of the name."
  getCountries(filter: String): [Country!]!
}

extend type Mutation {
  """
  ADMIN only. \`image\` is the flag (multipart upload); \`is_enabled\` defaults to ENABLE; \`time_zone\` an IANA name;
  \`code\` the site's address (ISO code), found from the name when left out and the name is a country's.
  """
  addCountry(name: String!, image: Upload, is_enabled: EnableStatus, time_zone: String, code: String): Country!
  """
  ADMIN only. Omitted arguments stay as they are; the Global country (id 1) cannot be disabled and has no code.
  \`time_zone\` null or "" goes back to the site's time zone.
  """
  updateCountry(
    id: Int!
    name: String
    image: Upload
    is_enabled: EnableStatus
    time_zone: String
    code: String
  ): Country!
}`,
  Query: {
    getCountries: publicOperation({
      args: getCountriesInput,
      resolve: async (args, ctx) => service.getCountries(ctx.db, args, await service.viewerOf(ctx.authenticate)),
    }),
  },
  Mutation: {
    addCountry: adminOperation({
      receivesFiles: true,
      args: addCountryInput.extend({ image: uploadArg.nullish() }),
      resolve: ({ image, ...input }, ctx) => service.addCountry(ctx.db, input, image),
    }),
    updateCountry: adminOperation({
      receivesFiles: true,
      args: updateCountryInput.extend({ image: uploadArg.nullish() }),
      resolve: ({ image, ...input }, ctx) => service.updateCountry(ctx.db, input, image),
    }),
  },
};
