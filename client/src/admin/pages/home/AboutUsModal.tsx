import { Anchor, Box, Group, Radio, Select, Stack, Text, TextInput, Textarea } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { addHomeAboutUsInput } from '../../../../../shared/home.schema.js';
import { addVideoInput } from '../../../../../shared/media.schema.js';
import { fieldErrorsOf } from '../../../api-errors.js';
import { externalLinkOf, videoEmbedOf } from '../../../public/content/embeds.js';
import { useRefetch, useTrpc, useTrpcClient } from '../../../trpc.js';
import { UploadError } from '../../graphql-upload.js';
import { SaveModal } from '../../ui/FormModal.js';
import { errorMessage } from '../../ui/errors.js';
import { useEditConflicts } from '../../ui/fields.js';
import { VideoThumbnail } from '../../ui/thumbnails.js';

import type { AboutUs } from './HomeAboutUsScreen.js';

/** Writing a country's About Us: its text, and a video from the library or a new one. */

/** A video's name, its still (YouTube) and its link, so staff can tell videos apart before choosing. */
export function VideoPreview({ url, name }: { url: string; name: string }) {
  const embed = videoEmbedOf(url);
  const href = externalLinkOf(url);
  return (
    <Stack gap={6} align="flex-start">
      <Box w={240}>
        <VideoThumbnail url={url} alt={`Still of the video “${name}”`} />
      </Box>
      <Text size="sm">
        {name}
        {embed?.provider === 'vimeo' ? ' (Vimeo)' : ''}
      </Text>
      {href ? (
        <Anchor href={href} target="_blank" rel="noopener noreferrer" size="sm">
          Open the video in a new tab
        </Anchor>
      ) : null}
      {!embed ? (
        <Text size="sm">Not a YouTube or Vimeo link: the home page shows it as a link instead of a player.</Text>
      ) : null}
    </Stack>
  );
}

/** ABOUT_US videos are few; the form lists the newest of them. */
const VIDEO_CHOICES = 100;

/**
 * The form checks what the API will: the about-us fields, with either a video from the library or a new one
 * (the video fields of media.addVideo).
 */
const aboutUsForm = z.discriminatedUnion('video_choice', [
  addHomeAboutUsInput.extend({ video_choice: z.literal('library') }),
  addHomeAboutUsInput.omit({ video_id: true }).extend({
    video_choice: z.literal('new'),
    new_video: addVideoInput.omit({ category: true }),
  }),
]);

interface AboutUsValues extends Record<string, unknown> {
  description: string;
  video_choice: 'library' | 'new';
  video_id: string | null;
  new_video: { video_url: string; video_name: string };
}

export function AboutUsModal({
  country,
  current,
  onClose,
  onSaved,
}: {
  country: { id: number; name: string };
  current: AboutUs | null;
  onClose: () => void;
  onSaved: () => Promise<void>;
}) {
  const trpc = useTrpc();
  const { home, media } = useTrpcClient();
  const refetch = useRefetch();
  // Only what changed, checked against what the form opened with (decisions 042 and 043).
  const conflicts = useEditConflicts(
    current ? { id: current.id, description: current.description, video_id: current.video.id } : {},
  );
  const videos = useQuery(
    trpc.media.videosOfCategory.queryOptions({ category: 'ABOUT_US', first: VIDEO_CHOICES, filter: null }),
  );
  const listed = videos.data?.edges.map((edge) => edge.node) ?? [];
  // The current video stays choosable even when it is not among the newest.
  const choices =
    current && !listed.some((video) => video.id === current.video.id) ? [current.video, ...listed] : listed;

  async function save(values: AboutUsValues, form: UseFormReturnType<AboutUsValues>) {
    let videoId = Number(values.video_id);
    if (values.video_choice === 'new') {
      try {
        videoId = (await media.addVideo.mutate({ ...values.new_video, category: 'ABOUT_US' })).id;
      } catch (error) {
        // The video's messages belong to the new video's fields.
        const fields = Object.entries(fieldErrorsOf(error)).map(([key, text]) => [`new_video.${key}`, text] as const);
        throw new UploadError(errorMessage(error), Object.fromEntries(fields));
      }
      // The video is in the library now: should the next step fail, a retry chooses it instead of adding it again.
      form.setValues({ video_choice: 'library', video_id: String(videoId) });
      await refetch('media');
    }
    const { description } = values;
    if (!current) return home.addAboutUs.mutate({ country_id: country.id, description, video_id: videoId });
    const input = conflicts.input({ id: current.id, description, video_id: videoId }, false);
    return conflicts.sent(home.updateAboutUs.mutate(input));
  }

  return (
    <SaveModal
      title={`About Us · ${country.name}`}
      schema={aboutUsForm}
      initialValues={{
        description: current?.description ?? '',
        video_choice: 'library',
        video_id: current ? String(current.video.id) : null,
        new_video: { video_url: '', video_name: '' },
      }}
      toInput={({ video_choice, video_id, new_video, description }: AboutUsValues) =>
        video_choice === 'library'
          ? { video_choice, country_id: country.id, description, video_id: video_id ? Number(video_id) : undefined }
          : { video_choice, country_id: country.id, description, new_video }
      }
      save={(_, values, form) => save(values, form)}
      editing={current !== null}
      onClose={onClose}
      onSaved={onSaved}
    >
      {(form) => {
        const chosen = choices.find((video) => String(video.id) === form.values.video_id);
        const newUrl = form.values.new_video.video_url;
        return (
          <>
            {/* Read-only: the country is chosen on the screen; a refusal about it (e.g. added meanwhile) shows here. */}
            <TextInput label="Country" value={country.name} readOnly error={form.errors.country_id} />
            <Textarea
              label="Description"
              required
              autosize
              minRows={4}
              maxRows={12}
              {...form.getInputProps('description')}
            />
            <Radio.Group label="Video" required {...form.getInputProps('video_choice')}>
              <Group mt={6}>
                <Radio value="library" label="Choose from the library" />
                <Radio value="new" label="Add a video" />
              </Group>
            </Radio.Group>
            {form.values.video_choice === 'library' ? (
              <>
                <Select
                  label="About Us video"
                  placeholder={videos.isPending ? 'Loading videos…' : 'Choose a video'}
                  required
                  searchable
                  allowDeselect={false}
                  nothingFoundMessage="No video of that name"
                  description={
                    videos.data?.pageInfo.hasNextPage ? `The ${VIDEO_CHOICES} newest About Us videos are listed.` : null
                  }
                  data={choices.map((video) => ({ value: String(video.id), label: video.video_name }))}
                  comboboxProps={{ withinPortal: true }}
                  {...form.getInputProps('video_id')}
                />
                {chosen ? <VideoPreview url={chosen.video_url} name={chosen.video_name} /> : null}
              </>
            ) : (
              <>
                <TextInput
                  label="Video URL"
                  description="A YouTube or Vimeo link"
                  type="url"
                  required
                  {...form.getInputProps('new_video.video_url')}
                />
                <TextInput label="Video name" required {...form.getInputProps('new_video.video_name')} />
                {newUrl && externalLinkOf(newUrl) ? (
                  <VideoPreview url={newUrl} name={form.values.new_video.video_name || 'New video'} />
                ) : null}
              </>
            )}
          </>
        );
      }}
    </SaveModal>
  );
}
