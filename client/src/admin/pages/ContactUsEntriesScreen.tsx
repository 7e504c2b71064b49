import { Group, Select, Stack } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { inferRouterOutputs } from '@trpc/server';
import { useState } from 'react';
import { HEAR_ABOUT_US_LABELS, INTERESTED_SERVICE_LABELS } from '../../../../shared/forms.schema.js';
import type { AppRouter } from '../../../../server/src/trpc/router.js';
import { useTrpc } from '../../trpc.js';
import { CountrySelect, useCountryChoice } from '../ui/CountrySelect.js';
import { usePaging } from '../ui/DataTable.js';
import {
  ExportCsvButton,
  exportFileName,
  FormEntriesTable,
  receivedAtField,
  yesNo,
  type EntryField,
} from './form-entries.js';

type Enquiry = inferRouterOutputs<AppRouter>['forms']['contactUsEntries']['data'][number];

const FIELDS: EntryField<Enquiry>[] = [
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
];

const nameOf = (entry: Enquiry) => `enquiry from ${entry.first_name} ${entry.last_name}`;

/** Contact Us: the enquiries sent to a country's branches, newest first, optionally of one branch. */
export function ContactUsEntriesScreen() {
  const trpc = useTrpc();
  const queryClient = useQueryClient();
  const choice = useCountryChoice();
  const { country, countryId } = choice;
  const [branchChoice, setBranchChoice] = useState<string | null>(null);
  const paging = usePaging();
  const branches = useQuery({
    ...trpc.branch.getOfCountry.queryOptions({ country_id: countryId ?? 0 }),
    enabled: countryId !== null,
  });
  const branch = branches.data?.find((b) => String(b.id) === branchChoice);
  const filter = { country_id: countryId ?? 0, branch_id: branch?.id ?? null };
  const list = useQuery({
    ...trpc.forms.contactUsEntries.queryOptions({ ...filter, paginate: paging.paging }),
    enabled: countryId !== null,
  });

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end">
        <Group align="flex-end">
          <CountrySelect
            choice={choice}
            onChange={() => {
              setBranchChoice(null);
              paging.reset();
            }}
          />
          <Select
            label="Branch"
            placeholder="All branches"
            w={220}
            clearable
            data={(branches.data ?? []).map((b) => ({ value: String(b.id), label: b.name }))}
            value={branchChoice}
            onChange={(value) => {
              setBranchChoice(value);
              paging.reset();
            }}
          />
        </Group>
        <ExportCsvButton
          fields={FIELDS}
          disabled={!country}
          fileName={() => exportFileName('enquiries', country?.name ?? '', branch?.name ?? '')}
          load={() =>
            queryClient.fetchQuery({ ...trpc.forms.contactUsEntriesExport.queryOptions(filter), staleTime: 0 })
          }
        />
      </Group>
      <FormEntriesTable
        label={country ? `Enquiries to ${branch ? `${branch.name}, ` : ''}${country.name}` : 'Enquiries'}
        fields={FIELDS}
        nameOf={nameOf}
        detailTitle="Enquiry"
        list={{
          data: list.data,
          // Until the countries arrive there is no country to list.
          isFetching: list.isFetching || countryId === null,
          isError: list.isError,
          error: list.error,
        }}
        paging={paging}
      />
    </Stack>
  );
}
