import { Anchor, Badge, Stack, Text } from '@mantine/core';
import type { ColumnDef } from '@tanstack/react-table';
import type { ReactNode } from 'react';
import { countOf } from '../../../../shared/words.js';

/**
 * The parts of the staff area's logs and inboxes (enquiries, form entries, the Outbox, webhook deliveries, privacy
 * requests): columns declared as a header and what a row shows under it, the cell that opens a row, status dots,
 * and times.
 */

/**
 * A table's columns in order, each its header and what a row shows under it. Built once (module level or in a
 * `useMemo`): a cell is a component, and new ones would remount the row's buttons, losing their focus.
 */
export function columnsOf<Row>(columns: Record<string, (row: Row) => ReactNode>): ColumnDef<Row>[] {
  return Object.entries(columns).map(([header, cell]) => ({
    id: header,
    header,
    cell: ({ row }) => cell(row.original),
  }));
}

/** A badge in a narrow table cell keeps its whole word: its label may not shrink to an ellipsis. */
export const WHOLE_WORD = { label: { overflow: 'visible' } } as const;

/** The statuses of a log: their order (the filter's), their words and the colour of their dot. */
export interface Statuses<Status extends string> {
  values: readonly Status[];
  labels: Record<Status, string>;
  colors: Record<Status, string>;
}

/** A status as a dot badge: the dot carries the colour; the text stays the page's, for contrast on any row. */
export function StatusDot<Status extends string>({ statuses, status }: { statuses: Statuses<Status>; status: Status }) {
  return (
    <Badge color={statuses.colors[status]} variant="dot" styles={WHOLE_WORD}>
      {statuses.labels[status]}
    </Badge>
  );
}

/** A row's name as a button opening its detail view, and a dimmed line under it (an address, a mail's start). */
export function OpenCell({
  onOpen,
  children,
  detail,
  strong = false,
}: {
  onOpen: () => void;
  children: ReactNode;
  detail: ReactNode;
  strong?: boolean;
}) {
  return (
    <Stack gap={2} maw={420}>
      <Anchor component="button" type="button" fw={strong ? 600 : undefined} ta="left" onClick={onOpen}>
        {children}
      </Anchor>
      <Text size="xs" c="dimmed" lineClamp={2}>
        {detail}
      </Text>
    </Stack>
  );
}

const whenFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** A moment in the staff member's own time zone. */
export const formatWhen = (iso: string) => whenFormat.format(new Date(iso));

const exactFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'medium' });

/** Times as formatWhen writes them, with the seconds where two would otherwise read the same (versions of a minute). */
export function formatWhens(times: readonly string[]): string[] {
  const minutes = times.map(formatWhen);
  return times.map((iso, index) =>
    minutes.indexOf(minutes[index]!) === minutes.lastIndexOf(minutes[index]!)
      ? minutes[index]!
      : exactFormat.format(new Date(iso)),
  );
}

/** A period of whole months in words: "3 years", "18 months". */
export function formatMonths(months: number): string {
  return months % 12 === 0 ? countOf(months / 12, 'year') : countOf(months, 'month');
}

/** Text a visitor wrote keeps its line breaks, and a long word (an address, a link) wraps. */
export const WRITTEN = { whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' } as const;
