import { Badge, Group, Stack, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useTrpc, type ApiOutputs } from '../../../trpc.js';
import { AdminModal } from '../../ui/AdminModal.js';
import { columnsOf, formatWhen, OpenCell, WRITTEN } from '../../ui/list-cells.js';
import { changedFieldWords, entryWords, fieldWords, valueWords } from './activity-words.js';

/** One audit-log entry as the Activity list has it. */
export type Entry = ApiOutputs['activity']['list']['edges'][number]['node'];

/** An item added to or taken off countries (or pages): its sentence says it all; its fields are only ids. */
const isLink = (entry: Entry) => entry.action.endsWith('linked');

/** The Activity list's columns; an entry's words open it. */
export function useActivityColumns(onOpen: (entry: Entry) => void) {
  return useMemo(
    () =>
      columnsOf<Entry>({
        When: (entry) => formatWhen(entry.at),
        Who: (entry) => entry.staff_name ?? 'The site',
        What: (entry) => (
          <OpenCell onOpen={() => onOpen(entry)} detail={isLink(entry) ? null : changedFieldWords(entry.changes)}>
            {entryWords(entry)}
          </OpenCell>
        ),
        Countries: (entry) =>
          entry.countries.length > 0 ? (
            <Group gap={4}>
              {entry.countries.map((c) => (
                <Badge key={c.id} variant="light" size="sm">
                  {c.name}
                </Badge>
              ))}
            </Group>
          ) : null,
      }),
    // `onOpen` is a state setter.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [],
  );
}

/** One change: who, when, where, and each field before and after. */
export function EntryModal({ entry, onClose }: { entry: Entry; onClose: () => void }) {
  const fields = Object.entries(entry.changes);
  const trpc = useTrpc();
  const countries = useQuery(trpc.country.getAll.queryOptions({}));
  // A country's id reads as its name (of the countries the staff member may see).
  const words = (field: string, value: unknown) =>
    (field === 'country_id' && countries.data?.find((country) => country.id === value)?.name) || valueWords(value);
  return (
    <AdminModal opened onClose={onClose} title={`A change by ${entry.staff_name ?? 'the site'}`}>
      <Stack gap="sm">
        <Text size="sm">
          <strong>{entry.staff_name ?? 'The site'}</strong> {entryWords(entry)} on {formatWhen(entry.at)}
          {entry.countries.length > 0 && !isLink(entry) ? ` (${entry.countries.map((c) => c.name).join(', ')})` : ''}.
        </Text>
        {isLink(entry) ? null : (
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
                    <Table.Td style={WRITTEN}>{'from' in change ? words(field, change.from) : '—'}</Table.Td>
                    <Table.Td style={WRITTEN}>{'to' in change ? words(field, change.to) : '—'}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Stack>
    </AdminModal>
  );
}
