import { Alert, Stack } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconInfoCircle } from '@tabler/icons-react';
import type { VideoCategory } from '../../../../../shared/enums.js';
import {
  addVideoInput,
  updateVideoInput,
  type AddVideoInput,
  type UpdateVideoInput,
} from '../../../../../shared/media.schema.js';
import { externalLinkOf, videoEmbedOf } from '../../../public/content/embeds.js';
import { useTrpcClient, type ApiOutputs } from '../../../trpc.js';
import { FieldsModal, text, type Field } from '../../ui/fields.js';
import { VideoThumbnail } from '../../ui/thumbnails.js';
import { CategoryField, VIDEO_CATEGORY_LABELS } from './media-parts.js';

/** A library video as staff screens list it. */
export type LibraryVideo = ApiOutputs['media']['allVideos']['edges'][number]['node'];

/**
 * Adds a video to the library by its YouTube or Vimeo link (media.addVideo), or changes a video's link and name
 * (media.updateVideo). The link is checked by the API's schema; its still shows while typing.
 */
export function VideoModal({
  video,
  category,
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
  const { media } = useTrpcClient();
  return (
    <FieldsModal
      title={video ? 'Edit Video' : 'Add Video'}
      fields={videoFields(category)}
      item={video}
      context={{ countries: [], shown: null, actor: undefined }}
      api={{
        schemas: { add: addVideoInput, update: updateVideoInput },
        add: (input: AddVideoInput) => media.addVideo.mutate(input),
        update: (input: UpdateVideoInput) => media.updateVideo.mutate(input),
      }}
      onClose={onClose}
      onSaved={onSaved}
    />
  );
}

/** A video's link (its still shows while typing) and name; a new one's category, which it keeps. */
const videoFields = (category: VideoCategory | undefined): Field<LibraryVideo>[] => [
  text('video_url', 'Video URL', { description: 'A YouTube or Vimeo link', type: 'url', required: true }),
  { Input: ({ form }) => <VideoPreview url={String(form.values.video_url)} name={String(form.values.video_name)} /> },
  text('video_name', 'Video name', { required: true }),
  // A new video without a category is the schema's to refuse.
  {
    name: 'category',
    newOnly: true,
    valueOf: () => category ?? null,
    Input: ({ form }) => (
      <CategoryField labels={VIDEO_CATEGORY_LABELS} fixed={category} {...form.getInputProps('category')} />
    ),
  },
  {
    Input: ({ item }) =>
      item ? (
        <CategoryField labels={VIDEO_CATEGORY_LABELS} fixed={item.category} description="A video keeps its category." />
      ) : null,
  },
];

/** The still of the link being typed (once typing pauses), and a word when the site cannot play it. */
function VideoPreview({ url, name }: { url: string; name: string }) {
  const [link] = useDebouncedValue(externalLinkOf(url.trim()), 300);
  if (!link) return null;
  return (
    <Stack gap={6}>
      <VideoThumbnail url={link} height={160} alt={`Still of “${name.trim() || 'the new video'}”`} />
      {videoEmbedOf(link) ? null : (
        <Alert color="yellow" icon={<IconInfoCircle size={18} aria-hidden />}>
          Not a YouTube or Vimeo link: the site shows it as a link instead of a player.
        </Alert>
      )}
    </Stack>
  );
}
