import {
  addEnquiryNoteInput,
  enquiriesArgs,
  LEAD_APPOINTMENT_FILTERS,
  LEAD_KINDS,
  LEAD_ORDERS,
  LEAD_STATUSES,
  replyToEnquiryInput,
  updateEnquiryInput,
} from '../../../shared/leads.js';
import { z } from 'zod';
import { APPOINTMENT_LENGTHS, APPOINTMENT_RESPONSES, APPOINTMENT_USUAL_MINUTES } from '../../../shared/appointment.js';
import { LEAD_CHANNELS } from '../../../shared/lead-source.js';
import type { Actor } from '../auth/staff-identity.js';
import { AppError } from '../errors.js';
import { enumType } from '../graphql/base.graphql.js';
import { staffOperation, type GraphqlModule } from '../graphql/operation.js';
import * as service from './leads.service.js';

/** Staff operations always run with an actor (the guard authenticated it). */
function actorOf(ctx: { actor: Actor | undefined }): Actor {
  if (!ctx.actor) throw new AppError('UNAUTHENTICATED', 'Sign in to do this.');
  return ctx.actor;
}

/** The Enquiries inbox for external callers (a CRM, a reporting tool) with a staff token; decision 030. */
export const leadsGraphql: GraphqlModule = {
  typeDefs: `
"Which public form a lead came from: the enquiry (contact us), book an appointment (general) or OSHC."
${enumType('EnquiryKind', LEAD_KINDS)}

"Where a lead is in the pipeline: NEW → CONTACTED → QUALIFIED → WON or LOST; SPAM for what no one should answer."
${enumType('EnquiryStatus', LEAD_STATUSES)}

"How the visitor of a lead reached the site, summed up from its campaign tags and the site that linked to them."
${enumType('EnquiryChannel', LEAD_CHANNELS)}

"Leads by the appointment arranged with the visitor: UPCOMING (today or later), PAST or NONE."
${enumType('EnquiryAppointmentFilter', LEAD_APPOINTMENT_FILTERS)}

"What the visitor's calendar answered to the appointment's latest invitation."
${enumType('AppointmentResponse', APPOINTMENT_RESPONSES)}

"""
The order of a list of leads: NEWEST (received, the default) or OLDEST first, or by the appointment (its instant on
the lead's clock) or the follow-up day, soonest first, leads without one after those with one; WAITING: leads whose
visitor waits for a reply, the longest waiting first, then the others.
"""
${enumType('EnquiryOrder', LEAD_ORDERS)}

"Where the visitor of a lead came from, as their form was sent with it."
type EnquirySource {
  channel: EnquiryChannel!
  utm_source: String
  utm_medium: String
  utm_campaign: String
  "The linking site's host name."
  referrer: String
  "The first page of the visit."
  landing_page: String
  "The page the form was sent from."
  form_page: String
}

"Every filter is optional; an EDITOR sees only leads of their countries whatever the filter says."
input EnquiryFilter {
  country_id: Int
  branch_id: Int
  kind: EnquiryKind
  status: EnquiryStatus
  assignee_id: Int
  "Where the visitor came from."
  channel: EnquiryChannel
  "The appointment arranged: from today on, before today (the site's today), or none."
  appointment: EnquiryAppointmentFilter
  "true: only leads whose visitor answered and waits for a reply; false: only the others."
  awaiting_reply: Boolean
  "The campaign (utm_campaign) of the link that brought the visitor, in any case."
  campaign: String
  "Received on or after this day (YYYY-MM-DD, in the site's time zone)."
  received_from: String
  "Received on or before this day (YYYY-MM-DD)."
  received_to: String
  "Words that must all appear in the name, e-mail address, phone number or message."
  search: String
}

"""
An appointment arranged with the visitor: its day and time as the clock reads where the meeting is (a branch's, or
the visitor's for a call), and how they meet.
"""
type EnquiryAppointment {
  "YYYY-MM-DD."
  day: String!
  "HH:MM, 24-hour."
  time: String!
  meeting: AppointmentMeeting!
  "How long it lasts, in minutes."
  minutes: Int!
}

input EnquiryAppointmentInput {
  "YYYY-MM-DD."
  day: String!
  "HH:MM, 24-hour."
  time: String!
  meeting: AppointmentMeeting!
  "How long it lasts, in minutes: one of ${APPOINTMENT_LENGTHS.join(', ')}; left out, ${APPOINTMENT_USUAL_MINUTES}."
  minutes: Int
}

"""
Only the fields given change: assignee_id null unassigns, follow_up_on null clears the day, appointment null calls
the appointment off.
"""
input UpdateEnquiryInput {
  id: Int!
  status: EnquiryStatus
  "An active staff member who works on the lead's country (an ADMIN, or an EDITOR holding it)."
  assignee_id: Int
  "YYYY-MM-DD."
  follow_up_on: String
  "The appointment arranged with the visitor (it replaces any earlier one)."
  appointment: EnquiryAppointmentInput
  """
  When the appointment changes, mail the visitor about it with a calendar invitation (or its cancellation), at the
  clock of the lead's country's time zone.
  """
  tell_visitor: Boolean
  "false: the visitor's answer needs no reply (answered by phone, a thank-you); the lead stops waiting."
  awaiting_reply: Boolean
}

"A reply to the visitor, sent as an e-mail with the caller's address as its Reply-To."
input ReplyToEnquiryInput {
  enquiry_id: Int!
  "A UUID chosen when the reply is written: the same key again sends nothing more."
  key: String!
  subject: String!
  "Plain text; the visitor's own message is quoted below it."
  text: String!
}

type EnquiryCountry {
  id: Int!
  name: String!
}

type EnquiryBranch {
  id: Int!
  name: String!
}

type EnquiryStaff {
  id: Int!
  name: String!
}

type EnquiryNote {
  id: Int!
  text: String!
  "Null once the author's record is gone."
  author: EnquiryStaff
  created_at: String!
}

"A lead: one entry of a public form, in the staff's pipeline."
type Enquiry {
  id: Int!
  kind: EnquiryKind!
  status: EnquiryStatus!
  country: EnquiryCountry!
  "The branch an enquiry was sent to (null for the other forms, and once the branch is deleted)."
  branch: EnquiryBranch
  assignee: EnquiryStaff
  "Null for OSHC requests, which ask for no name."
  first_name: String
  last_name: String
  email_address: String!
  phone_number: String!
  "The enquiry's message or the appointment's comment (empty for OSHC)."
  message: String!
  created_at: String!
  "YYYY-MM-DD."
  follow_up_on: String
  "The appointment arranged with the visitor, if any."
  appointment: EnquiryAppointment
  "What the visitor's calendar answered to its latest invitation, if it answered."
  appointment_response: AppointmentResponse
  "Since when the visitor's answer (or their calendar declining the appointment) has waited for staff: null when nothing waits."
  awaiting_reply_since: String
  "The IANA time zone of the appointment's clock: the branch's, else the country's, else the site's."
  time_zone: String!
  "Where the visitor came from; null for leads stored before the site recorded it."
  came_from: EnquirySource
  "Oldest first."
  notes: [EnquiryNote!]!
}

type EnquiryPage {
  data: [Enquiry!]!
  pagination: Pagination!
}

extend type Query {
  "The leads the caller may see, newest first unless an order is asked (staff token)."
  getEnquiries(filter: EnquiryFilter, paginate: PaginateInput, order: EnquiryOrder): EnquiryPage!
}

extend type Mutation {
  "Changes a lead's status, assignee, follow-up day or appointment; each change is recorded in its history."
  updateEnquiry(input: UpdateEnquiryInput!): Enquiry!
  "Adds an internal note to a lead; answers the lead with its notes."
  addEnquiryNote(enquiry_id: Int!, text: String!): Enquiry!
  "Writes to the visitor by e-mail; recorded in the lead's history, and a NEW lead becomes CONTACTED."
  replyToEnquiry(input: ReplyToEnquiryInput!): Enquiry!
}`,
  Query: {
    getEnquiries: staffOperation({
      args: enquiriesArgs,
      resolve: (args, ctx) => service.getEnquiries(ctx.db, actorOf(ctx), args, ctx.leadSettings),
    }),
  },
  Mutation: {
    updateEnquiry: staffOperation({
      args: z.object({ input: updateEnquiryInput }),
      resolve: (args, ctx) => service.updateEnquiry(ctx.db, actorOf(ctx), args.input, ctx.leadSettings, ctx.queueMail),
    }),
    addEnquiryNote: staffOperation({
      args: addEnquiryNoteInput,
      resolve: (args, ctx) => service.addEnquiryNote(ctx.db, actorOf(ctx), args, ctx.leadSettings),
    }),
    replyToEnquiry: staffOperation({
      args: z.object({ input: replyToEnquiryInput }),
      resolve: (args, ctx) => service.replyToEnquiry(ctx.db, actorOf(ctx), args.input, ctx.leadSettings, ctx.queueMail),
    }),
  },
};
