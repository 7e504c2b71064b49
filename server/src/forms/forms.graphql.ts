import { valueFromASTUntyped, type ValueNode } from 'graphql';
import { z } from 'zod';
import {
  contactUsEntriesArgs,
  contactUsFormInput,
  formEntriesArgs,
  generalFormInput,
  oshcFormInput,
} from '../../../shared/forms.schema.js';
import { APPOINTMENT_DAYS_AHEAD, APPOINTMENT_MEETINGS, APPOINTMENT_TIMES } from '../../../shared/appointment.js';
import { enumType } from '../graphql/base.graphql.js';
import { eligibilityAnswersArg } from '../eligibility/eligibility.graphql.js';
import { publicOperation, type GraphqlModule } from '../graphql/operation.js';
import { countryOperation } from '../graphql/service-operations.js';
import * as service from './forms.service.js';
import { submitterFor } from './forms.submitter.js';

/**
 * `NumberLike` lets `branch_id` arrive as 3 or "3" (spec §5: "converted to a number if it is not one"). The scalar
 * passes the value on unchanged; the form's schema converts it or answers "*Branch is required".
 */
const numberLike = {
  serialize: (value: unknown) => value,
  parseValue: (value: unknown) => value,
  parseLiteral: (ast: ValueNode) => valueFromASTUntyped(ast),
};

/** The fields the appointment and OSHC forms end with: where they were sent from, captcha, resend id, honeypot. */
const FORM_SUBMISSION_FIELDS = `  "The country site the form was sent from (an enabled country)."
  country_id: Int
  reCaptcha_token: String
  submission_id: String
  "Leave out or empty: the form's hidden honeypot field, which only robots fill in (a filled one stores nothing)."
  website: String
  "Optional: where the visitor came from (values of the wrong shape are dropped, never refused)."
  came_from: LeadSourceInput`;

