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
import { IconAlertTriangle, IconExternalLink, IconEyeOff, IconPencil, IconVideo } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { imageVariantUrl } from '../../../../shared/media.js';
import { siteCountryCookie } from '../../../../shared/site-country.js';
import { videoThumbnailOf } from '../../public/content/embeds.js';
import { useTrpc, type ApiOutputs } from '../../trpc.js';
import { COUNTRY_PARAM, CountrySelect, useCountryChoice, withCountry } from '../ui/CountrySelect.js';
import { errorMessage } from '../ui/errors.js';
import { Section } from '../ui/Section.js';
import { Toolbar } from '../ui/Toolbar.js';

type HomeOverview = ApiOutputs['home']['overview'];

/** Thumbnails are shown small: the narrowest variant the server makes is plenty. */
const THUMBNAIL_WIDTH = 160;

/**
 * /admin/home (spec §2, the parent of the home screens): one country's home page at a glance, each section with its
 * count, a few of its items and a link to the screen that edits it (opened on the same country), and a preview of
 * the public page.
 */
export function HomeOverviewScreen() {
  const trpc = useTrpc();
  const choice = useCountryChoice();
  const [, setParams] = useSearchParams();
  const { countryId } = choice;
  const overview = useQuery({
    ...trpc.home.overview.queryOptions({ country_id: countryId ?? 0 }),
    enabled: countryId !== null,
    // Changes are made on the other screens: coming back shows them.
    staleTime: 0,
  });
  const home = overview.data;

  return (
    <Stack gap="lg">
      <Toolbar end={home ? <PreviewLink home={home} /> : null}>
        <CountrySelect
          choice={choice}
          onChange={(value) => {
            // The address names the country, so a reload or a shared link opens the same one.
            setParams(value ? { [COUNTRY_PARAM]: value } : {}, { replace: true });
          }}
        />
      </Toolbar>
      {overview.isError ? (
        <Alert color="red" icon={<IconAlertTriangle size={18} aria-hidden />} title="Could not load the home page">
          {errorMessage(overview.error)}
        </Alert>
      ) : home ? (
        <>
          <Notices home={home} />
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
            {sectionsOf(home).map((section) => (
              <HomeSection key={section.title} {...section} />
            ))}
          </SimpleGrid>
        </>
      ) : choice.ready && countryId === null ? (
        <Text>There is no country site for you to see yet.</Text>
      ) : (
        <OverviewSkeleton />
      )}
    </Stack>
  );
}

