import { ActionIcon, Button, Group, Stack, Text } from '@mantine/core';
import { IconDownload, IconEye } from '@tabler/icons-react';
import type { ColumnDef } from '@tanstack/react-table';
import { useMemo, useState, type ReactNode } from 'react';
import { notifyError } from '../../notify.js';
import { AdminModal } from '../ui/AdminModal.js';
import { downloadCsv, toCsv, type CsvValue } from '../ui/csv.js';
import { CountrySelect, useCountryChoice } from '../ui/CountrySelect.js';
import { DataTable, pagedRows, usePaging, type Pagination } from '../ui/DataTable.js';
import { errorMessage } from '../ui/errors.js';

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

const receivedAtFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** When the entry arrived: in the staff member's own time zone on screen, as an exact UTC time in the CSV file. */
export function receivedAtField<Row extends { created_at: string }>(): EntryField<Row> {
  return {
    label: 'Received at',
    text: (row) => receivedAtFormat.format(new Date(row.created_at)),
    csv: (row) => new Date(row.created_at).toISOString(),
    listed: true,
  };
}

/** `contact-us-nepal-2026-07-01.csv`: what, for which country (and branch), and the day of the export. */
export function exportFileName(...parts: string[]): string {
  return datedFileName('csv', ...parts);
}

/** `<parts>-<day of the download>.<extension>`, in lower-case words joined by dashes. */
export function datedFileName(extension: string, ...parts: string[]): string {
  const today = new Date();
  const day = [today.getFullYear(), today.getMonth() + 1, today.getDate()]
    .map((n) => String(n).padStart(2, '0'))
    .join('-');
  const words = [...parts, day].map((part) =>
    part
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, ''),
  );
  return `${words.filter(Boolean).join('-')}.${extension}`;
}

interface EntryPage<Row> {
  data: Row[];
  pagination: Pagination;
}

/**
 * Downloads every entry of the current filter (not only the page shown) as CSV. The export answers at most
 * FORM_ENTRIES_EXPORT_MAX entries; when there were more, the staff member is told.
 */
export function ExportCsvButton<Row>({
  fields,
  fileName,
  load,
  disabled,
}: {
  fields: EntryField<Row>[];
  fileName: () => string;
  load: () => Promise<EntryPage<Row>>;
  disabled: boolean;
}) {
  const [exporting, setExporting] = useState(false);
  const exportCsv = async () => {
    setExporting(true);
    try {
      const { data, pagination } = await load();
      const columns = fields.map((field) => ({ header: field.label, value: field.csv ?? field.text }));
      downloadCsv(fileName(), toCsv(columns, data));
      if (pagination.total > data.length) {
        notifyError(`Only the newest ${data.length} of ${pagination.total} entries were exported.`);
      }
    } catch (error) {
      notifyError(errorMessage(error));
    } finally {
      setExporting(false);
    }
  };
  return (
    <Button
      variant="default"
      leftSection={<IconDownload size={16} aria-hidden />}
      loading={exporting}
      disabled={disabled}
      onClick={() => void exportCsv()}
    >
      Export CSV
    </Button>
  );
}

/** A read-only list of entries with a "View" action opening every field of the entry. */
export function FormEntriesTable<Row extends { id: number }>({
  label,
  fields,
  nameOf,
  detailTitle,
  list,
  paging,
}: {
  label: string;
  fields: EntryField<Row>[];
  /** Names an entry in its View button (e.g. the sender's name). */
  nameOf: (row: Row) => string;
  detailTitle: string;
  list: {
    data: EntryPage<Row> | undefined;
    isFetching: boolean;
    isError: boolean;
    error: unknown;
  };
  paging: ReturnType<typeof usePaging>;
}) {
  const [viewing, setViewing] = useState<Row | null>(null);
  const columns = useMemo<ColumnDef<Row>[]>(
    () => [
      ...fields
        .filter((field) => field.listed)
        .map((field): ColumnDef<Row> => ({
          id: field.label,
          header: field.label,
          cell: ({ row }) => field.text(row.original),
        })),
      {
        id: 'action',
        header: 'Action',
        cell: ({ row }) => (
          <ActionIcon
            variant="subtle"
            aria-label={`View ${nameOf(row.original)}`}
            onClick={() => setViewing(row.original)}
          >
            <IconEye size={18} aria-hidden />
          </ActionIcon>
        ),
      },
    ],
    [fields, nameOf],
  );

  return (
    <>
      <DataTable label={label} columns={columns} {...pagedRows(list)} paging={paging} rowKey={(row) => row.id} />
      <AdminModal opened={viewing !== null} onClose={() => setViewing(null)} title={detailTitle}>
        {viewing ? (
          <Stack component="dl" gap="sm" m={0}>
            {fields.map((field) => (
              <div key={field.label}>
                <Text component="dt" size="sm" fw={600}>
                  {field.label}
                </Text>
                <Text
                  component="dd"
                  m={0}
                  style={
                    field.long ? { whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' } : { overflowWrap: 'anywhere' }
                  }
                >
                  {field.text(viewing) || '—'}
                </Text>
              </div>
            ))}
          </Stack>
        ) : null}
      </AdminModal>
    </>
  );
}

/** A filter beside the country (Contact Us: the branch): its control, what it adds to the query, its name. */
export interface EntriesFilter {
  controls: ReactNode;
  args: { branch_id?: number | null };
  /** What the filter chose, in words (the list's name, the CSV file's), e.g. ["Butwal"]; none: []. */
  names: string[];
  /** Called when the country changes: the filter starts again. */
  reset: () => void;
}

/**
 * One form's entries, declared once: their fields (list, detail view and CSV all follow them), words and queries.
 * `FormEntriesScreen` builds the country choice, the filter, the table, the detail view and the export.
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
  useFilter?: (countryId: number | null, onChange: () => void) => EntriesFilter;
  /** A page of entries of the country (and filter), and every entry of it for the export. */
  useEntries: (args: {
    countryId: number | null;
    filter: EntriesFilter['args'];
    paging: ReturnType<typeof usePaging>;
  }) => {
    page: { data: EntryPage<Row> | undefined; isFetching: boolean; isError: boolean; error: unknown };
    exportAll: () => Promise<EntryPage<Row>>;
  };
}

const NO_FILTER: EntriesFilter = { controls: null, args: {}, names: [], reset: () => undefined };

/** The staff screen of a form's entries, newest first, of one country. */
export function FormEntriesScreen<Row extends { id: number }>({ kind }: { kind: FormEntriesKind<Row> }) {
  const choice = useCountryChoice();
  const { country, countryId } = choice;
  const paging = usePaging();
  const filter = (kind.useFilter ?? (() => NO_FILTER))(countryId, paging.reset);
  const entries = kind.useEntries({ countryId, filter: filter.args, paging });
  const place = country ? [...filter.names, country.name].join(', ') : null;

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end">
        <Group align="flex-end">
          <CountrySelect
            choice={choice}
            onChange={() => {
              filter.reset();
              paging.reset();
            }}
          />
          {filter.controls}
        </Group>
        <ExportCsvButton
          fields={kind.fields}
          disabled={!country}
          fileName={() => exportFileName(kind.fileWord, country?.name ?? '', ...filter.names)}
          load={entries.exportAll}
        />
      </Group>
      <FormEntriesTable
        label={kind.listLabel(place)}
        fields={kind.fields}
        nameOf={kind.nameOf}
        detailTitle={kind.detailTitle}
        // Until the countries arrive there is no country to list.
        list={{ ...entries.page, isFetching: entries.page.isFetching || countryId === null }}
        paging={paging}
      />
    </Stack>
  );
}
