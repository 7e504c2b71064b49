import { ActionIcon, Button, Stack, Text } from '@mantine/core';
import { IconDownload, IconEye } from '@tabler/icons-react';
import type { ColumnDef } from '@tanstack/react-table';
import { useMemo, useState } from 'react';
import { notifyError } from '../../notify.js';
import { AdminModal } from '../ui/AdminModal.js';
import { downloadCsv, toCsv, type CsvValue } from '../ui/csv.js';
import { DataTable, type Pagination, type usePaging } from '../ui/DataTable.js';
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
      <DataTable
        label={label}
        columns={columns}
        rows={list.data?.data}
        pagination={list.data?.pagination}
        paging={paging}
        loading={list.isFetching}
        error={list.isError ? errorMessage(list.error) : null}
        rowKey={(row) => row.id}
      />
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
