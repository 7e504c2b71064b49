import { Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { notifyError, notifySuccess } from '../../../notify.js';
import { AdminModal } from '../../ui/AdminModal.js';
import { errorMessage } from '../../ui/errors.js';
import { useCursorList } from '../../ui/use-cursor-list.js';
import { useMediaRefusals, type MediaItem, type MediaKind } from './media-kinds.js';
import { MediaChoices, useNameSearch } from './media-parts.js';

/**
 * Chooses several gallery items of the library that a country's gallery does not show yet and adds them to it:
 * "Successfully Added!", then the screen refetches and closes this. Those the staff member may not add (also shown in
 * countries they do not manage) are marked and cannot be chosen.
 */
export function AddFromLibraryModal<Item extends MediaItem<Category>, Category extends string>({
  kind,
  country,
  onClose,
  onAdded,
}: {
  kind: MediaKind<Item, Category>;
  country: { id: number; name: string };
  onClose: () => void;
  onAdded: () => Promise<void>;
}) {
  const api = kind.useApi();
  const { input, filter } = useNameSearch();
  const list = useCursorList({
    page: (after) => api.page({ category: kind.galleryCategory, not_in_gallery_of: country.id, filter, after }),
  });
  const refusals = useMediaRefusals(api, list.items);
  const [chosen, setChosen] = useState<string[]>([]);
  const add = useMutation({
    mutationFn: () => api.addToGallery(chosen.map(Number), country.id),
    onSuccess: async () => {
      notifySuccess('Successfully Added!');
      await onAdded();
    },
    onError: (error) => notifyError(errorMessage(error)),
  });

  return (
    <AdminModal opened onClose={onClose} title={`Add ${kind.many} to ${country.name}`}>
      <Stack gap="sm">
        <TextInput label="Search by name" {...input} />
        <MediaChoices
          multiple
          label={`Library ${kind.many}`}
          value={chosen}
          onChange={setChosen}
          list={list}
          nameOf={kind.nameOf}
          preview={(item) => kind.preview(item, 72)}
          refusalOf={(item) => refusals.get(item.id)?.change}
          noun={kind.many}
          empty={filter ? `No ${kind.many} match that name.` : `Every gallery ${kind.one} is already here.`}
        />
        <Group justify="space-between">
          <Text size="sm" aria-live="polite">
            {chosen.length} chosen
          </Text>
          <Group gap="sm">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button onClick={() => add.mutate()} disabled={chosen.length === 0} loading={add.isPending}>
              Add
            </Button>
          </Group>
        </Group>
      </Stack>
    </AdminModal>
  );
}
