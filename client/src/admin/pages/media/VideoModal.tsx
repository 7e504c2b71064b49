import { Alert, Stack, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconInfoCircle } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import type { VideoCategory } from '../../../../../shared/enums.js';
import { addVideoInput, updateVideoInput } from '../../../../../shared/media.schema.js';
import { externalLinkOf, videoEmbedOf } from '../../../public/content/embeds.js';
import { useTrpc, type ApiOutputs } from '../../../trpc.js';
import { SaveModal } from '../../ui/FormModal.js';
import { CategoryField, VIDEO_CATEGORY_LABELS, VideoThumbnail } from './media-parts.js';

/** A library video as staff screens list it. */
export type LibraryVideo = ApiOutputs['media']['allVideos']['edges'][number]['node'];

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
      // A new video without a category is the schema's to refuse.
      toInput={({ video_url, video_name, category }) =>
        video ? { id: video.id, video_url, video_name } : { video_url, video_name, category: category! }
      }
      save={(input) => (input.id === undefined ? add.mutateAsync(input) : update.mutateAsync(input))}
      editing={video !== null}
      onClose={onClose}
      onSaved={onSaved}
    >
      {(form) => (
        <>
          <TextInput
            label="Video URL"
            description="A YouTube or Vimeo link"
            type="url"
            required
            {...form.getInputProps('video_url')}
          />
          <VideoPreview url={form.values.video_url} name={form.values.video_name} />
          <TextInput label="Video name" required {...form.getInputProps('video_name')} />
          <CategoryField
            labels={VIDEO_CATEGORY_LABELS}
            fixed={video?.category ?? fixedCategory}
            description={video ? 'A video keeps its category.' : undefined}
            {...form.getInputProps('category')}
          />
        </>
      )}
    </SaveModal>
  );
}

/** The still of the link being typed (once typing pauses), and a word when the site cannot play it. */
function VideoPreview({ url, name }: { url: string; name: string }) {
  const [link] = useDebouncedValue(externalLinkOf(url.trim()), 300);
  if (!link) return null;
  return (
    <Stack gap={6}>
      <VideoThumbnail url={link} alt={`Still of “${name.trim() || 'the new video'}”`} />
      {videoEmbedOf(link) ? null : (
        <Alert color="yellow" icon={<IconInfoCircle size={18} aria-hidden />}>
          Not a YouTube or Vimeo link: the site shows it as a link instead of a player.
        </Alert>
      )}
    </Stack>
  );
}
