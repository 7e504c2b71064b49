import { ActionIcon, Button, Group, Select, Stack, TextInput } from '@mantine/core';
import { IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { VideoCategory } from '../../../../shared/enums.js';
import { useTrpc } from '../../trpc.js';
import { SharedDeleteDialog } from '../ui/SharedDelete.js';
import { useCursorList } from '../ui/use-cursor-list.js';
import { MediaCard, MediaGrid, VideoLink, VideoThumbnail } from './media/MediaGrid.js';
import {
  addedOn,
  MEDIA_PAGE_SIZE,
  useNameSearch,
  VIDEO_CATEGORY_LABELS,
  VIDEO_CATEGORY_OPTIONS,
} from './media/media-lists.js';
import { VideoModal, type LibraryVideo } from './media/VideoModal.js';

type Dialog = { kind: 'add' } | { kind: 'edit'; video: LibraryVideo } | { kind: 'delete'; video: LibraryVideo };

/**
 * Resources → Gallery Video: every video of the library (spec §3 "Video"), by category and name, a page at a time;
 * add one by its YouTube or Vimeo link, change its link or name, and delete with the shared-item rules.
 */
export function VideoLibraryScreen() {
  const trpc = useTrpc();
  const queryClient = useQueryClient();
  const [category, setCategory] = useState<VideoCategory | null>(null);
  const { search, setSearch, filter } = useNameSearch();
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const close = () => setDialog(null);
  const refetch = () => queryClient.invalidateQueries({ queryKey: trpc.media.pathKey() });

  const list = useCursorList({
    page: (after) =>
      category
        ? trpc.media.videosOfCategory.queryOptions({ category, filter, first: MEDIA_PAGE_SIZE, after })
        : trpc.media.allVideos.queryOptions({ filter, first: MEDIA_PAGE_SIZE, after }),
  });
  const remove = useMutation(trpc.media.deleteVideo.mutationOptions());

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end">
        <Group align="flex-end">
          <Select
            label="Category"
            placeholder="All categories"
            clearable
            w={200}
            data={VIDEO_CATEGORY_OPTIONS}
            value={category}
            onChange={setCategory}
          />
          <TextInput label="Search by name" value={search} onChange={(event) => setSearch(event.currentTarget.value)} />
        </Group>
        <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setDialog({ kind: 'add' })}>
          Add Video
        </Button>
      </Group>
      <MediaGrid
        label={category ? VIDEO_CATEGORY_LABELS[category] : 'Videos in the library'}
        noun="videos"
        list={list}
        empty={filter || category ? 'No video matches.' : 'No videos yet: add one by its link.'}
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
                  aria-label={`Edit ${video.video_name}`}
                  onClick={() => setDialog({ kind: 'edit', video })}
                >
                  <IconPencil size={18} aria-hidden />
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
      {dialog?.kind === 'add' || dialog?.kind === 'edit' ? (
        <VideoModal
          video={dialog.kind === 'edit' ? dialog.video : null}
          onClose={close}
          onSaved={async () => {
            close();
            await refetch();
          }}
        />
      ) : null}
      {dialog?.kind === 'delete' ? (
        <SharedDeleteDialog
          key={dialog.video.id}
          what={`the video "${dialog.video.video_name}"`}
          remove={(confirm) => remove.mutateAsync({ video_id: dialog.video.id, confirm })}
          onClose={close}
          onDone={refetch}
        />
      ) : null}
    </Stack>
  );
}
