import { ActionIcon, Badge, Button, Card, Group, SimpleGrid, Stack, Text, VisuallyHidden } from '@mantine/core';
import { IconLibraryPlus } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { notifyError, notifySuccess } from '../../../notify.js';
import { useRefetch } from '../../../trpc.js';
import { errorMessage } from '../../ui/errors.js';
import { RowActions } from '../../ui/RowActions.js';
import { Toolbar } from '../../ui/Toolbar.js';
import { SharedDeleteDialog } from '../../ui/SharedDelete.js';
import { useCursorList } from '../../ui/use-cursor-list.js';
import { AddFromLibraryModal } from './AddFromLibraryModal.js';
import type { MediaItem, MediaKind, MediaListArgs } from './media-kinds.js';
import { LoadMore } from '../../ui/LoadMore.js';
import { ListState } from './media-parts.js';

type Country = { id: number; name: string };
type Dialog<Item> = { kind: 'new' | 'add' } | { kind: 'edit' | 'delete'; item: Item };

/** "Added 3 May 2026": when a picture or video came into the library. */
const addedFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });

/**
 * A kind's pictures or videos as cards (preview, name, category, when it was added, details, actions), a page at a
 * time ("Load more" appends the next page): the library's (those `args` choose) or, with `gallery`, a country's
 * gallery. New ones come in (NewItems; in a gallery, into it too). The library edits an item; a gallery
 * adds some from the library or removes one from itself. Delete follows the shared-item rules (spec §4), in a
 * gallery with "Remove from <country>".
 */
export function MediaScreen<Item extends MediaItem<Category>, Category extends string>({
  kind,
  gallery,
  args,
  label,
  empty,
  tools,
  children,
}: {
  kind: MediaKind<Item, Category>;
  /** The country whose gallery this is: null until one is chosen (nothing listed yet); none in the library. */
  gallery?: Country | null;
  args: Omit<MediaListArgs<Category>, 'after'>;
  /** Names the list for screen readers, e.g. "Pictures in the library". */
  label: string;
  /** The sentence shown when there is nothing to list. */
  empty: string;
  /** The toolbar's own fields: filters, or the country. */
  tools: ReactNode;
  /** Shown above the list (e.g. a notice about the country). */
  children?: ReactNode;
}) {
  const refetchAll = useRefetch();
  const api = kind.useApi();
  const [dialog, setDialog] = useState<Dialog<Item> | null>(null);
  const close = () => setDialog(null);
  const refetch = () => refetchAll('media');
  const closeAndRefetch = async () => {
    close();
    await refetch();
  };
  const list = useCursorList({ enabled: gallery !== null, page: (after) => api.page({ ...args, after }) });
  const removeFromGallery = useMutation({
    mutationFn: ({ id, countryId }: { id: number; countryId: number }) => api.removeFromGallery(id, countryId),
    onSuccess: async () => {
      notifySuccess('Successfully Removed!');
      await refetch();
    },
    onError: (error) => notifyError(errorMessage(error)),
  });
  const { NewItems, Edit } = kind;

  return (
    <Stack gap="md">
      <Toolbar
        end={
          <Group gap="sm">
            <Button
              variant={gallery === undefined ? 'filled' : 'default'}
              leftSection={kind.newItemsIcon}
              disabled={gallery === null}
              onClick={() => setDialog({ kind: 'new' })}
            >
              {kind.newItemsLabel}
            </Button>
            {gallery !== undefined ? (
              <Button
                leftSection={<IconLibraryPlus size={16} aria-hidden />}
                disabled={!gallery}
                onClick={() => setDialog({ kind: 'add' })}
              >
                Add from library
              </Button>
            ) : null}
          </Group>
        }
      >
        <Group align="flex-end">{tools}</Group>
      </Toolbar>
      {children}
      {gallery !== null ? (
        <Stack gap="md" aria-busy={list.fetching}>
          {list.error || !list.items?.length ? (
            <ListState list={list} noun={kind.many} empty={empty} />
          ) : (
            <SimpleGrid cols={{ base: 1, xs: 2, md: 3, xl: 4 }} spacing="md" role="list" aria-label={label}>
              {list.items.map((item) => (
                <Card key={item.id} role="listitem" withBorder padding="sm" h="100%">
                  <Card.Section>{kind.preview(item)}</Card.Section>
                  <Stack gap={6} mt="sm" style={{ flex: 1 }}>
                    <Text fw={600} style={{ overflowWrap: 'anywhere' }} lineClamp={2} title={kind.nameOf(item)}>
                      {kind.nameOf(item)}
                    </Text>
                    <Group gap="xs">
                      <Badge variant="light" color="gray">
                        {kind.categoryLabels[item.category]}
                      </Badge>
                      <Text size="xs">Added {addedFormat.format(new Date(item.created_at))}</Text>
                    </Group>
                    {kind.details?.(item)}
                  </Stack>
                  <Group justify="flex-end" gap={4} mt="xs" wrap="nowrap">
                    {gallery ? (
                      <ActionIcon
                        variant="subtle"
                        aria-label={`Remove ${kind.nameOf(item)} from ${gallery.name}`}
                        loading={removeFromGallery.isPending && removeFromGallery.variables.id === item.id}
                        onClick={() => removeFromGallery.mutate({ id: item.id, countryId: gallery.id })}
                      >
                        {kind.removeIcon}
                      </ActionIcon>
                    ) : null}
                    <RowActions
                      name={kind.nameOf(item)}
                      onEdit={Edit && !gallery ? () => setDialog({ kind: 'edit', item }) : undefined}
                      onDelete={() => setDialog({ kind: 'delete', item })}
                    />
                  </Group>
                </Card>
              ))}
            </SimpleGrid>
          )}
          {list.items ? (
            <VisuallyHidden aria-live="polite">{`${list.items.length} ${kind.many} shown`}</VisuallyHidden>
          ) : null}
          <LoadMore list={list} />
        </Stack>
      ) : null}
      {dialog?.kind === 'new' ? (
        <NewItems
          category={gallery ? kind.galleryCategory : undefined}
          title={gallery ? `${kind.newItemsLabel} to ${gallery.name}` : undefined}
          onClose={close}
          onAdded={async (ids) => {
            try {
              if (gallery) await api.addToGallery(ids, gallery.id);
              close();
            } finally {
              await refetch();
            }
          }}
        />
      ) : null}
      {dialog?.kind === 'add' && gallery ? (
        <AddFromLibraryModal kind={kind} country={gallery} onClose={close} onAdded={closeAndRefetch} />
      ) : null}
      {dialog?.kind === 'edit' && Edit ? <Edit item={dialog.item} onClose={close} onSaved={closeAndRefetch} /> : null}
      {dialog?.kind === 'delete' ? (
        <SharedDeleteDialog
          key={dialog.item.id}
          what={`the ${kind.one} "${kind.nameOf(dialog.item)}"`}
          scope={gallery && { name: gallery.name, unlink: () => api.removeFromGallery(dialog.item.id, gallery.id) }}
          remove={(confirm) => api.remove(dialog.item.id, confirm)}
          onClose={close}
          onDone={refetch}
        />
      ) : null}
    </Stack>
  );
}
