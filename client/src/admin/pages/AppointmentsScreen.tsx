import { Group, Stack } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { inferRouterOutputs } from '@trpc/server';
import { GENERAL_FORM_SERVICE_LABELS } from '../../../../shared/forms.schema.js';
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

type Appointment = inferRouterOutputs<AppRouter>['forms']['generalFormEntries']['data'][number];

const FIELDS: EntryField<Appointment>[] = [
  { label: 'First name', text: (entry) => entry.first_name, listed: true },
  { label: 'Last name', text: (entry) => entry.last_name, listed: true },
  { label: 'Email address', text: (entry) => entry.email_address, listed: true },
  { label: 'Contact number', text: (entry) => entry.contact_number, listed: true },
  { label: 'Service', text: (entry) => GENERAL_FORM_SERVICE_LABELS[entry.services], listed: true },
  { label: 'Comment', text: (entry) => entry.comment, long: true },
  { label: 'Agreed to terms', text: (entry) => yesNo(entry.has_agreed_to_terms) },
  receivedAtField(),
];

const nameOf = (entry: Appointment) => `appointment of ${entry.first_name} ${entry.last_name}`;

/** Appointments: the book-an-appointment (general form) requests sent from a country site, newest first. */
export function AppointmentsScreen() {
  const trpc = useTrpc();
  const queryClient = useQueryClient();
  const choice = useCountryChoice();
  const { country, countryId } = choice;
  const paging = usePaging();
  const list = useQuery({
    ...trpc.forms.generalFormEntries.queryOptions({ country_id: countryId ?? 0, paginate: paging.paging }),
    enabled: countryId !== null,
  });

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end">
        <CountrySelect choice={choice} onChange={paging.reset} />
        <ExportCsvButton
          fields={FIELDS}
          disabled={!country}
          fileName={() => exportFileName('appointments', country?.name ?? '')}
          load={() =>
            queryClient.fetchQuery({
              ...trpc.forms.generalFormEntriesExport.queryOptions({ country_id: countryId ?? 0 }),
              staleTime: 0,
            })
          }
        />
      </Group>
      <FormEntriesTable
        label={country ? `Appointments from ${country.name}` : 'Appointments'}
        fields={FIELDS}
        nameOf={nameOf}
        detailTitle="Appointment"
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
