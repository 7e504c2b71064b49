import { ActionIcon, Group, Select, Stack, Text } from '@mantine/core';
import { IconEye } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTrpc, useTrpcClient, type TrpcClient } from '../../trpc.js';
import { AdminModal } from '../ui/AdminModal.js';
import { datedFileName, type CsvValue } from '../ui/csv.js';
import { CountrySelect, useCountryChoice } from '../ui/CountrySelect.js';
import { DataTable, pagedRows, usePaging, type Pagination, type Paging } from '../ui/DataTable.js';
import { ExportCsvButton } from '../ui/ExportCsvButton.js';
import { columnsOf, formatWhen, WRITTEN } from '../ui/list-cells.js';
import { useBranchChoices, useFilters } from '../ui/list-filters.js';
import { Toolbar } from '../ui/Toolbar.js';

/**
 * What the three form-entry screens (Visa (OSHC form), Contact Us, Appointments) share: entries are read-only,
 * listed a page at a time, opened in a detail view, and exported to CSV. Each screen names its fields once; the
 * list, the detail view and the CSV file all follow that one list.
 */

/** One field of an entry as staff read it. */
export interface EntryField<Row> {
  label: string;
  text: (row: Row) => string;
  /** Also a column of the list (every field shows in the detail view and the CSV file). */
  listed?: boolean;
  /** The CSV value, when it differs from the text (e.g. the exact time rather than the local one). */
  csv?: (row: Row) => CsvValue;
  /** Free text the visitor wrote: its line breaks are kept in the detail view. */
  long?: boolean;
}

export const yesNo = (value: boolean) => (value ? 'Yes' : 'No');

/** When the entry arrived: in the staff member's own time zone on screen, as an exact UTC time in the CSV file. */
export function receivedAtField<Row extends { created_at: string }>(): EntryField<Row> {
  return {
    label: 'Received at',
    text: (row) => formatWhen(row.created_at),
    csv: (row) => new Date(row.created_at).toISOString(),
    listed: true,
  };
}

interface EntryPage<Row> {
  data: Row[];
  pagination: Pagination;
}

/** Which entries are asked for: a country's, or (Contact Us) those of one of its branches. */
interface EntriesFilter {
  country_id: number;
  branch_id?: number | null;
}

/**
 * One form's entries, declared once: their fields (list, detail view and CSV all follow them), words and queries.
 * `FormEntriesScreen` builds the country choice, the branch filter, the table, the detail view and the export.
 */
export interface FormEntriesKind<Row extends { id: number }> {
  fields: EntryField<Row>[];
  /** Names an entry in its View button (e.g. the sender's name). */
  nameOf: (row: Row) => string;
  detailTitle: string;
  /** The list's name for a place ("Appointments from Nepal"), or before a country is known (null). */
  listLabel: (place: string | null) => string;
  /** The CSV file's first word: `appointments-nepal-2026-07-01.csv`. */
  fileWord: string;
  /** Whether the entries may be narrowed to one of the country's branches (Contact Us). */
  byBranch?: boolean;
  /** The API's page of a filter's entries, and every entry of it (the export answers at most a few thousand). */
  queries: (forms: TrpcClient['forms']) => {
    page: (input: EntriesFilter & { paginate: Paging }) => Promise<EntryPage<Row>>;
    all: (input: EntriesFilter) => Promise<EntryPage<Row>>;
  };
}

/** The staff screen of a form's entries, newest first, of one country (and branch). */
export function FormEntriesScreen<Row extends { id: number }>({ kind }: { kind: FormEntriesKind<Row> }) {
  const trpc = useTrpc();
  const { forms } = useTrpcClient();
  const queries = kind.queries(forms);
  const choice = useCountryChoice();
  const { country, countryId } = choice;
  const paging = usePaging();
  const filters = useFilters({ branch_id: null as number | null }, paging.reset);
  const branches = useBranchChoices(kind.byBranch ? countryId : null);
  const branch = branches.find((b) => b.value === filters.values.branch_id);
  const filter: EntriesFilter = {
    country_id: countryId ?? 0,
    ...(kind.byBranch ? { branch_id: branch?.value ?? null } : {}),
  };
  const page = useQuery({
    // Under the forms' own key, so what changes entries (an erasure) refreshes these lists too.
    queryKey: [...trpc.forms.pathKey(), kind.fileWord, filter, paging.paging],
    queryFn: () => queries.page({ ...filter, paginate: paging.paging }),
    enabled: countryId !== null,
  });
  const branchName = branch ? [branch.label] : [];
  const [viewing, setViewing] = useState<Row | null>(null);
  const columns = useMemo(
    () =>
      columnsOf<Row>({
        ...Object.fromEntries(kind.fields.filter((field) => field.listed).map((field) => [field.label, field.text])),
        Action: (row) => (
          <ActionIcon variant="subtle" aria-label={`View ${kind.nameOf(row)}`} onClick={() => setViewing(row)}>
            <IconEye size={18} aria-hidden />
          </ActionIcon>
        ),
      }),
    [kind],
  );

  return (
    <Stack gap="md">
      <Toolbar
        end={
          <ExportCsvButton
            columns={kind.fields.map((field) => ({ header: field.label, value: field.csv ?? field.text }))}
            disabled={!country}
            fileName={() => datedFileName('csv', kind.fileWord, country?.name ?? '', ...branchName)}
            load={() => queries.all(filter)}
          />
        }
      >
        <Group align="flex-end">
          <CountrySelect choice={choice} onChange={() => filters.clear()} />
          {kind.byBranch ? (
            <Select
              label="Branch"
              placeholder="All branches"
              w={220}
              data={branches}
              {...filters.choice('branch_id')}
            />
          ) : null}
        </Group>
      </Toolbar>
      <DataTable
        label={kind.listLabel(country ? [...branchName, country.name].join(', ') : null)}
        columns={columns}
        {...pagedRows(page)}
        // Until the countries arrive there is no country to list.
        loading={page.isFetching || countryId === null}
        paging={paging}
        rowKey={(row) => row.id}
      />
      <AdminModal opened={viewing !== null} onClose={() => setViewing(null)} title={kind.detailTitle}>
        {viewing ? <EntryFacts fields={kind.fields} entry={viewing} /> : null}
      </AdminModal>
    </Stack>
  );
}

/** Every field of an entry, label over value (a description list); an empty value shows as a dash. */
function EntryFacts<Row>({ fields, entry }: { fields: EntryField<Row>[]; entry: Row }) {
  return (
    <Stack component="dl" gap="sm" m={0}>
      {fields.map((field) => (
        <div key={field.label}>
          <Text component="dt" size="sm" fw={600}>
            {field.label}
          </Text>
          <Text component="dd" m={0} style={field.long ? WRITTEN : { overflowWrap: 'anywhere' }}>
            {field.text(entry) || '—'}
          </Text>
        </div>
      ))}
    </Stack>
  );
}
