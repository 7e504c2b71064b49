import { Button, Center, Checkbox, Group, Loader, ScrollArea, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import { notifyError, notifySuccess } from '../../../notify.js';
import { AdminModal } from '../../ui/AdminModal.js';
import { errorMessage } from '../../ui/errors.js';
import type { CursorList } from '../../ui/use-cursor-list.js';

/**
 * Chooses several library items a country's gallery does not show yet (the list is the screen's, already without
 * them) and adds them to it: "Successfully Added!", then the screen refetches and closes this.
 */
export function AddFromLibraryModal<Item extends { id: number }>({
  title,
  noun,
  list,
  search,
  onSearch,
  nameOf,
  preview,
  add,
  onClose,
  onAdded,
}: {
  title: string;
  /** What the items are, plural: "pictures", "videos". */
  noun: string;
  list: CursorList<Item>;
  search: string;
  onSearch: (text: string) => void;
  nameOf: (item: Item) => string;
  /** A small preview of one item. */
  preview: (item: Item) => ReactNode;
  /** The add-to-gallery mutation. */
  add: (ids: number[]) => Promise<unknown>;
  onClose: () => void;
  onAdded: () => Promise<void>;
}) {
  const [chosen, setChosen] = useState<string[]>([]);
  const [adding, setAdding] = useState(false);
  const items = list.items ?? [];

  const submit = async () => {
    setAdding(true);
    try {
      await add(chosen.map(Number));
    } catch (error) {
      notifyError(errorMessage(error));
      setAdding(false);
      return;
    }
    notifySuccess('Successfully Added!');
    await onAdded();
  };

  return (
    <AdminModal opened onClose={onClose} title={title}>
      <Stack gap="sm">
        <TextInput label="Search by name" value={search} onChange={(event) => onSearch(event.currentTarget.value)} />
        <Checkbox.Group label={`Library ${noun}`} value={chosen} onChange={setChosen}>
          <ScrollArea.Autosize mah="50vh" type="auto" mt={6}>
            {list.error ? (
              <Text c="red.8">{errorMessage(list.error)}</Text>
            ) : list.loading ? (
              <Center p="md">
                <Loader size="sm" role="status" aria-label={`Loading ${noun}`} />
              </Center>
            ) : items.length === 0 ? (
              <Text size="sm" p="sm">
                {search.trim() ? `No ${noun} match that name.` : `Every gallery ${noun.slice(0, -1)} is already here.`}
              </Text>
            ) : (
              <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="xs">
                {items.map((item) => (
                  <Checkbox.Card key={item.id} value={String(item.id)} p={4} radius="sm" aria-label={nameOf(item)}>
                    <Group gap={4} wrap="nowrap" align="flex-start">
                      <Checkbox.Indicator size="xs" mt={2} />
                      <Text size="xs" style={{ overflowWrap: 'anywhere' }} lineClamp={2}>
                        {nameOf(item)}
                      </Text>
                    </Group>
                    <div style={{ marginTop: 4 }}>{preview(item)}</div>
                  </Checkbox.Card>
                ))}
              </SimpleGrid>
            )}
          </ScrollArea.Autosize>
        </Checkbox.Group>
        {list.hasMore ? (
          <Button variant="subtle" size="xs" onClick={list.loadMore} loading={list.loadingMore}>
            Load more
          </Button>
        ) : null}
        <Group justify="space-between">
          <Text size="sm" aria-live="polite">
            {chosen.length} chosen
          </Text>
          <Group gap="sm">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button onClick={() => void submit()} disabled={chosen.length === 0} loading={adding}>
              Add
            </Button>
          </Group>
        </Group>
      </Stack>
    </AdminModal>
  );
}
