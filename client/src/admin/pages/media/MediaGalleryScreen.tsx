import { ActionIcon, Alert, Button, Group, Stack } from '@mantine/core';
import { IconInfoCircle, IconLibraryPlus } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { GLOBAL_COUNTRY_ID } from '../../../../../shared/enums.js';
import { notifyError, notifySuccess } from '../../../notify.js';
import { useTrpc } from '../../../trpc.js';
import { CountrySelect, useCountryChoice } from '../../ui/CountrySelect.js';
import { errorMessage } from '../../ui/errors.js';
import { SharedDeleteDialog } from '../../ui/SharedDelete.js';
import { useCursorList } from '../../ui/use-cursor-list.js';
import { AddFromLibraryModal } from './AddFromLibraryModal.js';
import { MediaGrid } from './MediaGrid.js';
import { MediaKindCard, type MediaKind } from './media-kinds.js';
import { useNameSearch } from './media-lists.js';

type Country = { id: number; name: string };
type Dialog<Item> = { kind: 'add' } | { kind: 'new' } | { kind: 'delete'; item: Item };

/**
 * Home → Gallery Picture / Gallery Video: the pictures or videos of one country's gallery (its /gallery page), a page
 * at a time, also of a country whose site is switched off; add some from the library or new ones into it, remove one
 * from this gallery, or delete it from the library with the shared-item rules ("Remove from <country>" or "Delete
 * everywhere").
 */
export function MediaGalleryScreen<Item extends { id: number; created_at: string }, Category extends string>({
  kind,
}: {
  kind: MediaKind<Item, Category>;
}) {
  const trpc = useTrpc();
  const queryClient = useQueryClient();
  const api = kind.useApi();
  const choice = useCountryChoice();
  const { country } = choice;
  const [dialog, setDialog] = useState<Dialog<Item> | null>(null);
  const close = () => setDialog(null);
  const refetch = () => queryClient.invalidateQueries({ queryKey: trpc.media.pathKey() });

  const list = useCursorList({
    enabled: country !== undefined,
    page: (after) => api.page({ category: kind.galleryCategory, country_id: country?.id ?? GLOBAL_COUNTRY_ID, after }),
  });
  const removeFromGallery = useMutation({
    mutationFn: ({ id, countryId }: { id: number; countryId: number }) => api.removeFromGallery(id, countryId),
    onSuccess: async () => {
      notifySuccess('Successfully Removed!');
      await refetch();
    },
    onError: (error) => notifyError(errorMessage(error)),
  });
  const { NewItems } = kind;

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end">
        <CountrySelect choice={choice} />
        <Group gap="sm">
          <Button
            variant="default"
            leftSection={kind.newItemsIcon}
            disabled={!country}
            onClick={() => setDialog({ kind: 'new' })}
          >
            {kind.newItemsLabel}
          </Button>
          <Button
            leftSection={<IconLibraryPlus size={16} aria-hidden />}
            disabled={!country}
            onClick={() => setDialog({ kind: 'add' })}
          >
            Add from library
          </Button>
        </Group>
      </Group>
      {country?.is_enabled === 'DISABLE' ? (
        <Alert color="yellow" icon={<IconInfoCircle size={18} aria-hidden />}>
          {country.name}’s site is switched off: visitors see this gallery once it is enabled.
        </Alert>
      ) : null}
      {country ? (
        <MediaGrid
          label={`${kind.Many} in ${country.name}’s gallery`}
          noun={kind.many}
          list={list}
          empty={`No ${kind.many} in ${country.name}’s gallery yet.`}
        >
          {(item) => (
            <MediaKindCard
              kind={kind}
              item={item}
              action={
                <ActionIcon
                  variant="subtle"
                  aria-label={`Remove ${kind.nameOf(item)} from ${country.name}`}
                  loading={removeFromGallery.isPending && removeFromGallery.variables.id === item.id}
                  onClick={() => removeFromGallery.mutate({ id: item.id, countryId: country.id })}
                >
                  {kind.removeIcon}
                </ActionIcon>
              }
              onDelete={() => setDialog({ kind: 'delete', item })}
            />
          )}
        </MediaGrid>
      ) : null}
      {country && dialog?.kind === 'add' ? (
        <AddToGalleryModal
          kind={kind}
          country={country}
          onClose={close}
          onAdded={async () => {
            close();
            await refetch();
          }}
        />
      ) : null}
      {country && dialog?.kind === 'new' ? (
        <NewItems
          category={kind.galleryCategory}
          title={`${kind.newItemsLabel} to ${country.name}`}
          onClose={close}
          onAdded={async (ids) => {
            try {
              await api.addToGallery(ids, country.id);
              close();
            } finally {
              await refetch();
            }
          }}
        />
      ) : null}
      {country && dialog?.kind === 'delete' ? (
        <SharedDeleteDialog
          key={dialog.item.id}
          what={`the ${kind.one} "${kind.nameOf(dialog.item)}"`}
          scope={{ name: country.name, unlink: () => api.removeFromGallery(dialog.item.id, country.id) }}
          remove={(confirm) => api.remove(dialog.item.id, confirm)}
          onClose={close}
          onDone={refetch}
        />
      ) : null}
    </Stack>
  );
}

/** Gallery items of the library that this country's gallery does not have yet, several chosen at once. */
function AddToGalleryModal<Item extends { id: number; created_at: string }, Category extends string>({
  kind,
  country,
  onClose,
  onAdded,
}: {
  kind: MediaKind<Item, Category>;
  country: Country;
  onClose: () => void;
  onAdded: () => Promise<void>;
}) {
  const api = kind.useApi();
  const { search, setSearch, filter } = useNameSearch();
  const list = useCursorList({
    page: (after) => api.page({ category: kind.galleryCategory, not_in_gallery_of: country.id, filter, after }),
  });
  return (
    <AddFromLibraryModal
      title={`Add ${kind.many} to ${country.name}`}
      noun={kind.many}
      list={list}
      search={search}
      onSearch={setSearch}
      nameOf={kind.nameOf}
      preview={(item) => kind.preview(item, 72)}
      add={(ids) => api.addToGallery(ids, country.id)}
      onClose={onClose}
      onAdded={onAdded}
    />
  );
}