export const formsGraphql: GraphqlModule = {
  typeDefs: `
"A number, or a string of digits naming one (the enquiry's branch_id, which the server converts)."
scalar NumberLike

"""
The enquiry (spec §5). Every field except submission_id is required; the server checks them and answers
BAD_USER_INPUT with the form's message per field, so they are nullable here.
"""
input ContactUsFormInput {
  branch_id: NumberLike
  first_name: String
  last_name: String
  email_address: String
  phone_number: String
  subject: String
  hear_about_us: HearAboutUs
  interested_service: InterestedService
  "At most 5000 characters."
  message: String
  "Must be true."
  has_agreed_to_terms: Boolean
  "The captcha solution: the ALTCHA payload, or the reCAPTCHA token when the site uses reCAPTCHA."
  reCaptcha_token: String
  "A client-made UUID: sending the same submission again stores it once and gets the same answer."
  submission_id: String
  "Leave out or empty: the form's hidden honeypot field, which only robots fill in (a filled one stores nothing)."
  website: String
  "Optional: an eligibility checker's answers; the server works out the score and keeps both with the lead."
  eligibility: EligibilityAnswersInput
  "Optional: where the visitor came from (values of the wrong shape are dropped, never refused)."
  came_from: LeadSourceInput
}

"Where a visitor came from, sent with a form: the campaign tags of their link, the site that linked to them, pages."
input LeadSourceInput {
  utm_source: String
  utm_medium: String
  utm_campaign: String
  "The linking site's host name only, e.g. www.google.com."
  referrer: String
  "The first page of the visit: a path of this site without its query."
  landing_page: String
  "The page the form was sent from: a path of this site without its query."
  form_page: String
}

"How a visitor would like to meet for an appointment."
${enumType('AppointmentMeeting', APPOINTMENT_MEETINGS)}
"The part of the day a visitor prefers for an appointment."
${enumType('AppointmentTime', APPOINTMENT_TIMES)}

"""
The book-an-appointment form. Every field except comment, submission_id and the visitor's preferences (meeting,
branch_id, preferred_date, preferred_time) is required (checked by the server).
"""
input GeneralFormInput {
  first_name: String
  last_name: String
  email_address: String
  contact_number: String
  services: GeneralFormService
  "Optional: how the visitor would like to meet."
  meeting: AppointmentMeeting
  "Optional: the branch the visitor would like to meet (an enabled country's); the booking is stored with its country."
  branch_id: NumberLike
  "Optional: YYYY-MM-DD, from today to ${APPOINTMENT_DAYS_AHEAD} days ahead."
  preferred_date: String
  "Optional: the part of the day the visitor prefers."
  preferred_time: AppointmentTime
  "At most 5000 characters."
  comment: String
  "Must be true."
  has_agreed_to_terms: Boolean
${FORM_SUBMISSION_FIELDS}
}

"The OSHC health cover form. Every field except submission_id is required (checked by the server)."
input OshcFormInput {
  policy_types: PolicyType
  "YYYY-MM-DD, not in the past."
  policy_start_date: String
  "YYYY-MM-DD, on or after the start date."
  policy_end_date: String
  phone_no: String
  email: String
${FORM_SUBMISSION_FIELDS}
}

"What a public form submission answers."
type FormSubmissionResult {
  success: Boolean!
  message: String!
  "The stored entry."
  id: Int!
}

type ContactUsFormBranch {
  id: Int!
  name: String!
}

"An enquiry, stored with its branch's country."
type ContactUsFormEntry {
  id: Int!
  country_id: Int!
  branch_id: Int
  "Null once the branch is deleted."
  branch: ContactUsFormBranch
  first_name: String!
  last_name: String!
  email_address: String!
  phone_number: String!
  subject: String!
  hear_about_us: HearAboutUs!
  interested_service: InterestedService!
  message: String!
  has_agreed_to_terms: Boolean!
  created_at: String!
}

type ContactUsFormEntryPage {
  data: [ContactUsFormEntry!]!
  pagination: Pagination!
}

type GeneralFormEntry {
  id: Int!
  country_id: Int!
  first_name: String!
  last_name: String!
  email_address: String!
  contact_number: String!
  services: GeneralFormService!
  "Null where the visitor gave no preference (and in bookings sent before the form asked)."
  meeting: AppointmentMeeting
  "The branch the visitor chose; null when none was chosen or it was deleted since."
  branch_id: Int
  branch: ContactUsFormBranch
  preferred_date: String
  preferred_time: AppointmentTime
  comment: String!
  has_agreed_to_terms: Boolean!
  created_at: String!
}

type GeneralFormEntryPage {
  data: [GeneralFormEntry!]!
  pagination: Pagination!
}

type OshcFormEntry {
  id: Int!
  country_id: Int!
  policy_types: PolicyType!
  "YYYY-MM-DD."
  policy_start_date: String!
  "YYYY-MM-DD."
  policy_end_date: String!
  phone_no: String!
  email: String!
  created_at: String!
}

type OshcFormEntryPage {
  data: [OshcFormEntry!]!
  pagination: Pagination!
}

extend type Query {
  "A country's enquiries, newest first; branch_id narrows them to one of its branches."
  getAllContactUsFormData(country_id: Int!, branch_id: Int, paginate: PaginateInput): ContactUsFormEntryPage!
  getAllGeneralFormData(country_id: Int!, paginate: PaginateInput): GeneralFormEntryPage!
  getAllOshcFormData(country_id: Int!, paginate: PaginateInput): OshcFormEntryPage!
}

extend type Mutation {
  addContactUsFormData(input: ContactUsFormInput!): FormSubmissionResult!
  addGeneralFormData(input: GeneralFormInput!): FormSubmissionResult!
  addOshcFormData(input: OshcFormInput!): FormSubmissionResult!
}`,
  Query: {
    getAllContactUsFormData: countryOperation(contactUsEntriesArgs, service.getAllContactUsFormData),
    getAllGeneralFormData: countryOperation(formEntriesArgs, service.getAllGeneralFormData),
    getAllOshcFormData: countryOperation(formEntriesArgs, service.getAllOshcFormData),
  },
  Mutation: {
    addContactUsFormData: publicOperation({
      rateLimit: 'enquiries',
      args: z.object({ input: contactUsFormInput.extend({ eligibility: eligibilityAnswersArg }) }),
      resolve: (args, ctx) => service.addContactUsFormData(ctx.db, args.input, submitterFor(ctx)),
    }),
    addGeneralFormData: publicOperation({
      rateLimit: 'appointments',
      args: z.object({ input: generalFormInput }),
      resolve: (args, ctx) => service.addGeneralFormData(ctx.db, args.input, submitterFor(ctx)),
    }),
    addOshcFormData: publicOperation({
      rateLimit: 'oshcRequests',
      args: z.object({ input: oshcFormInput }),
      resolve: (args, ctx) => service.addOshcFormData(ctx.db, args.input, submitterFor(ctx)),
    }),
  },
  types: { NumberLike: numberLike },
};
