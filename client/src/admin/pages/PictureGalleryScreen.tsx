import { ActionIcon, Alert, Button, Group, Stack } from '@mantine/core';
import { IconInfoCircle, IconLibraryPlus, IconPhotoMinus, IconTrash, IconUpload } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { GLOBAL_COUNTRY_ID } from '../../../../shared/enums.js';
import { notifyError, notifySuccess } from '../../notify.js';
import { useTrpc } from '../../trpc.js';
import { CountrySelect, useCountryChoice } from '../ui/CountrySelect.js';
import { errorMessage } from '../ui/errors.js';
import { SharedDeleteDialog } from '../ui/SharedDelete.js';
import { useCursorList } from '../ui/use-cursor-list.js';
import { AddFromLibraryModal } from './media/AddFromLibraryModal.js';
import { MediaCard, MediaGrid, PictureThumbnail } from './media/MediaGrid.js';
import { addedOn, IMAGE_CATEGORY_LABELS, MEDIA_PAGE_SIZE, useNameSearch } from './media/media-lists.js';
import { UploadPicturesModal } from './media/UploadPicturesModal.js';

interface GalleryPicture {
  id: number;
  image_name: string;
}

type Country = { id: number; name: string };

type Dialog = { kind: 'add' } | { kind: 'upload' } | { kind: 'delete'; picture: GalleryPicture };

/**
 * Home → Gallery Picture: the pictures of one country's gallery (its /gallery page), a page at a time, also of a
 * country whose site is switched off; add pictures from the library or upload new ones into it, remove one from this
 * gallery, or delete it from the library with the shared-item rules ("Remove from <country>" or "Delete everywhere").
 */
export function PictureGalleryScreen() {
  const trpc = useTrpc();
  const queryClient = useQueryClient();
  const choice = useCountryChoice();
  const { country } = choice;
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const close = () => setDialog(null);
  const refetch = () => queryClient.invalidateQueries({ queryKey: trpc.media.pathKey() });

  const list = useCursorList({
    enabled: country !== undefined,
    page: (after) =>
      trpc.media.imagesOfCategory.queryOptions({
        category: 'GALLERY_IMAGES',
        country_id: country?.id ?? GLOBAL_COUNTRY_ID,
        first: MEDIA_PAGE_SIZE,
        after,
      }),
  });
  const addToGallery = useMutation(trpc.media.addImagesToGallery.mutationOptions());
  const unlink = useMutation(trpc.media.deleteImageFromGallery.mutationOptions());
  const remove = useMutation(trpc.media.deleteImage.mutationOptions());
  const removeFromGallery = useMutation(
    trpc.media.deleteImageFromGallery.mutationOptions({
      onSuccess: async () => {
        notifySuccess('Successfully Removed!');
        await refetch();
      },
      onError: (error) => notifyError(errorMessage(error)),
    }),
  );

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end">
        <CountrySelect choice={choice} />
        <Group gap="sm">
          <Button
            variant="default"
            leftSection={<IconUpload size={16} aria-hidden />}
            disabled={!country}
            onClick={() => setDialog({ kind: 'upload' })}
          >
            Upload Pictures
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
          label={`Pictures in ${country.name}’s gallery`}
          noun="pictures"
          list={list}
          empty={`No pictures in ${country.name}’s gallery yet.`}
        >
          {(picture) => (
            <MediaCard
              preview={<PictureThumbnail url={picture.image_url} />}
              name={picture.image_name}
              category={IMAGE_CATEGORY_LABELS[picture.category]}
              added={addedOn(picture.created_at)}
              actions={
                <>
                  <ActionIcon
                    variant="subtle"
                    aria-label={`Remove ${picture.image_name} from ${country.name}`}
                    loading={removeFromGallery.isPending && removeFromGallery.variables?.image_id === picture.id}
                    onClick={() => removeFromGallery.mutate({ image_id: picture.id, country_id: country.id })}
                  >
                    <IconPhotoMinus size={18} aria-hidden />
                  </ActionIcon>
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    aria-label={`Delete ${picture.image_name}`}
                    onClick={() => setDialog({ kind: 'delete', picture })}
                  >
                    <IconTrash size={18} aria-hidden />
                  </ActionIcon>
                </>
              }
            />
          )}
        </MediaGrid>
      ) : null}
      {country && dialog?.kind === 'add' ? (
        <AddPicturesModal
          country={country}
          onClose={close}
          onAdded={async () => {
            close();
            await refetch();
          }}
        />
      ) : null}
      {country && dialog?.kind === 'upload' ? (
        <UploadPicturesModal
          category="GALLERY_IMAGES"
          title={`Upload Pictures to ${country.name}`}
          onClose={close}
          onUploaded={async (pictures) => {
            await addToGallery.mutateAsync({ image_ids: pictures.map((p) => p.id), country_id: country.id });
            close();
            await refetch();
          }}
        />
      ) : null}
      {country && dialog?.kind === 'delete' ? (
        <SharedDeleteDialog
          key={dialog.picture.id}
          what={`the picture "${dialog.picture.image_name}"`}
          scope={{
            name: country.name,
            unlink: () => unlink.mutateAsync({ image_id: dialog.picture.id, country_id: country.id }),
          }}
          remove={(confirm) => remove.mutateAsync({ image_id: dialog.picture.id, confirm })}
          onClose={close}
          onDone={refetch}
        />
      ) : null}
    </Stack>
  );
}

/** Gallery pictures of the library that this country's gallery does not have yet, several chosen at once. */
function AddPicturesModal({
  country,
  onClose,
  onAdded,
}: {
  country: Country;
  onClose: () => void;
  onAdded: () => Promise<void>;
}) {
  const trpc = useTrpc();
  const { search, setSearch, filter } = useNameSearch();
  const list = useCursorList({
    page: (after) =>
      trpc.media.imagesOfCategory.queryOptions({
        category: 'GALLERY_IMAGES',
        not_in_gallery_of: country.id,
        filter,
        first: MEDIA_PAGE_SIZE,
        after,
      }),
  });
  const add = useMutation(trpc.media.addImagesToGallery.mutationOptions());
  return (
    <AddFromLibraryModal
      title={`Add pictures to ${country.name}`}
      noun="pictures"
      list={list}
      search={search}
      onSearch={setSearch}
      nameOf={(picture) => picture.image_name}
      preview={(picture) => <PictureThumbnail url={picture.image_url} height={72} />}
      add={(ids) => add.mutateAsync({ image_ids: ids, country_id: country.id })}
      onClose={onClose}
      onAdded={onAdded}
    />
  );
}
