import {
  Alert,
  Anchor,
  Button,
  Card,
  Group,
  Image,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  VisuallyHidden,
} from '@mantine/core';
import { IconExternalLink, IconEyeOff, IconPencil } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { siteCountryCookie } from '../../../../../shared/site-country.js';
import type { ApiOutputs } from '../../../trpc.js';
import { Section } from '../../ui/Section.js';
import { smallPictureUrl, Thumbnail, VideoThumbnail, type ThumbnailShape } from '../../ui/thumbnails.js';

/** The parts of the home overview (/admin/home): its sections, what they show, and why visitors may not see it. */

export type HomeOverview = ApiOutputs['home']['overview'];

/** A section of the home page, as HomeSection shows it. */
export interface HomeSectionProps {
  title: string;
  /** The screen that edits the section, and the link's words (default: "Edit services"). */
  to: string;
  edit?: string;
  /** Its items: how many in all, and the few it shows. */
  of?: { count: number; items?: unknown[] };
  /** What it says while it has nothing, and the words of the link that adds the first item. */
  empty: [text: string, add: string];
  /** What its items are, to say when it shows only the first few: "Showing 6 of 9 pictures". */
  noun?: string;
  /** What it shows (none: it has nothing yet). */
  body: ReactNode;
}

/** One section of the home page: its heading, how many items it has, what it shows and where to edit it. */
export function HomeSection({
  title,
  to,
  edit = `Edit ${title.toLowerCase()}`,
  of,
  empty,
  noun,
  body,
}: HomeSectionProps) {
  const editLink = (
    <Anchor component={Link} to={to} size="sm" fw={600} style={{ whiteSpace: 'nowrap' }}>
      <IconPencil size={14} aria-hidden style={{ verticalAlign: 'text-bottom', marginRight: 4 }} />
      {edit}
    </Anchor>
  );
  return (
    <Section title={title} label={title} count={of?.count} aside={editLink}>
      {of?.count === 0 || !body ? (
        <Text size="sm">
          {empty[0]} —{' '}
          <Anchor component={Link} to={to} inherit fw={600}>
            {empty[1]}
          </Anchor>
        </Text>
      ) : (
        <>
          {body}
          {noun && of?.items && of.items.length < of.count ? (
            <Text size="xs" mt="xs">
              Showing {of.items.length} of {of.count} {noun}.
            </Text>
          ) : null}
        </>
      )}
    </Section>
  );
}

/** A section's list: each item's picture, its name and (`about`) a line about it. */
export function ItemList({
  items,
  ...shape
}: ThumbnailShape & { items: { id: number; url: string; name: string; about?: string }[] }) {
  return (
    <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
      {items.map((item) => (
        <Group component="li" key={item.id} gap="sm" wrap="nowrap">
          <Thumbnail url={item.url} {...shape} />
          <div style={{ minWidth: 0 }}>
            <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
              {item.name}
            </Text>
            {item.about ? <Text size="xs">{item.about}</Text> : null}
          </div>
        </Group>
      ))}
    </Stack>
  );
}

/** The gallery's first pictures, square, with their own alternative text (they have no name beside them). */
export function PictureGrid({ pictures }: { pictures: { id: number; image: { url: string; alt: string } }[] }) {
  return (
    <SimpleGrid cols={{ base: 3, xs: 6, md: 3, lg: 6 }} spacing={6} component="ul" p={0} m={0}>
      {pictures.map(({ id, image }) => (
        <li key={id} style={{ listStyle: 'none' }}>
          <Image
            src={smallPictureUrl(image.url)}
            alt={image.alt}
            radius="sm"
            fit="cover"
            loading="lazy"
            style={{ aspectRatio: '1' }}
          />
        </li>
      ))}
    </SimpleGrid>
  );
}

/** The gallery's first videos: each one's still and name. */
export function VideoGrid({ videos }: { videos: { id: number; video_url: string; video_name: string }[] }) {
  return (
    <SimpleGrid cols={2} spacing="xs" component="ul" p={0} m={0}>
      {videos.map((video) => (
        <Stack component="li" key={video.id} gap={4} style={{ listStyle: 'none', minWidth: 0 }}>
          <VideoStill url={video.video_url} name={video.video_name} />
          <Text size="xs" lineClamp={1} title={video.video_name}>
            {video.video_name}
          </Text>
        </Stack>
      ))}
    </SimpleGrid>
  );
}

