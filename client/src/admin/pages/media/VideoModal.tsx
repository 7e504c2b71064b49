import { Alert, Select, Stack, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconInfoCircle } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import type { VideoCategory } from '../../../../../shared/enums.js';
import { addVideoInput, updateVideoInput } from '../../../../../shared/media.schema.js';
import { notifyError, notifySuccess } from '../../../notify.js';
import { externalLinkOf, videoEmbedOf } from '../../../public/content/embeds.js';
import { useTrpc } from '../../../trpc.js';
import { FormModal } from '../../ui/FormModal.js';
import { errorMessage } from '../../ui/errors.js';
import { useAdminForm } from '../../ui/use-admin-form.js';
import { VideoThumbnail } from './MediaGrid.js';
import { VIDEO_CATEGORY_LABELS, VIDEO_CATEGORY_OPTIONS } from './media-lists.js';

/** A library video as staff screens list it. */
export interface LibraryVideo {
  id: number;
  video_url: string;
  video_name: string;
  category: VideoCategory;
  created_at: string;
}

interface VideoValues extends Record<string, unknown> {
  video_url: string;
  video_name: string;
  category: string | null;
}

/**
 * Adds a video to the library by its YouTube or Vimeo link (media.addVideo), or changes a video's link and name
 * (media.updateVideo). The link is checked by the API's schema; its still shows while typing.
 */
export function VideoModal({
  video,
  category: fixedCategory,
  onClose,
  onSaved,
}: {
  /** The video to edit; null adds one. */
  video: LibraryVideo | null;
  /** The category of a new video, when the screen decides it (e.g. a country's gallery). */
  category?: VideoCategory;
  onClose: () => void;
  /** After saving (e.g. add the new video to a gallery, refetch); the toast follows. */
  onSaved: (video: LibraryVideo) => Promise<void>;
}) {
  const trpc = useTrpc();
  const { form, canSubmit, showServerErrors } = useAdminForm<VideoValues>(
    video ? updateVideoInput : addVideoInput,
    {
      video_url: video?.video_url ?? '',
      video_name: video?.video_name ?? '',
      category: video?.category ?? fixedCategory ?? null,
    },
    ({ video_url, video_name, category }) =>
      video ? { id: video.id, video_url, video_name } : { video_url, video_name, category: category ?? undefined },
  );
  const handlers = {
    onSuccess: async (saved: LibraryVideo) => {
      try {
        await onSaved(saved);
      } catch (error) {
        notifyError(errorMessage(error));
        return;
      }
      notifySuccess(video ? 'Successfully Updated!' : 'Successfully Added!');
    },
    onError: (error: unknown) => {
      if (!showServerErrors(error)) notifyError(errorMessage(error));
    },
  };
  const add = useMutation(trpc.media.addVideo.mutationOptions(handlers));
  const update = useMutation(trpc.media.updateVideo.mutationOptions(handlers));

  // The preview follows the link once typing pauses.
  const [url] = useDebouncedValue(form.values.video_url.trim(), 300);
  const link = externalLinkOf(url);
  const name = form.values.video_name.trim() || 'the new video';

  return (
    <FormModal
      title={video ? 'Edit Video' : 'Add Video'}
      onClose={onClose}
      onSubmit={form.onSubmit(({ video_url, video_name, category }) =>
        video
          ? update.mutate({ id: video.id, video_url, video_name })
          : add.mutate({ video_url, video_name, category: category as VideoCategory }),
      )}
      canSubmit={canSubmit}
      saving={add.isPending || update.isPending}
    >
      <TextInput
        label="Video URL"
        description="A YouTube or Vimeo link"
        type="url"
        required
        {...form.getInputProps('video_url')}
      />
      {link ? (
        <Stack gap={6}>
          <VideoThumbnail url={link} alt={`Still of “${name}”`} />
          {videoEmbedOf(link) ? null : (
            <Alert color="yellow" icon={<IconInfoCircle size={18} aria-hidden />}>
              Not a YouTube or Vimeo link: the site shows it as a link instead of a player.
            </Alert>
          )}
        </Stack>
      ) : null}
      <TextInput label="Video name" required {...form.getInputProps('video_name')} />
      {video || fixedCategory ? (
        <TextInput
          label="Category"
          value={VIDEO_CATEGORY_LABELS[video?.category ?? fixedCategory!]}
          readOnly
          description={video ? 'A video keeps its category.' : undefined}
        />
      ) : (
        <Select
          label="Category"
          placeholder="Choose a category"
          required
          allowDeselect={false}
          data={VIDEO_CATEGORY_OPTIONS}
          comboboxProps={{ withinPortal: true }}
          {...form.getInputProps('category')}
        />
      )}
    </FormModal>
  );
}
