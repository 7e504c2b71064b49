import { listableCountries } from '../auth/authenticate.js';
import {
  addTestimonialInput,
  addTestimonialToOtherCountryArgs,
  deleteTestimonalArgs,
  deleteTestimonalFromCountryArgs,
  getAllTestimonalsArgs,
  getHomeTestimonialsArgs,
  updateTestimonialInput,
} from '../../../shared/testimonial.schema.js';
import { publicOperation, staffOperation, type GraphqlModule } from '../graphql/operation.js';
import { countryOperation, inputMutation, staffCall } from '../graphql/service-operations.js';
import * as service from './testimonial.service.js';

export const testimonialGraphql: GraphqlModule = {
  typeDefs: `
"What a client said about us, shown on the home page of its countries (spec §3)."
type Testimonial {
  id: Int!
  name: String!
  "An image of the TESTIMONALS category."
  image: Image!
  testimonial: String!
  "1 to 5."
  rating: Int!
  relation: String!
  "True when deleteTestimonal without confirm would succeed (linked to at most one country)."
  isDeletable: Boolean!
  countries: [Country!]!
  created_at: String!
  updated_at: String!
}

type TestimonialPage {
  data: [Testimonial!]!
  pagination: Pagination!
}

input AddTestimonialInput {
  name: String!
  image_id: Int!
  testimonial: String!
  rating: Int!
  relation: String!
  "At least one country."
  country_ids: [Int!]!
}

input UpdateTestimonialInput {
  id: Int!
  name: String
  image_id: Int
  testimonial: String
  rating: Int
  relation: String
}

extend type Query {
  getAllTestimonals(paginate: PaginateInput): TestimonialPage!
  getHomeTestimonials(country_id: Int!, paginate: PaginateInput): TestimonialPage!
}

extend type Mutation {
  addTestimonial(input: AddTestimonialInput!): Testimonial!
  updateTestimonial(input: UpdateTestimonialInput!): Testimonial!
  deleteTestimonal(testimonal_id: Int!, confirm: Boolean): DeleteResult!
  "Shows the testimonials in the country too (idempotent); answers the testimonials as now linked."
  addTestimonialToOtherCountry(testimonal_ids: [Int!]!, country_id: Int!): [Testimonial!]!
  deleteTestimonalFromCountry(testimonal_id: Int!, country_id: Int!): DeleteResult!
}`,
  Query: {
    getAllTestimonals: staffOperation({
      args: getAllTestimonalsArgs,
      resolve: (args, ctx) => service.getAllTestimonals(ctx.db, args.paginate, listableCountries(ctx.actor!, null)),
    }),
    getHomeTestimonials: publicOperation({
      args: getHomeTestimonialsArgs,
      resolve: (args, ctx) => service.getHomeTestimonials(ctx.db, args.country_id, args.paginate),
    }),
  },
  Mutation: {
    addTestimonial: inputMutation(addTestimonialInput, service.addTestimonial, (input) => input.country_ids),
    updateTestimonial: inputMutation(updateTestimonialInput, service.updateTestimonial),
    deleteTestimonal: staffCall(deleteTestimonalArgs, service.deleteTestimonal),
    addTestimonialToOtherCountry: countryOperation(
      addTestimonialToOtherCountryArgs,
      service.addTestimonialToOtherCountry,
    ),
    deleteTestimonalFromCountry: countryOperation(deleteTestimonalFromCountryArgs, service.deleteTestimonalFromCountry),
  },
};
