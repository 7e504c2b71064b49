import { Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTrpc } from '../../../trpc.js';
import { CountryRecordScreen, type CountryRecordKind } from '../../content/country-record.js';
import { AboutUsModal, VideoPreview } from './AboutUsModal.js';

interface Video {
  id: number;
  video_url: string;
  video_name: string;
}

export interface AboutUs {
  id: number;
  description: string;
  video: Video;
}

/** The about-us text and video of each country's home page: one per country. */
const ABOUT_US: CountryRecordKind<AboutUs> = {
  what: 'About Us',
  domain: 'home',
  useRecord: (country) => {
    const trpc = useTrpc();
    return useQuery({
      ...trpc.home.aboutUs.queryOptions({ country_id: country?.id ?? 0 }),
      enabled: country !== undefined,
    });
  },
  Show: ({ record }) => (
    <Stack gap="md">
      <div>
        <Text fw={600}>Description</Text>
        {/* Staff see the text as typed; the home page reads headings and lists from it. */}
        <Text style={{ whiteSpace: 'pre-wrap' }}>{record.description}</Text>
      </div>
      <div>
        <Text fw={600}>Video</Text>
        <VideoPreview url={record.video.video_url} name={record.video.video_name} />
      </div>
    </Stack>
  ),
  Modal: AboutUsModal,
};

export function HomeAboutUsScreen() {
  return <CountryRecordScreen kind={ABOUT_US} />;
}
