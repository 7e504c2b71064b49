import { Select, Stack, Text, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTrpc } from '../../../trpc.js';
import { CountrySelect, useCountryChoice } from '../../ui/CountrySelect.js';
import { cursorRows, DataTable } from '../../ui/DataTable.js';
import { formatMonths } from '../../ui/list-cells.js';
import { FilterPanel, useFilters } from '../../ui/list-filters.js';
import { LoadMore } from '../../ui/LoadMore.js';
import { useCursorList } from '../../ui/use-cursor-list.js';
import { EntryModal, useActivityColumns, type Entry } from './activity-entry.js';

/** Entries one "Load more" adds. */
const PAGE = 25;

/**
 * Activity (issue 20): who changed what, when and where, newest first, from the audit log. An ADMIN sees every
 * change; an EDITOR the changes in their countries. Each entry opens the fields it changed, before and after.
 */
export function ActivityScreen() {
  const trpc = useTrpc();
  const country = useCountryChoice({ startWithAll: true });
  const filters = useFilters({ staff: null as string | null, kind: null as string | null, from: '', to: '' }, () => {});
  const [reading, setReading] = useState<Entry | null>(null);
  const kinds = useQuery(trpc.activity.kinds.queryOptions());
  const staff = useQuery(trpc.activity.staff.queryOptions());
  const retention = useQuery(trpc.activity.retention.queryOptions());
  const { values } = filters;
  const list = useCursorList({
    page: (after) =>
      trpc.activity.list.queryOptions({
        first: PAGE,
        after,
        country_id: country.countryId,
        staff_id: values.staff ? Number(values.staff) : null,
        kind: values.kind,
        from: values.from || null,
        to: values.to || null,
      }),
  });
  const columns = useActivityColumns(setReading);

  return (
    <Stack gap="md">
      <FilterPanel cols={{ base: 1, xs: 2, md: 5 }} setCount={filters.setCount + (country.countryId === null ? 0 : 1)}>
        <CountrySelect choice={country} clearable placeholder="All countries" width="100%" />
        <Select
          label="Staff member"
          placeholder="Anyone"
          data={(staff.data ?? []).map((member) => ({ value: String(member.id), label: member.name }))}
          {...filters.choice('staff')}
        />
        <Select label="Kind" placeholder="Any kind" data={kinds.data ?? []} searchable {...filters.choice('kind')} />
        <TextInput label="From" type="date" {...filters.text('from')} />
        <TextInput label="To" type="date" {...filters.text('to')} />
      </FilterPanel>
      <DataTable
        label="Changes, newest first"
        columns={columns}
        {...cursorRows(list)}
        rowKey={(entry) => entry.id}
        empty={
          filters.setCount > 0 || country.countryId !== null
            ? 'No changes match these filters'
            : 'No changes yet. What staff add, change and delete appears here.'
        }
      />
      <LoadMore list={list} />
      {retention.data ? (
        <Text size="sm" c="dimmed">
          Changes are kept for {formatMonths(retention.data.months)}; an item’s latest version stays as long as the
          item. The content the site started with is in each item’s history, not listed here.
        </Text>
      ) : null}
      {reading ? <EntryModal entry={reading} onClose={() => setReading(null)} /> : null}
    </Stack>
  );
}
