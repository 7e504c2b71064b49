import { ActionIcon, Alert, Box, Group, Loader, NumberInput, Select, Table, Text } from '@mantine/core';
import {
  IconChevronLeft,
  IconChevronRight,
  IconChevronsLeft,
  IconChevronsRight,
  IconAlertTriangle,
} from '@tabler/icons-react';
import { flexRender, getCoreRowModel, useReactTable, type ColumnDef } from '@tanstack/react-table';
import { useState } from 'react';
import classes from './data-table.module.css';
import { errorMessage } from './errors.js';
import type { CursorList } from './use-cursor-list.js';

/** The page-based list shape of the API (spec §3: perPage, page, pageCount). */
export interface Pagination {
  page: number;
  perPage: number;
  pageCount: number;
  total: number;
}

export interface Paging {
  page: number;
  perPage: number;
}

/** Spec §9: admin tables start with 5 rows per page. */
export const DEFAULT_PAGE_SIZE = 5;

/**
 * The page sizes offered (spec §9: "when pageSize is 10 the size options are multiples of 10"): five multiples of
 * the table's default size.
 */
export function pageSizeOptions(defaultPageSize: number): number[] {
  return [1, 2, 3, 4, 5].map((factor) => factor * defaultPageSize);
}

/** Page and page size of one table, starting at page 1 with the default size. */
export function usePaging(defaultPageSize = DEFAULT_PAGE_SIZE) {
  const [paging, setPaging] = useState<Paging>({ page: 1, perPage: defaultPageSize });
  return {
    paging,
    defaultPageSize,
    setPage: (page: number) => setPaging((current) => ({ ...current, page })),
    setPerPage: (perPage: number) => setPaging({ page: 1, perPage }),
    reset: () => setPaging((current) => ({ ...current, page: 1 })),
  };
}

/** A query's loading and error, as a DataTable shows them. */
export function loadStateOf(query: { isFetching: boolean; error: unknown }) {
  return { loading: query.isFetching, error: query.error };
}

/** A list the API answers whole as a DataTable's rows, loading and error. */
export function listRows<Row>(query: { data?: Row[]; isFetching: boolean; error: unknown }) {
  return { rows: query.data, ...loadStateOf(query) };
}

/** A paged API answer (`{ data, pagination }`, spec §3) as a DataTable's rows, pagination, loading and error. */
export function pagedRows<Row>(query: {
  data?: { data: Row[]; pagination: Pagination };
  isFetching: boolean;
  error: unknown;
}) {
  return { rows: query.data?.data, pagination: query.data?.pagination, ...loadStateOf(query) };
}

/** A list loaded a cursor page at a time (its "Load more" sits under the table) as a DataTable's rows, loading and error. */
export function cursorRows<Row>(list: CursorList<Row>) {
  return { rows: list.items, loading: list.loading, error: list.error };
}

/** A column's name as a phone shows it beside each of its cells ('' for a column without one, such as actions). */
function cellLabelOf(header: unknown): string {
  return typeof header === 'string' ? header : '';
}

export interface DataTableProps<Row> {
  /** Names the table for screen readers (its caption). */
  label: string;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- column value types differ per column
  columns: ColumnDef<Row, any>[];
  rows: Row[] | undefined;
  /** Without paging, every row shows and there is no pager (a short list: one row per country). */
  pagination?: Pagination | undefined;
  paging?: ReturnType<typeof usePaging>;
  loading: boolean;
  /** Why loading failed (its message shows instead of the rows); null or undefined while it has not. */
  error: unknown;
  rowKey: (row: Row) => string | number;
  /** What an empty list says (default: the spec's "No Data"). */
  empty?: string;
}

/**
 * The one table of the staff area (spec §2 "Generic data table"): server-side paging with first, previous, next
 * and last buttons, "Page X of Y", a go-to-page input and a page-size select; "No Data" when empty.
 */
