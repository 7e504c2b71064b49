import { Button, Group } from '@mantine/core';
import { IconLibraryPlus } from '@tabler/icons-react';
import { SharedDeleteDialog } from '../../ui/SharedDelete.js';
import { AddFromLibraryModal } from './AddFromLibraryModal.js';
import type { MediaApi, MediaItem, MediaKind } from './media-kinds.js';

/** The dialog open over a media list: new items, some from the library, or one item's edit or delete. */
export type MediaDialog<Item> = { kind: 'new' | 'add' } | { kind: 'edit' | 'delete'; item: Item };

/** The buttons that bring items in: new ones and, in a gallery (once its country is chosen), some from the library. */
export function MediaButtons<Item extends MediaItem<Category>, Category extends string>({
  kind,
  gallery,
  onOpen,
}: {
  kind: MediaKind<Item, Category>;
  gallery: { id: number; name: string } | null | undefined;
  onOpen: (dialog: 'new' | 'add') => void;
}) {
  return (
    <Group gap="sm">
      <Button
        variant={gallery === undefined ? 'filled' : 'default'}
        leftSection={kind.newItemsIcon}
        disabled={gallery === null}
        onClick={() => onOpen('new')}
      >
        {kind.newItemsLabel}
      </Button>
      {gallery !== undefined ? (
        <Button
          leftSection={<IconLibraryPlus size={16} aria-hidden />}
          disabled={!gallery}
          onClick={() => onOpen('add')}
        >
          Add from library
        </Button>
      ) : null}
    </Group>
  );
}

/**
 * The media list's dialogs. New items land in the library and, in a gallery, in it too; delete follows the
 * shared-item rules (spec §4), in a gallery with "Remove from <country>".
 */
export function MediaDialogs<Item extends MediaItem<Category>, Category extends string>({
  kind,
  api,
  gallery,
  dialog,
  onClose,
  refetch,
}: {
  kind: MediaKind<Item, Category>;
  api: MediaApi<Item, Category>;
  gallery: { id: number; name: string } | null | undefined;
  dialog: MediaDialog<Item> | null;
  onClose: () => void;
  refetch: () => Promise<unknown>;
}) {
  const { NewItems, Edit } = kind;
  const closeAndRefetch = async () => {
    onClose();
    await refetch();
  };
  switch (dialog?.kind) {
    case 'new':
      return (
        <NewItems
          category={gallery ? kind.galleryCategory : undefined}
          title={gallery ? `${kind.newItemsLabel} to ${gallery.name}` : undefined}
          onClose={onClose}
          onAdded={async (ids) => {
            try {
              if (gallery) await api.addToGallery(ids, gallery.id);
              onClose();
            } finally {
              await refetch();
            }
          }}
        />
      );
    case 'add':
      return gallery ? (
        <AddFromLibraryModal kind={kind} country={gallery} onClose={onClose} onAdded={closeAndRefetch} />
      ) : null;
    case 'edit':
      return Edit ? <Edit item={dialog.item} onClose={onClose} onSaved={closeAndRefetch} /> : null;
    case 'delete':
      return (
        <SharedDeleteDialog
          key={dialog.item.id}
          what={`the ${kind.one} "${kind.nameOf(dialog.item)}"`}
          scope={gallery && { name: gallery.name, unlink: () => api.removeFromGallery(dialog.item.id, gallery.id) }}
          remove={(confirm) => api.remove(dialog.item.id, confirm)}
          onClose={onClose}
          onDone={refetch}
        />
      );
    default:
      return null;
  }
}
