import { APPOINTMENT_MEETING_LABELS, APPOINTMENT_TIME_LABELS } from '../../../../shared/appointment.js';
import {
  GENERAL_FORM_SERVICE_LABELS,
  HEAR_ABOUT_US_LABELS,
  INTERESTED_SERVICE_LABELS,
  POLICY_TYPE_LABELS,
} from '../../../../shared/forms.schema.js';
import type { ApiOutputs } from '../../trpc.js';
import { receivedAtField, yesNo, type FormEntriesKind } from './form-entries.js';

type Outputs = ApiOutputs['forms'];
type Appointment = Outputs['generalFormEntries']['data'][number];
type OshcEntry = Outputs['oshcEntries']['data'][number];
type Enquiry = Outputs['contactUsEntries']['data'][number];

/** Appointments: the book-an-appointment (general form) requests sent from a country site. */
export const APPOINTMENTS: FormEntriesKind<Appointment> = {
  fields: [
    { label: 'First name', text: (entry) => entry.first_name, listed: true },
    { label: 'Last name', text: (entry) => entry.last_name, listed: true },
    { label: 'Email address', text: (entry) => entry.email_address, listed: true },
    { label: 'Contact number', text: (entry) => entry.contact_number, listed: true },
    { label: 'Service', text: (entry) => GENERAL_FORM_SERVICE_LABELS[entry.services], listed: true },
    // The visitor's preferences (decision 048): empty where none was given.
    { label: 'Meet by', text: (entry) => (entry.meeting ? APPOINTMENT_MEETING_LABELS[entry.meeting] : '') },
    { label: 'Branch', text: (entry) => entry.branch?.name ?? '' },
    { label: 'Preferred date', text: (entry) => entry.preferred_date ?? '', listed: true },
    {
      label: 'Preferred time',
      text: (entry) => (entry.preferred_time ? APPOINTMENT_TIME_LABELS[entry.preferred_time] : ''),
    },
    { label: 'Comment', text: (entry) => entry.comment, long: true },
    { label: 'Agreed to terms', text: (entry) => yesNo(entry.has_agreed_to_terms) },
    receivedAtField(),
  ],
  nameOf: (entry) => `appointment of ${entry.first_name} ${entry.last_name}`,
  detailTitle: 'Appointment',
  listLabel: (place) => (place ? `Appointments from ${place}` : 'Appointments'),
  fileWord: 'appointments',
  queries: (forms) => ({ page: forms.generalFormEntries.query, all: forms.generalFormEntriesExport.query }),
};

/** Visa (OSHC form): the health cover quote requests sent from a country site. */
export const OSHC_REQUESTS: FormEntriesKind<OshcEntry> = {
  fields: [
    { label: 'Policy type', text: (entry) => POLICY_TYPE_LABELS[entry.policy_types], listed: true },
    { label: 'Policy start date', text: (entry) => entry.policy_start_date, listed: true },
    { label: 'Policy end date', text: (entry) => entry.policy_end_date, listed: true },
    { label: 'Phone number', text: (entry) => entry.phone_no, listed: true },
    { label: 'Email', text: (entry) => entry.email, listed: true },
    receivedAtField(),
  ],
  nameOf: (entry) => `request from ${entry.email}`,
  detailTitle: 'OSHC request',
  listLabel: (place) => (place ? `OSHC requests from ${place}` : 'OSHC requests'),
  fileWord: 'oshc-requests',
  queries: (forms) => ({ page: forms.oshcEntries.query, all: forms.oshcEntriesExport.query }),
};

/** Contact Us: the enquiries sent to a country's branches, optionally of one branch. */
export const CONTACT_US_ENQUIRIES: FormEntriesKind<Enquiry> = {
  fields: [
    { label: 'First name', text: (entry) => entry.first_name, listed: true },
    { label: 'Last name', text: (entry) => entry.last_name, listed: true },
    { label: 'Email address', text: (entry) => entry.email_address, listed: true },
    { label: 'Phone number', text: (entry) => entry.phone_number, listed: true },
    { label: 'Subject', text: (entry) => entry.subject, listed: true },
    { label: 'Heard about us', text: (entry) => HEAR_ABOUT_US_LABELS[entry.hear_about_us] },
    { label: 'Interested service', text: (entry) => INTERESTED_SERVICE_LABELS[entry.interested_service] },
    { label: 'Message', text: (entry) => entry.message, long: true },
    { label: 'Agreed to terms', text: (entry) => yesNo(entry.has_agreed_to_terms) },
    // An enquiry outlives its branch: it then shows no branch.
    { label: 'Branch', text: (entry) => entry.branch?.name ?? '', listed: true },
    receivedAtField(),
  ],
  nameOf: (entry) => `enquiry from ${entry.first_name} ${entry.last_name}`,
  detailTitle: 'Enquiry',
  listLabel: (place) => (place ? `Enquiries to ${place}` : 'Enquiries'),
  fileWord: 'enquiries',
  byBranch: true,
  queries: (forms) => ({ page: forms.contactUsEntries.query, all: forms.contactUsEntriesExport.query }),
};
