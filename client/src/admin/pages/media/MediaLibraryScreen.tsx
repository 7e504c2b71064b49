import { ActionIcon, Button, Group, Select, Stack, TextInput } from '@mantine/core';
import { IconPencil } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTrpc } from '../../../trpc.js';
import { SharedDeleteDialog } from '../../ui/SharedDelete.js';
import { useCursorList } from '../../ui/use-cursor-list.js';
import { MediaGrid } from './MediaGrid.js';
import { MediaKindCard, type MediaKind } from './media-kinds.js';
import { useNameSearch } from './media-lists.js';

type Dialog<Item> = { kind: 'new' } | { kind: 'edit'; item: Item } | { kind: 'delete'; item: Item };

/**
 * Resources → Gallery Picture / Gallery Video: every picture or video of the library (spec §3 "Image", "Video"), by
 * category and name, a page at a time; bring new ones in (upload pictures, add a video by its link), edit a video,
 * and delete with the shared-item rules (never one an item uses, spec §4).
 */
export function MediaLibraryScreen<Item extends { id: number; created_at: string }, Category extends string>({
  kind,
}: {
  kind: MediaKind<Item, Category>;
}) {
  const trpc = useTrpc();
  const queryClient = useQueryClient();
  const api = kind.useApi();
  const [category, setCategory] = useState<Category | null>(null);
  const { search, setSearch, filter } = useNameSearch();
  const [dialog, setDialog] = useState<Dialog<Item> | null>(null);
  const close = () => setDialog(null);
  const refetch = () => queryClient.invalidateQueries({ queryKey: trpc.media.pathKey() });
  const list = useCursorList({ page: (after) => api.page({ category, filter, after }) });
  const { NewItems, Edit } = kind;

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end">
        <Group align="flex-end">
          <Select
            label="Category"
            placeholder="All categories"
            clearable
            w={200}
            data={kind.categoryOptions}
            value={category}
            onChange={setCategory}
          />
          <TextInput label="Search by name" value={search} onChange={(event) => setSearch(event.currentTarget.value)} />
        </Group>
        <Button leftSection={kind.newItemsIcon} onClick={() => setDialog({ kind: 'new' })}>
          {kind.newItemsLabel}
        </Button>
      </Group>
      <MediaGrid
        label={category ? kind.libraryLabel(category) : `${kind.Many} in the library`}
        noun={kind.many}
        list={list}
        empty={filter || category ? `No ${kind.one} matches.` : kind.emptyLibrary}
      >
        {(item) => (
          <MediaKindCard
            kind={kind}
            item={item}
            action={
              Edit ? (
                <ActionIcon
                  variant="subtle"
                  aria-label={`Edit ${kind.nameOf(item)}`}
                  onClick={() => setDialog({ kind: 'edit', item })}
                >
                  <IconPencil size={18} aria-hidden />
                </ActionIcon>
              ) : null
            }
            onDelete={() => setDialog({ kind: 'delete', item })}
          />
        )}
      </MediaGrid>
      {dialog?.kind === 'new' ? (
        <NewItems
          onClose={close}
          onAdded={async () => {
            close();
            await refetch();
          }}
        />
      ) : null}
      {dialog?.kind === 'edit' && Edit ? (
        <Edit
          item={dialog.item}
          onClose={close}
          onSaved={async () => {
            close();
            await refetch();
          }}
        />
      ) : null}
      {dialog?.kind === 'delete' ? (
        <SharedDeleteDialog
          key={dialog.item.id}
          what={`the ${kind.one} "${kind.nameOf(dialog.item)}"`}
          remove={(confirm) => api.remove(dialog.item.id, confirm)}
          onClose={close}
          onDone={refetch}
        />
      ) : null}
    </Stack>
  );
}
