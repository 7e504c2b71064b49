import { listableCountries } from '../auth/authenticate.js';
import {
  addPopupInput,
  addPopupToOtherCountryArgs,
  deletePopupArgs,
  deletePopupFromCountryArgs,
  getPopupsArgs,
  updatePopupInput,
} from '../../../shared/popup.schema.js';
import { noArgs, publicOperation, staffOperation, type GraphqlModule } from '../graphql/operation.js';
import { countryOperation, inputMutation, staffCall } from '../graphql/service-operations.js';
import * as service from './popup.service.js';

export const popupGraphql: GraphqlModule = {
  typeDefs: `
"A picture shown over the public site of its countries while option is ENABLE (spec §3)."
type Popup {
  id: Int!
  "An image of the POPUP category."
  image: Image!
  "An http(s) link the popup opens, if any."
  link: String
  option: EnableStatus!
  countries: [Country!]!
  "True when deletePopup without confirm would succeed (linked to at most one country)."
  isDeletable: Boolean!
  created_at: String!
  updated_at: String!
}

input AddPopupInput {
  image_id: Int!
  link: String
  "ENABLE when not given."
  option: EnableStatus
  "At least one country."
  country_ids: [Int!]!
}

input UpdatePopupInput {
  id: Int!
  image_id: Int
  "null removes the link."
  link: String
  option: EnableStatus
}

extend type Query {
  getAllPopups: [Popup!]!
  getPopups(country_id: Int!): [Popup!]!
}

extend type Mutation {
  addPopup(input: AddPopupInput!): Popup!
  updatePopup(input: UpdatePopupInput!): Popup!
  deletePopup(popup_id: Int!, confirm: Boolean): DeleteResult!
  "Shows the popups in the country too (idempotent); answers the popups as now linked."
  addPopupToOtherCountry(popup_ids: [Int!]!, country_id: Int!): [Popup!]!
  deletePopupFromCountry(popup_id: Int!, country_id: Int!): DeleteResult!
}`,
  Query: {
    getAllPopups: staffOperation({
      args: noArgs,
      resolve: (_args, ctx) => service.getAllPopups(ctx.db, listableCountries(ctx.actor!, null)),
    }),
    getPopups: publicOperation({
      args: getPopupsArgs,
      resolve: (args, ctx) => service.getPopups(ctx.db, args.country_id),
    }),
  },
  Mutation: {
    addPopup: inputMutation(addPopupInput, service.addPopup, (input) => input.country_ids),
    updatePopup: inputMutation(updatePopupInput, service.updatePopup),
    deletePopup: staffCall(deletePopupArgs, service.deletePopup),
    addPopupToOtherCountry: countryOperation(addPopupToOtherCountryArgs, service.addPopupToOtherCountry),
    deletePopupFromCountry: countryOperation(deletePopupFromCountryArgs, service.deletePopupFromCountry),
  },
};
