import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Group,
  Image,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title,
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

type HomeOverview = ApiOutputs['home']['overview'];
type Country = HomeOverview['country'];

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
      <Group justify="space-between" align="flex-end" gap="md">
        <CountrySelect
          choice={choice}
          onChange={(value) => {
            // The address names the country, so a reload or a shared link opens the same one.
            setParams(value ? { [COUNTRY_PARAM]: value } : {}, { replace: true });
          }}
        />
        {home ? <PreviewLink home={home} /> : null}
      </Group>
      {overview.isError ? (
        <Alert color="red" icon={<IconAlertTriangle size={18} aria-hidden />} title="Could not load the home page">
          {errorMessage(overview.error)}
        </Alert>
      ) : home ? (
        <>
          <Notices home={home} />
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
            <AboutUsSection home={home} />
            <ServicesSection home={home} />
            <TestimonialsSection home={home} />
            <PicturesSection home={home} />
            <VideosSection home={home} />
            <BannersSection home={home} />
            <PopupSection home={home} />
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

/** One section of the home page: its heading, how many items it has, what it shows and where to edit it. */
function Section({
  title,
  count,
  edit,
  children,
}: {
  title: string;
  count?: number;
  /** The screen that edits the section, and the link's words (e.g. "Edit services"). */
  edit: { to: string; label: string };
  children: ReactNode;
}) {
  return (
    <Card withBorder padding="md" component="section" aria-label={title}>
      {/* On a narrow card the edit link goes below the heading rather than out of the card. */}
      <Group justify="space-between" gap={4} mb="sm" align="center" style={{ columnGap: 'var(--mantine-spacing-md)' }}>
        <Group gap="xs" wrap="nowrap">
          <Title order={2} size="h4">
            {title}
          </Title>
          {count !== undefined ? (
            <Badge variant="light" color="gray">
              {count}
              <VisuallyHidden> in all</VisuallyHidden>
            </Badge>
          ) : null}
        </Group>
        <Anchor component={Link} to={edit.to} size="sm" fw={600} style={{ whiteSpace: 'nowrap' }}>
          <IconPencil size={14} aria-hidden style={{ verticalAlign: 'text-bottom', marginRight: 4 }} />
          {edit.label}
        </Anchor>
      </Group>
      {children}
    </Card>
  );
}

/** What a section says when it has nothing yet, with the way to add the first item. */
function Empty({ text, add }: { text: string; add: { to: string; label: string } }) {
  return (
    <Text size="sm">
      {text} —{' '}
      <Anchor component={Link} to={add.to} inherit fw={600}>
        {add.label}
      </Anchor>
    </Text>
  );
}

/** "Showing 6 of 9" under a list that shows only the first few. */
function ShownOf({ shown, count, noun }: { shown: number; count: number; noun: string }) {
  return shown < count ? (
    <Text size="xs" mt="xs">
      Showing {shown} of {count} {noun}.
    </Text>
  ) : null;
}

function Thumbnail({ url, alt, size = 56 }: { url: string; alt: string; size?: number }) {
  return (
    <Image
      src={imageVariantUrl(url, THUMBNAIL_WIDTH)}
      alt={alt}
      w={size}
      h={size}
      radius="sm"
      fit="cover"
      loading="lazy"
      style={{ flexShrink: 0 }}
    />
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

const at = (path: string, country: Country) => withCountry(path, country.id);

function AboutUsSection({ home }: { home: HomeOverview }) {
  const { aboutUs, country } = home;
  const to = at('/admin/home/about-us', country);
  return (
    <Section title="About Us" edit={{ to, label: aboutUs ? 'Edit About Us' : 'Add About Us' }}>
      {aboutUs ? (
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
      ) : (
        <Empty text="No About Us yet" add={{ to, label: 'Add About Us' }} />
      )}
    </Section>
  );
}

function ServicesSection({ home }: { home: HomeOverview }) {
  const { services, country } = home;
  const to = at('/admin/home/services', country);
  return (
    <Section title="Services" count={services.count} edit={{ to, label: 'Edit services' }}>
      {services.count === 0 ? (
        <Empty text="No services yet" add={{ to, label: 'Add a service' }} />
      ) : (
        <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
          {services.items.map((service) => (
            <Group component="li" key={service.id} gap="sm" wrap="nowrap">
              <Thumbnail url={service.image.url} alt="" size={40} />
              <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
                {service.title}
              </Text>
            </Group>
          ))}
        </Stack>
      )}
    </Section>
  );
}

function TestimonialsSection({ home }: { home: HomeOverview }) {
  const { testimonials, country } = home;
  const to = at('/admin/home/testimonials', country);
  return (
    <Section title="Testimonials" count={testimonials.count} edit={{ to, label: 'Edit testimonials' }}>
      {testimonials.count === 0 ? (
        <Empty text={`No testimonials shown on ${country.name} yet`} add={{ to, label: 'Add a testimonial' }} />
      ) : (
        <>
          <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
            {testimonials.items.map((testimonial) => (
              <Group component="li" key={testimonial.id} gap="sm" wrap="nowrap">
                <Image
                  src={imageVariantUrl(testimonial.image.url, THUMBNAIL_WIDTH)}
                  alt=""
                  w={40}
                  h={40}
                  radius="xl"
                  fit="cover"
                  loading="lazy"
                  style={{ flexShrink: 0 }}
                />
                <div style={{ minWidth: 0 }}>
                  <Text size="sm" fw={500}>
                    {testimonial.name}
                  </Text>
                  <Text size="xs">
                    {testimonial.relation} · rated {testimonial.rating} of 5
                  </Text>
                </div>
              </Group>
            ))}
          </Stack>
          <ShownOf shown={testimonials.items.length} count={testimonials.count} noun="testimonials" />
        </>
      )}
    </Section>
  );
}

function PicturesSection({ home }: { home: HomeOverview }) {
  const { pictures, country } = home;
  const to = at('/admin/home/gallery-picture', country);
  return (
    <Section title="Gallery pictures" count={pictures.count} edit={{ to, label: 'Edit gallery pictures' }}>
      {pictures.count === 0 ? (
        <Empty text="No gallery pictures yet" add={{ to, label: 'Add pictures' }} />
      ) : (
        <>
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
          <ShownOf shown={pictures.items.length} count={pictures.count} noun="pictures" />
        </>
      )}
    </Section>
  );
}

function VideosSection({ home }: { home: HomeOverview }) {
  const { videos, country } = home;
  const to = at('/admin/home/gallery-video', country);
  return (
    <Section title="Gallery videos" count={videos.count} edit={{ to, label: 'Edit gallery videos' }}>
      {videos.count === 0 ? (
        <Empty text="No gallery videos yet" add={{ to, label: 'Add videos' }} />
      ) : (
        <>
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
          <ShownOf shown={videos.items.length} count={videos.count} noun="videos" />
        </>
      )}
    </Section>
  );
}

function BannersSection({ home }: { home: HomeOverview }) {
  const { banners } = home;
  const to = '/admin/banner';
  return (
    <Section title="Banners" count={banners.count} edit={{ to, label: 'Edit banners' }}>
      {banners.count === 0 ? (
        <Empty text="No banner on the Home page yet" add={{ to, label: 'Add a banner' }} />
      ) : (
        <Stack gap="xs">
          <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
            {banners.items.map((banner) => (
              <Group component="li" key={banner.id} gap="sm" wrap="nowrap">
                <Image
                  src={imageVariantUrl(banner.image.url, THUMBNAIL_WIDTH)}
                  alt=""
                  w={72}
                  h={40}
                  radius="sm"
                  fit="cover"
                  loading="lazy"
                  style={{ flexShrink: 0 }}
                />
                <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
                  {banner.title}
                </Text>
              </Group>
            ))}
          </Stack>
          <Text size="xs">Banners of the Home page show on every country site that has it.</Text>
        </Stack>
      )}
    </Section>
  );
}

function PopupSection({ home }: { home: HomeOverview }) {
  const { popups, country } = home;
  const to = at('/admin/popup', country);
  return (
    <Section title="Popup" count={popups.count} edit={{ to, label: 'Edit popups' }}>
      {popups.count === 0 ? (
        <Empty text={`No popup for ${country.name} yet`} add={{ to, label: 'Add a popup' }} />
      ) : popups.shown ? (
        <Group gap="sm" wrap="nowrap" align="flex-start">
          <Thumbnail url={popups.shown.image.url} alt="" size={72} />
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
      )}
    </Section>
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
