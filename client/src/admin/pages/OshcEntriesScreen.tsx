import { Group, Stack } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { inferRouterOutputs } from '@trpc/server';
import { POLICY_TYPE_LABELS } from '../../../../shared/forms.schema.js';
import type { AppRouter } from '../../../../server/src/trpc/router.js';
import { useTrpc } from '../../trpc.js';
import { CountrySelect, useCountryChoice } from '../ui/CountrySelect.js';
import { usePaging } from '../ui/DataTable.js';
import { ExportCsvButton, exportFileName, FormEntriesTable, receivedAtField, type EntryField } from './form-entries.js';

type OshcEntry = inferRouterOutputs<AppRouter>['forms']['oshcEntries']['data'][number];

const FIELDS: EntryField<OshcEntry>[] = [
  { label: 'Policy type', text: (entry) => POLICY_TYPE_LABELS[entry.policy_types], listed: true },
  { label: 'Policy start date', text: (entry) => entry.policy_start_date, listed: true },
  { label: 'Policy end date', text: (entry) => entry.policy_end_date, listed: true },
  { label: 'Phone number', text: (entry) => entry.phone_no, listed: true },
  { label: 'Email', text: (entry) => entry.email, listed: true },
  receivedAtField(),
];

const nameOf = (entry: OshcEntry) => `request from ${entry.email}`;

/** Visa (OSHC form): the health cover quote requests sent from a country site, newest first. */
export function OshcEntriesScreen() {
  const trpc = useTrpc();
  const queryClient = useQueryClient();
  const choice = useCountryChoice();
  const { country, countryId } = choice;
  const paging = usePaging();
  const list = useQuery({
    ...trpc.forms.oshcEntries.queryOptions({ country_id: countryId ?? 0, paginate: paging.paging }),
    enabled: countryId !== null,
  });

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end">
        <CountrySelect choice={choice} onChange={paging.reset} />
        <ExportCsvButton
          fields={FIELDS}
          disabled={!country}
          fileName={() => exportFileName('oshc-requests', country?.name ?? '')}
          load={() =>
            queryClient.fetchQuery({
              ...trpc.forms.oshcEntriesExport.queryOptions({ country_id: countryId ?? 0 }),
              staleTime: 0,
            })
          }
        />
      </Group>
      <FormEntriesTable
        label={country ? `OSHC requests from ${country.name}` : 'OSHC requests'}
        fields={FIELDS}
        nameOf={nameOf}
        detailTitle="OSHC request"
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
