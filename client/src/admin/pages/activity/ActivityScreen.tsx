import { Badge, Group, Select, Stack, Table, Text, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTrpc, type ApiOutputs } from '../../../trpc.js';
import { AdminModal } from '../../ui/AdminModal.js';
import { CountrySelect, useCountryChoice } from '../../ui/CountrySelect.js';
import { cursorRows, DataTable } from '../../ui/DataTable.js';
import { columnsOf, formatWhen, OpenCell, WRITTEN } from '../../ui/list-cells.js';
import { FilterPanel, useFilters } from '../../ui/list-filters.js';
import { LoadMore } from '../../ui/LoadMore.js';
import { useCursorList } from '../../ui/use-cursor-list.js';
import { changedFieldWords, entryWords, fieldWords, valueWords } from './activity-words.js';

type Entry = ApiOutputs['activity']['list']['edges'][number]['node'];

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
  const columns = useMemo(
    () =>
      columnsOf<Entry>({
        When: (entry) => formatWhen(entry.at),
        Who: (entry) => entry.staff_name ?? 'The site',
        What: (entry) => (
          <OpenCell onOpen={() => setReading(entry)} detail={changedFieldWords(entry.changes)}>
            {entryWords(entry)}
          </OpenCell>
        ),
        Countries: (entry) => (
          <Group gap={4}>
            {entry.countries.map((c) => (
              <Badge key={c.id} variant="light" size="sm">
                {c.name}
              </Badge>
            ))}
          </Group>
        ),
      }),
    [],
  );

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
        empty="No changes match these filters"
      />
      <LoadMore list={list} />
      {reading ? <EntryModal entry={reading} onClose={() => setReading(null)} /> : null}
    </Stack>
  );
}

/** One change: who, when, where, and each field before and after. */
function EntryModal({ entry, onClose }: { entry: Entry; onClose: () => void }) {
  const fields = Object.entries(entry.changes);
  return (
    <AdminModal opened onClose={onClose} title={`A change by ${entry.staff_name ?? 'the site'}`}>
      <Stack gap="sm">
        <Text size="sm">
          <strong>{entry.staff_name ?? 'The site'}</strong> {entryWords(entry)} on {formatWhen(entry.at)}
          {entry.countries.length > 0 && !entry.action.endsWith('linked')
            ? ` (${entry.countries.map((c) => c.name).join(', ')})`
            : ''}
          .
        </Text>
        <Table.ScrollContainer minWidth={320}>
          <Table withTableBorder verticalSpacing="xs">
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">Field</Table.Th>
                <Table.Th scope="col">Before</Table.Th>
                <Table.Th scope="col">After</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {fields.map(([field, change]) => (
                <Table.Tr key={field}>
                  <Table.Th scope="row">{fieldWords(field)}</Table.Th>
                  <Table.Td style={WRITTEN}>{'from' in change ? valueWords(change.from) : '—'}</Table.Td>
                  <Table.Td style={WRITTEN}>{'to' in change ? valueWords(change.to) : '—'}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Stack>
    </AdminModal>
  );
}
