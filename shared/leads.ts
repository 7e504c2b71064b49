import { z } from 'zod';
import { arrangedAppointment } from './appointment.js';
import { enumeration } from './enumeration.js';
import { LEAD_CAMPAIGN_MAX, LEAD_CHANNELS } from './lead-source.js';
import { GENERAL_FORM_SERVICE_LABELS, INTERESTED_SERVICE_LABELS } from './forms.schema.js';
import { calendarDate, id, requiredText } from './fields.js';
import { paginateInput } from './pagination.schema.js';

/**
 * Leads (the Enquiries inbox, decision 030): every entry of the three public forms becomes a lead that staff move
 * through a pipeline. The wire names (`Enquiry`, `kind`, `status`) are the GraphQL contract's.
 */

/** Which public form a lead came from: the enquiry (contact us), book an appointment (general) or OSHC. */
export const [LEAD_KINDS, LEAD_KIND_LABELS] = enumeration({
  CONTACT_US: 'Enquiry',
  GENERAL: 'Appointment',
  OSHC: 'OSHC quote',
});
export type LeadKind = (typeof LEAD_KINDS)[number];

/** NEW → CONTACTED → QUALIFIED → WON / LOST, and SPAM for what no one should answer. */
export const [LEAD_STATUSES, LEAD_STATUS_LABELS] = enumeration({
  NEW: 'New',
  CONTACTED: 'Contacted',
  QUALIFIED: 'Qualified',
  WON: 'Won',
  LOST: 'Lost',
  SPAM: 'Spam',
});
export type LeadStatus = (typeof LEAD_STATUSES)[number];
/** Leads no one works on any more: no follow-up is due on them. */
export const CLOSED_LEAD_STATUSES: readonly LeadStatus[] = ['WON', 'LOST', 'SPAM'];

/**
 * What a lead asked about, across the three forms (the dashboard counts leads by it): the enquiry's interested
 * service, the appointment's service, or OSHC.
 */
export const LEAD_SERVICE_LABELS: Record<string, string> = {
  ...INTERESTED_SERVICE_LABELS,
  ...GENERAL_FORM_SERVICE_LABELS,
  OSHC: 'OSHC (health cover)',
};
export const leadServiceLabel = (service: string) => LEAD_SERVICE_LABELS[service] ?? service;

/** What the history records as changed. */
export const LEAD_EVENT_KINDS = [
  'CREATED',
  'STATUS',
  'ASSIGNEE',
  'FOLLOW_UP',
  'NOTE',
  'ANONYMISED',
  'REPLY',
  // An appointment arranged, moved or called off (decision 049).
  'APPOINTMENT',
  // The visitor answered by e-mail, or their calendar answered the appointment's invitation (decision 053).
  'ANSWER',
  'APPOINTMENT_ANSWER',
  // Staff said the visitor's answer needs no reply (decision 054).
  'NO_REPLY_NEEDED',
] as const;
export type LeadEventKind = (typeof LEAD_EVENT_KINDS)[number];

export const LEAD_NOTE_MAX = 5000;
export const LEAD_SEARCH_MAX = 200;

const optionalId = id.nullish().transform((value) => value ?? null);
const optionalDate = (label: string) =>
  calendarDate(`${label} is required`)
    .nullish()
    .transform((value) => value ?? null);

/** The inbox's filter on the appointment arranged with the visitor (decision 049): from today on, before, or none. */
export const [LEAD_APPOINTMENT_FILTERS, LEAD_APPOINTMENT_FILTER_LABELS] = enumeration({
  UPCOMING: 'Arranged, today or later',
  PAST: 'Arranged, before today',
  NONE: 'None arranged',
});
export type LeadAppointmentFilter = (typeof LEAD_APPOINTMENT_FILTERS)[number];

/** The inbox's filters; every one is optional, and an EDITOR sees only their countries whatever they ask. */
const enquiryFilterFields = z
  .object({
    country_id: optionalId,
    branch_id: optionalId,
    kind: z
      .enum(LEAD_KINDS)
      .nullish()
      .transform((value) => value ?? null),
    status: z
      .enum(LEAD_STATUSES)
      .nullish()
      .transform((value) => value ?? null),
    assignee_id: optionalId,
    /** Where the visitor came from (decision 047): the channel, and the campaign of a tagged link. */
    channel: z
      .enum(LEAD_CHANNELS)
      .nullish()
      .transform((value) => value ?? null),
    appointment: z
      .enum(LEAD_APPOINTMENT_FILTERS)
      .nullish()
      .transform((value) => value ?? null),
    /** True: only leads whose visitor waits for our reply (decision 054); false: only the others. */
    awaiting_reply: z
      .boolean({ error: 'Say whether the visitor waits for a reply' })
      .nullish()
      .transform((value) => value ?? null),
    campaign: z
      .string()
      .trim()
      .toLowerCase()
      .max(LEAD_CAMPAIGN_MAX, `Campaign must be at most ${LEAD_CAMPAIGN_MAX} characters`)
      .nullish()
      .transform((value) => value || null),
    /** Received on or after this day (YYYY-MM-DD, in the site's time zone). */
    received_from: optionalDate('From date'),
    /** Received on or before this day. */
    received_to: optionalDate('To date'),
    /** Words in the name, e-mail address, phone number or message. */
    search: z
      .string()
      .trim()
      .max(LEAD_SEARCH_MAX, `Search must be at most ${LEAD_SEARCH_MAX} characters`)
      .nullish()
      .transform((value) => (value ? value : null)),
  })
  .refine((filter) => !filter.received_from || !filter.received_to || filter.received_from <= filter.received_to, {
    message: 'The From date must be on or before the To date',
    path: ['received_to'],
  });
