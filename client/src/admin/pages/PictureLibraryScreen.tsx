import { ActionIcon, Button, Group, Select, Stack, TextInput } from '@mantine/core';
import { IconTrash, IconUpload } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { ImageCategory } from '../../../../shared/enums.js';
import { useTrpc } from '../../trpc.js';
import { SharedDeleteDialog } from '../ui/SharedDelete.js';
import { useCursorList } from '../ui/use-cursor-list.js';
import { MediaCard, MediaGrid, PictureThumbnail } from './media/MediaGrid.js';
import {
  addedOn,
  IMAGE_CATEGORY_LABELS,
  IMAGE_CATEGORY_OPTIONS,
  MEDIA_PAGE_SIZE,
  useNameSearch,
} from './media/media-lists.js';
import { UploadPicturesModal } from './media/UploadPicturesModal.js';

interface LibraryPicture {
  id: number;
  image_name: string;
}

/**
 * Resources → Gallery Picture: every picture of the library (spec §3 "Image"), by category and name, a page at a
 * time; upload several at once; delete with the shared-item rules (never one an item uses, spec §4).
 */
export function PictureLibraryScreen() {
  const trpc = useTrpc();
  const queryClient = useQueryClient();
  const [category, setCategory] = useState<ImageCategory | null>(null);
  const { search, setSearch, filter } = useNameSearch();
  const [uploading, setUploading] = useState(false);
  const [deleting, setDeleting] = useState<LibraryPicture | null>(null);
  const refetch = () => queryClient.invalidateQueries({ queryKey: trpc.media.pathKey() });

  const list = useCursorList({
    page: (after) =>
      category
        ? trpc.media.imagesOfCategory.queryOptions({ category, filter, first: MEDIA_PAGE_SIZE, after })
        : trpc.media.allImages.queryOptions({ filter, first: MEDIA_PAGE_SIZE, after }),
  });
  const remove = useMutation(trpc.media.deleteImage.mutationOptions());

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end">
        <Group align="flex-end">
          <Select
            label="Category"
            placeholder="All categories"
            clearable
            w={200}
            data={IMAGE_CATEGORY_OPTIONS}
            value={category}
            onChange={setCategory}
          />
          <TextInput label="Search by name" value={search} onChange={(event) => setSearch(event.currentTarget.value)} />
        </Group>
        <Button leftSection={<IconUpload size={16} aria-hidden />} onClick={() => setUploading(true)}>
          Upload Pictures
        </Button>
      </Group>
      <MediaGrid
        label={category ? `${IMAGE_CATEGORY_LABELS[category]} pictures` : 'Pictures in the library'}
        noun="pictures"
        list={list}
        empty={filter || category ? 'No picture matches.' : 'No pictures yet: upload some.'}
      >
        {(picture) => (
          <MediaCard
            preview={<PictureThumbnail url={picture.image_url} />}
            name={picture.image_name}
            category={IMAGE_CATEGORY_LABELS[picture.category]}
            added={addedOn(picture.created_at)}
            actions={
              <ActionIcon
                variant="subtle"
                color="red"
                aria-label={`Delete ${picture.image_name}`}
                onClick={() => setDeleting(picture)}
              >
                <IconTrash size={18} aria-hidden />
              </ActionIcon>
            }
          />
        )}
      </MediaGrid>
      {uploading ? (
        <UploadPicturesModal
          onClose={() => setUploading(false)}
          onUploaded={async () => {
            setUploading(false);
            await refetch();
          }}
        />
      ) : null}
      {deleting ? (
        <SharedDeleteDialog
          key={deleting.id}
          what={`the picture "${deleting.image_name}"`}
          remove={(confirm) => remove.mutateAsync({ image_id: deleting.id, confirm })}
          onClose={() => setDeleting(null)}
          onDone={refetch}
        />
      ) : null}
    </Stack>
  );
}