export function DataTable<Row>({
  label,
  columns,
  rows,
  pagination,
  paging,
  loading,
  error,
  rowKey,
  empty = 'No Data',
}: DataTableProps<Row>) {
  // The React Compiler (which this rule protects) is not used; the table instance is read afresh on every render.
  // eslint-disable-next-line react-hooks/incompatible-library
  const table = useReactTable({
    data: rows ?? [],
    columns,
    getCoreRowModel: getCoreRowModel(),
    manualPagination: true,
    pageCount: pagination?.pageCount ?? -1,
    getRowId: (row) => String(rowKey(row)),
  });

  return (
    <div>
      <Table.ScrollContainer
        minWidth={480}
        className={classes.table}
        classNames={{ scrollContainerInner: classes.inner }}
      >
        <Table striped highlightOnHover withTableBorder aria-busy={loading}>
          <Table.Caption style={{ captionSide: 'top', textAlign: 'left' }}>{label}</Table.Caption>
          <Table.Thead>
            {table.getHeaderGroups().map((group) => (
              <Table.Tr key={group.id}>
                {group.headers.map((header) => (
                  <Table.Th key={header.id} scope="col">
                    {header.isPlaceholder ? null : flexRender(header.column.columnDef.header, header.getContext())}
                  </Table.Th>
                ))}
              </Table.Tr>
            ))}
          </Table.Thead>
          <Table.Tbody>
            {error ? (
              <Table.Tr>
                <Table.Td colSpan={columns.length}>
                  <Alert color="red" icon={<IconAlertTriangle size={18} aria-hidden />} title="Could not load the list">
                    {errorMessage(error)}
                  </Alert>
                </Table.Td>
              </Table.Tr>
            ) : loading && !rows ? (
              <Table.Tr>
                <Table.Td colSpan={columns.length}>
                  <Group justify="center" py="md">
                    <Loader size="sm" role="status" aria-label="Loading" />
                  </Group>
                </Table.Td>
              </Table.Tr>
            ) : table.getRowModel().rows.length === 0 ? (
              <Table.Tr>
                <Table.Td colSpan={columns.length} py="lg">
                  {/* Held in the visible part of a table scrolled sideways on a phone, centred there. */}
                  <Box pos="sticky" left={0} maw="calc(100vw - 3rem)" ta="center">
                    {empty}
                  </Box>
                </Table.Td>
              </Table.Tr>
            ) : (
              table.getRowModel().rows.map((row) => (
                <Table.Tr key={row.id}>
                  {row.getVisibleCells().map((cell) => (
                    // On a phone each cell shows its column's name beside it (data-table.module.css).
                    <Table.Td key={cell.id} data-label={cellLabelOf(cell.column.columnDef.header)}>
                      {flexRender(cell.column.columnDef.cell, cell.getContext())}
                    </Table.Td>
                  ))}
                </Table.Tr>
              ))
            )}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {paging ? <Pager paging={paging} pageCount={Math.max(pagination?.pageCount ?? 1, 1)} /> : null}
    </div>
  );
}

/** First, previous, "Page X of Y", next, last, go to page and the page size (spec §2). */
function Pager({ paging, pageCount }: { paging: ReturnType<typeof usePaging>; pageCount: number }) {
  const { page, perPage } = paging.paging;
  const go = (target: number) => paging.setPage(Math.min(Math.max(target, 1), pageCount));
  return (
    <Group justify="space-between" mt="sm" gap="sm" wrap="wrap">
      <Group gap={4} wrap="nowrap">
        <ActionIcon variant="default" aria-label="First page" disabled={page <= 1} onClick={() => go(1)}>
          <IconChevronsLeft size={16} aria-hidden />
        </ActionIcon>
        <ActionIcon variant="default" aria-label="Previous page" disabled={page <= 1} onClick={() => go(page - 1)}>
          <IconChevronLeft size={16} aria-hidden />
        </ActionIcon>
        <Text size="sm" px="xs" aria-live="polite" data-testid="page-of">
          Page {page} of {pageCount}
        </Text>
        <ActionIcon variant="default" aria-label="Next page" disabled={page >= pageCount} onClick={() => go(page + 1)}>
          <IconChevronRight size={16} aria-hidden />
        </ActionIcon>
        <ActionIcon variant="default" aria-label="Last page" disabled={page >= pageCount} onClick={() => go(pageCount)}>
          <IconChevronsRight size={16} aria-hidden />
        </ActionIcon>
      </Group>
      <Group gap="sm" wrap="nowrap">
        <NumberInput
          label="Go to page"
          size="xs"
          w={90}
          min={1}
          max={pageCount}
          value={page}
          allowDecimal={false}
          allowNegative={false}
          onChange={(value) => {
            if (typeof value === 'number' && value >= 1) go(value);
          }}
        />
        <Select
          label="Rows per page"
          size="xs"
          w={110}
          allowDeselect={false}
          data={pageSizeOptions(paging.defaultPageSize).map((size) => ({ value: String(size), label: String(size) }))}
          value={String(perPage)}
          onChange={(value) => value && paging.setPerPage(Number(value))}
        />
      </Group>
    </Group>
  );
}