/** Leaving the filter out (or null) lists everything the caller may see. */
export const enquiryFilter = z.preprocess((value) => value ?? {}, enquiryFilterFields);
export type EnquiryFilter = z.output<typeof enquiryFilter>;

/**
 * The inbox's orders: newest first (the default), oldest first (a backlog worked through in turn), or by the day
 * staff next meet or call the visitor, soonest first, leads without one after those with one (newest first).
 */
export const [LEAD_ORDERS, LEAD_ORDER_LABELS] = enumeration({
  NEWEST: 'Newest first',
  OLDEST: 'Oldest first',
  APPOINTMENT: 'Soonest appointment first',
  FOLLOW_UP: 'Soonest follow-up day first',
  // Visitors who answered (decision 054), the longest waiting first; then the others, newest first.
  WAITING: 'Waiting longest first',
});
export type LeadOrder = (typeof LEAD_ORDERS)[number];
const leadOrder = z
  .enum(LEAD_ORDERS)
  .nullish()
  .transform((value) => value ?? 'NEWEST');

export const enquiriesArgs = z.object({ filter: enquiryFilter, paginate: paginateInput, order: leadOrder });
export type EnquiriesArgs = z.output<typeof enquiriesArgs>;

/** The inbox's CSV export: every lead of a filter, in the list's order (the first CSV_EXPORT_MAX). */
export const enquiriesExportArgs = z.object({ filter: enquiryFilter, order: leadOrder });
export type EnquiriesExportArgs = z.output<typeof enquiriesExportArgs>;

export const NO_REPLY_NEEDED_ONLY =
  "Only a visitor's answer makes a lead wait for a reply: send false to say it needs none";

/**
 * A change to a lead: only the fields given change; `assignee_id: null` unassigns and `follow_up_on: null` clears
 * the date.
 */
export const updateEnquiryInput = z.object({
  id,
  status: z.enum(LEAD_STATUSES, { error: 'Choose a status' }).optional(),
  assignee_id: id.nullable().optional(),
  follow_up_on: calendarDate('Follow-up date is required').nullable().optional(),
  /** The appointment arranged with the visitor; null calls it off. */
  appointment: arrangedAppointment.nullable().optional(),
  /** When the appointment changes, mail the visitor with a calendar invitation (or its cancellation; decision 050). */
  tell_visitor: z.boolean({ error: 'Say whether to tell the visitor' }).nullish(),
  /** False: the visitor's answer needs no reply (answered by phone, a thank-you); it stops waiting (decision 054). */
  awaiting_reply: z.literal(false, { error: NO_REPLY_NEEDED_ONLY }).nullish(),
});
export type UpdateEnquiryInput = z.output<typeof updateEnquiryInput>;

/** An appointment the form is about to arrange for a lead: what would it overlap? */
export const appointmentClashesInput = z.object({ id, appointment: arrangedAppointment });
export type AppointmentClashesInput = z.output<typeof appointmentClashesInput>;

export const addEnquiryNoteInput = z.object({
  enquiry_id: id,
  text: requiredText('Note', LEAD_NOTE_MAX),
});
export type AddEnquiryNoteInput = z.output<typeof addEnquiryNoteInput>;

/** What a lead of each kind is called in a sentence (mails, a reply's subject). */
export const LEAD_KIND_NAMES = {
  CONTACT_US: 'enquiry',
  GENERAL: 'appointment request',
  OSHC: 'OSHC quote request',
} as const satisfies Record<LeadKind, string>;

export const LEAD_REPLY_MAX = 10000;
export const LEAD_REPLY_SUBJECT_MAX = 200;

/** A reply to the visitor, written in the inbox and sent as a mail (decision 046). */
export const replyToEnquiryInput = z.object({
  enquiry_id: id,
  /** Chosen when the reply is written: the same reply sent twice (a double click, a retry) is one mail. */
  key: z.uuid({ error: 'The reply needs a key' }),
  subject: requiredText('Subject', LEAD_REPLY_SUBJECT_MAX),
  text: requiredText('Message', LEAD_REPLY_MAX),
});
export type ReplyToEnquiryInput = z.output<typeof replyToEnquiryInput>;

export const enquiryId = z.object({ id });

/** What ADMINs do for a visitor who asks what is stored about them, or to be forgotten. */
export const PRIVACY_ACTIONS = ['EXPORT', 'ERASE'] as const;
export type PrivacyAction = (typeof PRIVACY_ACTIONS)[number];

export const privacyRequestInput = z.object({
  email: z
    .string({ error: 'Email is required' })
    .trim()
    .min(1, 'Email is required')
    .max(320)
    .pipe(z.email('Enter a valid email address')),
});
export type PrivacyRequestInput = z.output<typeof privacyRequestInput>;
export const erasureInput = privacyRequestInput.extend({
  /** The address typed a second time: an erasure cannot be undone. */
  confirm: z.literal(true, { error: 'Confirm the erasure' }),
});