/** Opens the country's public home page in a new tab, as a visitor who chose that country under "More Sites". */
function PreviewLink({ home }: { home: HomeOverview }) {
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

/** Why visitors may not see what the sections below hold. */
function Notices({ home }: { home: HomeOverview }) {
  const { country } = home;
  return (
    <>
      {!country.is_live ? (
        <Alert color="yellow" icon={<IconEyeOff size={18} aria-hidden />} title={`${country.name} is not live`}>
          Visitors see nothing of this country site until it is enabled on the{' '}
          <Anchor component={Link} to="/admin/countries" inherit>
            Countries
          </Anchor>{' '}
          screen. You can prepare its home page meanwhile.
        </Alert>
      ) : null}
      {!home.homePageEnabled ? (
        <Alert color="yellow" icon={<IconEyeOff size={18} aria-hidden />} title="The Home page is switched off">
          {country.name}&apos;s visitors get “page not found” at its home page. Add the Home page to {country.name} on
          the{' '}
          <Anchor component={Link} to="/admin/pages" inherit>
            Pages
          </Anchor>{' '}
          screen.
        </Alert>
      ) : null}
    </>
  );
}

/** A section of the home page, as HomeSection shows it. */
interface HomeSectionProps {
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

/** The home page's sections in their order, each with its count, a few of its items and the screen that edits it. */
function sectionsOf(home: HomeOverview): HomeSectionProps[] {
  const { aboutUs, services, testimonials, pictures, videos, banners, popups, country } = home;
  const at = (path: string) => withCountry(path, country.id);
  return [
    {
      title: 'About Us',
      to: at('/admin/home/about-us'),
      edit: aboutUs ? 'Edit About Us' : 'Add About Us',
      empty: ['No About Us yet', 'Add About Us'],
      body: aboutUs ? (
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
      ) : null,
    },
    {
      title: 'Services',
      to: at('/admin/home/services'),
      of: services,
      empty: ['No services yet', 'Add a service'],
      body: <ItemList size={40} items={services.items.map((s) => ({ id: s.id, url: s.image.url, name: s.title }))} />,
    },
    {
      title: 'Testimonials',
      to: at('/admin/home/testimonials'),
      of: testimonials,
      empty: [`No testimonials shown on ${country.name} yet`, 'Add a testimonial'],
      noun: 'testimonials',
      body: (
        <ItemList
          size={40}
          round
          items={testimonials.items.map((t) => ({
            id: t.id,
            url: t.image.url,
            name: t.name,
            about: `${t.relation} · rated ${t.rating} of 5`,
          }))}
        />
      ),
    },
    {
      title: 'Gallery pictures',
      to: at('/admin/home/gallery-picture'),
      of: pictures,
      empty: ['No gallery pictures yet', 'Add pictures'],
      noun: 'pictures',
      body: (
        <SimpleGrid cols={{ base: 3, xs: 6, md: 3, lg: 6 }} spacing={6} component="ul" p={0} m={0}>
          {pictures.items.map((picture) => (
            <li key={picture.id} style={{ listStyle: 'none' }}>
              <Image
                src={imageVariantUrl(picture.image.url, THUMBNAIL_WIDTH)}
                alt={picture.image.alt}
                radius="sm"
                fit="cover"
                loading="lazy"
                style={{ aspectRatio: '1' }}
              />
            </li>
          ))}
        </SimpleGrid>
      ),
    },
    {
      title: 'Gallery videos',
      to: at('/admin/home/gallery-video'),
      of: videos,
      empty: ['No gallery videos yet', 'Add videos'],
      noun: 'videos',
      body: (
        <SimpleGrid cols={2} spacing="xs" component="ul" p={0} m={0}>
          {videos.items.map((video) => (
            <Stack component="li" key={video.id} gap={4} style={{ listStyle: 'none', minWidth: 0 }}>
              <VideoStill url={video.video_url} name={video.video_name} />
              <Text size="xs" lineClamp={1} title={video.video_name}>
                {video.video_name}
              </Text>
            </Stack>
          ))}
        </SimpleGrid>
      ),
    },
    {
      title: 'Banners',
      // Banners belong to pages, not countries.
      to: '/admin/banner',
      of: banners,
      empty: ['No banner on the Home page yet', 'Add a banner'],
      body: (
        <Stack gap="xs">
          <ItemList
            size={72}
            height={40}
            items={banners.items.map((b) => ({ id: b.id, url: b.image.url, name: b.title }))}
          />
          <Text size="xs">Banners of the Home page show on every country site that has it.</Text>
        </Stack>
      ),
    },
    {
      title: 'Popup',
      to: at('/admin/popup'),
      edit: 'Edit popups',
      of: popups,
      empty: [`No popup for ${country.name} yet`, 'Add a popup'],
      body: popups.shown ? (
        <Group gap="sm" wrap="nowrap" align="flex-start">
          <Thumbnail url={popups.shown.image.url} size={72} />
          <div style={{ minWidth: 0 }}>
            <Text size="sm" fw={500}>
              Visitors see this popup over the home page.
            </Text>
            <Text size="xs" style={{ overflowWrap: 'anywhere' }}>
              {popups.shown.link ? `It links to ${popups.shown.link}.` : 'It links nowhere.'}
            </Text>
          </div>
        </Group>
      ) : (
        <Text size="sm">
          None of its {popups.count === 1 ? 'popup is' : `${popups.count} popups are`} switched on: visitors see no
          popup.
        </Text>
      ),
    },
  ];
}

/** One section of the home page: its heading, how many items it has, what it shows and where to edit it. */
function HomeSection({ title, to, edit = `Edit ${title.toLowerCase()}`, of, empty, noun, body }: HomeSectionProps) {
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

/** A small picture of an item (decoration: its name is beside it), from the narrowest variant the server makes. */
function Thumbnail({
  url,
  size,
  height = size,
  round,
}: {
  url: string;
  size: number;
  height?: number;
  round?: boolean;
}) {
  return (
    <Image
      src={imageVariantUrl(url, THUMBNAIL_WIDTH)}
      alt=""
      w={size}
      h={height}
      radius={round ? 'xl' : 'sm'}
      fit="cover"
      loading="lazy"
      style={{ flexShrink: 0 }}
    />
  );
}

/** A section's list: each item's picture, its name and (`about`) a line about it. */
function ItemList({
  items,
  ...picture
}: {
  items: { id: number; url: string; name: string; about?: string }[];
  size: number;
  height?: number;
  round?: boolean;
}) {
  return (
    <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
      {items.map((item) => (
        <Group component="li" key={item.id} gap="sm" wrap="nowrap">
          <Thumbnail url={item.url} {...picture} />
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

function VideoStill({ url, name }: { url: string; name: string }) {
  const still = videoThumbnailOf(url);
  // No still (not YouTube) or none loaded (offline, removed video): a plain video sign in its place.
  const [failed, setFailed] = useState(false);
  return still && !failed ? (
    <Image
      src={still}
      alt={`Still of the video “${name}”`}
      radius="sm"
      fit="cover"
      style={{ aspectRatio: '16 / 9' }}
      onError={() => setFailed(true)}
    />
  ) : (
    <Group
      justify="center"
      bg="gray.1"
      c="gray.7"
      style={{ aspectRatio: '16 / 9', borderRadius: 'var(--mantine-radius-sm)' }}
      aria-hidden
    >
      <IconVideo size={28} />
    </Group>
  );
}

/** The sections' shape while the overview loads. */
function OverviewSkeleton() {
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