const VideoStill = ({ url, name }: { url: string; name: string }) => (
  <VideoThumbnail url={url} alt={`Still of the video “${name}”`} />
);

/** About Us: its video's still and the start of its text. */
export function AboutUsSummary({ aboutUs }: { aboutUs: NonNullable<HomeOverview['aboutUs']> }) {
  return (
    <Group align="flex-start" gap="md" wrap="nowrap">
      <div style={{ width: 140, flexShrink: 0 }}>
        <VideoStill url={aboutUs.video.video_url} name={aboutUs.video.video_name} />
      </div>
      <Stack gap={4} style={{ minWidth: 0 }}>
        <Text size="sm" lineClamp={4} style={{ whiteSpace: 'pre-line' }}>
          {aboutUs.description}
        </Text>
        <Text size="xs">Video: {aboutUs.video.video_name}</Text>
      </Stack>
    </Group>
  );
}

/** The popup visitors see (a country shows its newest switched-on one), or why they see none. */
export function PopupSummary({ popups: { shown, count } }: { popups: HomeOverview['popups'] }) {
  if (!shown) {
    return (
      <Text size="sm">
        None of its {count === 1 ? 'popup is' : `${count} popups are`} switched on: visitors see no popup.
      </Text>
    );
  }
  return (
    <Group gap="sm" wrap="nowrap" align="flex-start">
      <Thumbnail url={shown.image.url} w={72} />
      <div style={{ minWidth: 0 }}>
        <Text size="sm" fw={500}>
          Visitors see this popup over the home page.
        </Text>
        <Text size="xs" style={{ overflowWrap: 'anywhere' }}>
          {shown.link ? `It links to ${shown.link}.` : 'It links nowhere.'}
        </Text>
      </div>
    </Group>
  );
}

/** Opens the country's public home page in a new tab, as a visitor who chose that country under "More Sites". */
export function PreviewLink({ home }: { home: HomeOverview }) {
  const { country } = home;
  if (!country.is_live || !home.homePageEnabled) {
    return (
      <Text size="sm" c="dimmed" maw={320}>
        <IconEyeOff size={16} aria-hidden style={{ verticalAlign: 'text-bottom' }} /> No preview: visitors cannot open
        this home page yet.
      </Text>
    );
  }
  // The public site shows the country a visitor chose (a cookie): choosing it here is what makes the new tab show it.
  const choose = () => {
    document.cookie = siteCountryCookie(country.id);
  };
  return (
    <Button
      component="a"
      href="/"
      target="_blank"
      rel="noopener"
      variant="default"
      leftSection={<IconExternalLink size={16} aria-hidden />}
      onClick={choose}
      onAuxClick={choose}
    >
      Preview
      <VisuallyHidden> the home page of {country.name} (opens in a new tab)</VisuallyHidden>
    </Button>
  );
}

/** Why visitors may not see what the sections hold. */
export function Notices({ home }: { home: HomeOverview }) {
  const { country } = home;
  const notice = (title: string, body: ReactNode) => (
    <Alert color="yellow" icon={<IconEyeOff size={18} aria-hidden />} title={title}>
      {body}
    </Alert>
  );
  const screen = (to: string, name: string) => (
    <Anchor component={Link} to={to} inherit>
      {name}
    </Anchor>
  );
  return (
    <>
      {!country.is_live
        ? notice(
            `${country.name} is not live`,
            <>
              Visitors see nothing of this country site until it is enabled on the{' '}
              {screen('/admin/countries', 'Countries')} screen. You can prepare its home page meanwhile.
            </>,
          )
        : null}
      {!home.homePageEnabled
        ? notice(
            'The Home page is switched off',
            <>
              {country.name}&apos;s visitors get “page not found” at its home page. Add the Home page to {country.name}{' '}
              on the {screen('/admin/pages', 'Pages')} screen.
            </>,
          )
        : null}
    </>
  );
}

/** The sections' shape while the overview loads. */
export function SectionsSkeleton() {
  return (
    <div role="status" aria-label="Loading the home page" aria-busy>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        {Array.from({ length: 6 }, (_, index) => (
          <Card key={index} withBorder padding="md">
            <Group justify="space-between" mb="md">
              <Skeleton h={20} w="40%" />
              <Skeleton h={14} w="20%" />
            </Group>
            <Stack gap="xs">
              <Skeleton h={40} />
              <Skeleton h={40} />
              <Skeleton h={12} w="60%" />
            </Stack>
          </Card>
        ))}
      </SimpleGrid>
    </div>
  );
}
