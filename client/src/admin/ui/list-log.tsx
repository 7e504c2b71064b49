import { Group, Select, Stack } from '@mantine/core';
import { keepPreviousData } from '@tanstack/react-query';
import type { ColumnDef } from '@tanstack/react-table';
import type { ReactNode } from 'react';
import { DataTable, pagedRows, usePaging, type Pagination } from './DataTable.js';
import type { Statuses } from './list-cells.js';
import { useFilters } from './list-filters.js';

/**
 * A log of what the site sent (the Outbox's mails, webhook deliveries): newest first, ten to a page, narrowed to a
 * status. Its page query takes `log.args` and `LIVE_LOG`.
 */
export function useLog<Status extends string>() {
  const paging = usePaging(10);
  const filters = useFilters({ status: null as Status | null }, paging.reset);
  return { paging, filters, args: { status: filters.values.status, paginate: paging.paging } };
}

/**
 * The page shown stays while the next loads; it is asked for again every 5 s, so a new line, a queued mail sent or a
 * delivery tried shows within seconds (a cheap query, and only while the screen is open).
 */
export const LIVE_LOG = { placeholderData: keepPreviousData, refetchInterval: 5_000 } as const;

/** A log's status filter (beside its heading, if any) over its table. */
export function LogTable<Row extends { id: number }, Status extends string>({
  log,
  statuses,
  heading,
  label,
  empty,
  noun,
  columns,
  list,
}: {
  log: ReturnType<typeof useLog<Status>>;
  statuses: Statuses<Status>;
  heading?: ReactNode;
  label: string;
  /** What the table says while the log is empty (narrowed to a status: "No <noun> has this status."). */
  empty: string;
  /** What a line is: "mail", "delivery". */
  noun: string;
  columns: ColumnDef<Row>[];
  list: { data?: { data: Row[]; pagination: Pagination }; isFetching: boolean; error: unknown };
}) {
  return (
    <Stack gap="sm">
      <Group justify="space-between" align="flex-end">
        {heading}
        <Select
          label="Status"
          placeholder="Any status"
          w={220}
          {...log.filters.choiceOf('status', statuses.values, statuses.labels)}
        />
      </Group>
      <DataTable
        label={label}
        columns={columns}
        empty={log.filters.setCount > 0 ? `No ${noun} has this status.` : empty}
        {...pagedRows(list)}
        paging={log.paging}
        rowKey={(row) => row.id}
      />
    </Stack>
  );
}
