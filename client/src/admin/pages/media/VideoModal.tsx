import { Alert, Select, Stack, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useDebouncedValue } from '@mantine/hooks';
import { IconInfoCircle } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import type { VideoCategory } from '../../../../../shared/enums.js';
import { addVideoInput, updateVideoInput } from '../../../../../shared/media.schema.js';
import { externalLinkOf, videoEmbedOf } from '../../../public/content/embeds.js';
import { useTrpc } from '../../../trpc.js';
import { SaveModal } from '../../ui/FormModal.js';
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
  const add = useMutation(trpc.media.addVideo.mutationOptions());
  const update = useMutation(trpc.media.updateVideo.mutationOptions());
  return (
    <SaveModal
      title={video ? 'Edit Video' : 'Add Video'}
      schema={video ? updateVideoInput : addVideoInput}
      initialValues={{
        video_url: video?.video_url ?? '',
        video_name: video?.video_name ?? '',
        category: video?.category ?? fixedCategory ?? null,
      }}
      toInput={({ video_url, video_name, category }: VideoValues) =>
        video ? { id: video.id, video_url, video_name } : { video_url, video_name, category: category as VideoCategory }
      }
      save={(input) => (input.id === undefined ? add.mutateAsync(input) : update.mutateAsync(input))}
      editing={video !== null}
      onClose={onClose}
      onSaved={onSaved}
    >
      {(form) => <VideoFields form={form} video={video} fixedCategory={fixedCategory} />}
    </SaveModal>
  );
}

function VideoFields({
  form,
  video,
  fixedCategory,
}: {
  form: UseFormReturnType<VideoValues>;
  video: LibraryVideo | null;
  fixedCategory: VideoCategory | undefined;
}) {
  // The preview follows the link once typing pauses.
  const [url] = useDebouncedValue(form.values.video_url.trim(), 300);
  const link = externalLinkOf(url);
  const name = form.values.video_name.trim() || 'the new video';

  return (
    <>
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
    </>
  );
}
