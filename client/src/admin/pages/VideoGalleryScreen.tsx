import { ActionIcon, Alert, Button, Group, Stack } from '@mantine/core';
import { IconInfoCircle, IconLibraryPlus, IconTrash, IconVideoMinus, IconVideoPlus } from '@tabler/icons-react';
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
import { MediaCard, MediaGrid, VideoLink, VideoThumbnail } from './media/MediaGrid.js';
import { addedOn, MEDIA_PAGE_SIZE, useNameSearch, VIDEO_CATEGORY_LABELS } from './media/media-lists.js';
import { VideoModal, type LibraryVideo } from './media/VideoModal.js';

type Country = { id: number; name: string };

type Dialog = { kind: 'add' } | { kind: 'new' } | { kind: 'delete'; video: LibraryVideo };

/**
 * Home → Gallery Video: the videos of one country's gallery (its /gallery page), a page at a time, also of a
 * country whose site is switched off; add videos from the library or a new one by its link, remove one from this
 * gallery, or delete it from the library with the shared-item rules ("Remove from <country>" or "Delete everywhere").
 */
export function VideoGalleryScreen() {
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
      trpc.media.videosOfCategory.queryOptions({
        category: 'GALLERY_VIDEOS',
        country_id: country?.id ?? GLOBAL_COUNTRY_ID,
        first: MEDIA_PAGE_SIZE,
        after,
      }),
  });
  const addToGallery = useMutation(trpc.media.addVideosToGallery.mutationOptions());
  const unlink = useMutation(trpc.media.deleteVideoFromGallery.mutationOptions());
  const remove = useMutation(trpc.media.deleteVideo.mutationOptions());
  const removeFromGallery = useMutation(
    trpc.media.deleteVideoFromGallery.mutationOptions({
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
            leftSection={<IconVideoPlus size={16} aria-hidden />}
            disabled={!country}
            onClick={() => setDialog({ kind: 'new' })}
          >
            Add Video
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
          label={`Videos in ${country.name}’s gallery`}
          noun="videos"
          list={list}
          empty={`No videos in ${country.name}’s gallery yet.`}
        >
          {(video) => (
            <MediaCard
              preview={<VideoThumbnail url={video.video_url} />}
              name={video.video_name}
              category={VIDEO_CATEGORY_LABELS[video.category]}
              added={addedOn(video.created_at)}
              actions={
                <>
                  <ActionIcon
                    variant="subtle"
                    aria-label={`Remove ${video.video_name} from ${country.name}`}
                    loading={removeFromGallery.isPending && removeFromGallery.variables?.video_id === video.id}
                    onClick={() => removeFromGallery.mutate({ video_id: video.id, country_id: country.id })}
                  >
                    <IconVideoMinus size={18} aria-hidden />
                  </ActionIcon>
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    aria-label={`Delete ${video.video_name}`}
                    onClick={() => setDialog({ kind: 'delete', video })}
                  >
                    <IconTrash size={18} aria-hidden />
                  </ActionIcon>
                </>
              }
            >
              <VideoLink url={video.video_url} />
            </MediaCard>
          )}
        </MediaGrid>
      ) : null}
      {country && dialog?.kind === 'add' ? (
        <AddVideosModal
          country={country}
          onClose={close}
          onAdded={async () => {
            close();
            await refetch();
          }}
        />
      ) : null}
      {country && dialog?.kind === 'new' ? (
        <VideoModal
          video={null}
          category="GALLERY_VIDEOS"
          onClose={close}
          onSaved={async (video) => {
            // The video is in the library now: should adding it here fail, staff add it from the library.
            close();
            try {
              await addToGallery.mutateAsync({ video_ids: [video.id], country_id: country.id });
            } finally {
              await refetch();
            }
          }}
        />
      ) : null}
      {country && dialog?.kind === 'delete' ? (
        <SharedDeleteDialog
          key={dialog.video.id}
          what={`the video "${dialog.video.video_name}"`}
          scope={{
            name: country.name,
            unlink: () => unlink.mutateAsync({ video_id: dialog.video.id, country_id: country.id }),
          }}
          remove={(confirm) => remove.mutateAsync({ video_id: dialog.video.id, confirm })}
          onClose={close}
          onDone={refetch}
        />
      ) : null}
    </Stack>
  );
}

/** Gallery videos of the library that this country's gallery does not have yet, several chosen at once. */
function AddVideosModal({
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
      trpc.media.videosOfCategory.queryOptions({
        category: 'GALLERY_VIDEOS',
        not_in_gallery_of: country.id,
        filter,
        first: MEDIA_PAGE_SIZE,
        after,
      }),
  });
  const add = useMutation(trpc.media.addVideosToGallery.mutationOptions());
  return (
    <AddFromLibraryModal
      title={`Add videos to ${country.name}`}
      noun="videos"
      list={list}
      search={search}
      onSearch={setSearch}
      nameOf={(video) => video.video_name}
      preview={(video) => <VideoThumbnail url={video.video_url} height={72} />}
      add={(ids) => add.mutateAsync({ video_ids: ids, country_id: country.id })}
      onClose={onClose}
      onAdded={onAdded}
    />
  );
}
