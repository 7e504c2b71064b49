import { Select } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import {
  GENERAL_FORM_SERVICE_LABELS,
  HEAR_ABOUT_US_LABELS,
  INTERESTED_SERVICE_LABELS,
  POLICY_TYPE_LABELS,
} from '../../../../shared/forms.schema.js';
import { useTrpc, type ApiOutputs } from '../../trpc.js';
import { receivedAtField, yesNo, type FormEntriesKind } from '../pages/form-entries.js';

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
    { label: 'Comment', text: (entry) => entry.comment, long: true },
    { label: 'Agreed to terms', text: (entry) => yesNo(entry.has_agreed_to_terms) },
    receivedAtField(),
  ],
  nameOf: (entry) => `appointment of ${entry.first_name} ${entry.last_name}`,
  detailTitle: 'Appointment',
  listLabel: (place) => (place ? `Appointments from ${place}` : 'Appointments'),
  fileWord: 'appointments',
  useEntries: ({ countryId, paging }) => {
    const trpc = useTrpc();
    const queryClient = useQueryClient();
    const input = { country_id: countryId ?? 0 };
    const page = useQuery({
      ...trpc.forms.generalFormEntries.queryOptions({ ...input, paginate: paging.paging }),
      enabled: countryId !== null,
    });
    return {
      page,
      exportAll: () =>
        queryClient.fetchQuery({ ...trpc.forms.generalFormEntriesExport.queryOptions(input), staleTime: 0 }),
    };
  },
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
  useEntries: ({ countryId, paging }) => {
    const trpc = useTrpc();
    const queryClient = useQueryClient();
    const input = { country_id: countryId ?? 0 };
    const page = useQuery({
      ...trpc.forms.oshcEntries.queryOptions({ ...input, paginate: paging.paging }),
      enabled: countryId !== null,
    });
    return {
      page,
      exportAll: () => queryClient.fetchQuery({ ...trpc.forms.oshcEntriesExport.queryOptions(input), staleTime: 0 }),
    };
  },
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
  useFilter: (countryId, onChange) => {
    const trpc = useTrpc();
    const [branchChoice, setBranchChoice] = useState<string | null>(null);
    const branches = useQuery({
      ...trpc.branch.getOfCountry.queryOptions({ country_id: countryId ?? 0 }),
      enabled: countryId !== null,
    });
    const branch = branches.data?.find((b) => String(b.id) === branchChoice);
    return {
      controls: (
        <Select
          label="Branch"
          placeholder="All branches"
          w={220}
          clearable
          data={(branches.data ?? []).map((b) => ({ value: String(b.id), label: b.name }))}
          value={branchChoice}
          onChange={(value) => {
            setBranchChoice(value);
            onChange();
          }}
        />
      ),
      args: { branch_id: branch?.id ?? null },
      names: branch ? [branch.name] : [],
      reset: () => setBranchChoice(null),
    };
  },
  useEntries: ({ countryId, filter, paging }) => {
    const trpc = useTrpc();
    const queryClient = useQueryClient();
    const input = { country_id: countryId ?? 0, branch_id: filter.branch_id ?? null };
    const page = useQuery({
      ...trpc.forms.contactUsEntries.queryOptions({ ...input, paginate: paging.paging }),
      enabled: countryId !== null,
    });
    return {
      page,
      exportAll: () =>
        queryClient.fetchQuery({ ...trpc.forms.contactUsEntriesExport.queryOptions(input), staleTime: 0 }),
    };
  },
};
