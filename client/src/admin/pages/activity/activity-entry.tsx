import { Badge, Group, Stack, Table, Text } from '@mantine/core';
import { useMemo } from 'react';
import type { ApiOutputs } from '../../../trpc.js';
import { AdminModal } from '../../ui/AdminModal.js';
import { columnsOf, formatWhen, OpenCell, WRITTEN } from '../../ui/list-cells.js';
import { Thumbnail } from '../../ui/thumbnails.js';
import { changedFieldWords, entryWords, fieldWords, toldFields, valueWords } from './activity-words.js';

/** One audit-log entry as the Activity list has it. */
export type Entry = ApiOutputs['activity']['list']['edges'][number]['node'];

/** An item added to or taken off countries (or pages): its sentence says it all; its fields are only ids. */
const isLink = (entry: Entry) => entry.action.endsWith('linked');

/** The Activity list's columns; an entry's words open it. */
export function useActivityColumns(onOpen: (entry: Entry) => void) {
  return useMemo(
    () =>
      columnsOf<Entry>({
        // On one line: the words of a change take what room is left.
        When: (entry) => <span style={{ whiteSpace: 'nowrap' }}>{formatWhen(entry.at)}</span>,
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

/** A recorded moment (an ISO timestamp), as opposed to a day or other text. */
const MOMENT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;

/**
 * A field's value before or after: a moment reads in the staff member's time; another row's id as that row (a
 * picture shows itself), or says the row is gone; anything else as text.
 */
function ValueWords({ entry, field, value }: { entry: Entry; field: string; value: unknown }) {
  const row = entry.references[field]?.find((reference) => reference.id === value);
  if (typeof value === 'string' && MOMENT.test(value)) return formatWhen(value);
  if (!row) return /_(id|by)$/.test(field) && typeof value === 'number' ? '(deleted since)' : valueWords(value);
  if (!row.url) return row.name;
  return (
    <Group gap="xs" wrap="nowrap">
      <Thumbnail url={row.url} w={40} />
      <span>{row.name}</span>
    </Group>
  );
}

/**
 * One change: who, when, where, and its fields: before and after for a change, the values an item was added with or
 * had when it was deleted.
 */
export function EntryModal({ entry, onClose }: { entry: Entry; onClose: () => void }) {
  const changed = entry.action === 'changed';
  const columns = changed ? ['Before', 'After'] : ['Value'];
  const valuesOf = (change: Entry['changes'][string]) =>
    changed ? [change.from, change.to] : ['to' in change ? change.to : change.from];
  return (
    <AdminModal opened onClose={onClose} title={`A change by ${entry.staff_name ?? 'the site'}`}>
      <Stack gap="sm">
        <Text size="sm">
          <strong>{entry.staff_name ?? 'The site'}</strong> {entryWords(entry)} on {formatWhen(entry.at)}
          {entry.countries.length > 0 && !isLink(entry) ? ` (${entry.countries.map((c) => c.name).join(', ')})` : ''}.
        </Text>
        {isLink(entry) ? null : (
          <Table.ScrollContainer minWidth={changed ? 320 : 240}>
            <Table withTableBorder verticalSpacing="xs">
              <Table.Thead>
                <Table.Tr>
                  {['Field', ...columns].map((column) => (
                    <Table.Th key={column} scope="col">
                      {column}
                    </Table.Th>
                  ))}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {toldFields(entry.changes).map(([field, change]) => (
                  <Table.Tr key={field}>
                    <Table.Th scope="row">{fieldWords(field)}</Table.Th>
                    {valuesOf(change).map((value, index) => (
                      <Table.Td key={index} style={WRITTEN}>
                        <ValueWords entry={entry} field={field} value={value} />
                      </Table.Td>
                    ))}
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
