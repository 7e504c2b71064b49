import {
  Anchor,
  Button,
  Card,
  Container,
  Group,
  Modal,
  Rating,
  SimpleGrid,
  Stack,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { useEffect, useState, type JSX } from 'react';
import { Link } from 'react-router';
import type { SiteHome, SitePopup } from '../../../../shared/site-content.js';
import classes from '../content/content.module.css';
import { safeLinkOf } from '../content/embeds.js';
import { EnquiryCallToAction } from '../content/EnquiryCallToAction.js';
import { PageBanners } from '../content/PageBanners.js';
import { PageIntro } from '../content/PageIntro.js';
import { PageSection } from '../content/PageSection.js';
import { PageText } from '../content/PageText.js';
import { TeamMemberCard } from '../content/TeamMemberCard.js';
import { VideoEmbed } from '../content/VideoEmbed.js';
import { isPageEnabled } from '../layout/navigation.js';
import { ResponsiveImage } from '../media/ResponsiveImage.js';
import { useSiteLayout } from '../useSiteLayout.js';
import { useSiteHome } from './site-data.js';

/** Links to other pages only where the country site shows them (a hidden page would answer 404). */
function usePageShown(name: string): boolean {
  return isPageEnabled(name, useSiteLayout().enabledPageNames);
}

function AboutUs({ aboutUs }: { aboutUs: NonNullable<SiteHome['aboutUs']> }) {
  const showAboutUs = usePageShown('About Us');
  return (
    <PageSection title="About us">
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="xl">
        <div>
          <PageText body={aboutUs.description} headingOrder={3} />
          {showAboutUs ? (
            <Anchor component={Link} to="/about-us" fw={600}>
              More about us
            </Anchor>
          ) : null}
        </div>
        {aboutUs.video ? <VideoEmbed url={aboutUs.video.url} title={aboutUs.video.name} /> : null}
      </SimpleGrid>
    </PageSection>
  );
}

function Services({ services }: { services: SiteHome['services'] }) {
  return (
    <PageSection title="Our services">
      <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="lg">
        {services.map((service) => (
          <Card key={service.id} withBorder padding="lg" radius="md" component="article">
            <Card.Section>
              <ResponsiveImage
                image={service.image}
                // The title below says what the picture shows.
                alt=""
                sizes="(min-width: 62em) 33vw, (min-width: 48em) 50vw, 100vw"
                aspectRatio="3 / 2"
                fit="cover"
              />
            </Card.Section>
            <Title order={3} size="h4" mt="md">
              {service.title}
            </Title>
            <Text mt="xs" size="sm">
              {service.description}
            </Text>
          </Card>
        ))}
      </SimpleGrid>
    </PageSection>
  );
}

function Testimonials({ testimonials }: { testimonials: SiteHome['testimonials'] }) {
  return (
    <PageSection title="What our students say">
      <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="lg">
        {testimonials.map((testimonial) => (
          <Card key={testimonial.id} withBorder padding="lg" radius="md">
            <figure className={classes.testimonial}>
              <Rating
                value={testimonial.rating}
                readOnly
                role="img"
                aria-label={`Rated ${testimonial.rating} out of 5`}
              />
              <Text component="blockquote" mt="sm" className={classes.quote}>
                {testimonial.testimonial}
              </Text>
              <Group component="figcaption" mt="md" gap="sm" wrap="nowrap">
                <div className={classes.avatar}>
                  <ResponsiveImage
                    image={testimonial.image}
                    alt=""
                    sizes="56px"
                    aspectRatio="1 / 1"
                    fit="cover"
                    radius="xl"
                  />
                </div>
                <Stack gap={0}>
                  <Text fw={600}>{testimonial.name}</Text>
                  <Text size="sm" c="gray.7">
                    {testimonial.relation}
                  </Text>
                </Stack>
              </Group>
            </figure>
          </Card>
        ))}
      </SimpleGrid>
    </PageSection>
  );
}

function Team({ team }: { team: SiteHome['team'] }) {
  const showAboutUs = usePageShown('About Us');
  return (
    <PageSection title="Meet our team">
      <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="lg">
        {team.map((member) => (
          <TeamMemberCard key={member.id} member={member} />
        ))}
      </SimpleGrid>
      {showAboutUs ? (
        <Button component={Link} to="/about-us" variant="default" mt="lg">
          Meet the whole team
        </Button>
      ) : null}
    </PageSection>
  );
}

function GalleryTeaser({ images }: { images: SiteHome['galleryTeaser'] }) {
  const showGallery = usePageShown('Gallery');
  return (
    <PageSection title="Gallery">
      <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="sm">
        {images.map((image) => (
          <ResponsiveImage
            key={image.id}
            image={image}
            sizes="(min-width: 48em) 33vw, 50vw"
            aspectRatio="1 / 1"
            fit="cover"
            radius="md"
          />
        ))}
      </SimpleGrid>
      {showGallery ? (
        <Button component={Link} to="/gallery" variant="default" mt="lg">
          View the gallery
        </Button>
      ) : null}
    </PageSection>
  );
}

/** How long after the page appears the popup opens, so it never interrupts the first paint. */
const POPUP_DELAY_MS = 600;

function popupSeenKey(id: number): string {
  return `popup-seen:${id}`;
}

/** Whether the popup was shown earlier in this visit; storage may be unavailable (private modes), then "no". */
function takePopupTurn(id: number): boolean {
  try {
    if (window.sessionStorage.getItem(popupSeenKey(id))) return false;
    window.sessionStorage.setItem(popupSeenKey(id), '1');
  } catch {
    // Without storage the popup may show on each home visit; still better than never.
  }
  return true;
}

/** The country's popup (spec: once per visit), opened in the browser only, after the page has hydrated. */
function HomePopup({ popup }: { popup: SitePopup | null }) {
  const [opened, setOpened] = useState(false);
  const popupId = popup?.id;
  useEffect(() => {
    if (popupId === undefined) return;
    const timer = window.setTimeout(() => {
      if (takePopupTurn(popupId)) setOpened(true);
    }, POPUP_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [popupId]);

  if (!popup) return null;
  const link = safeLinkOf(popup.link);
  const close = () => setOpened(false);
  const image = <ResponsiveImage image={popup.image} sizes="(min-width: 48em) 600px, 100vw" />;
  const linkText = <VisuallyHidden>Find out more</VisuallyHidden>;
  return (
    <Modal
      opened={opened}
      onClose={close}
      title="Announcement"
      centered
      size="lg"
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      {link?.kind === 'internal' ? (
        <Link to={link.to} onClick={close}>
          {image}
          {linkText}
        </Link>
      ) : link?.kind === 'external' ? (
        <a href={link.href}>
          {image}
          {linkText}
        </a>
      ) : (
        image
      )}
    </Modal>
  );
}

/**
 * The home page: banners (the first banner's title is the page's h1), the welcome text, and the country's about-us,
 * services, testimonials, team and gallery pictures, each section shown only when it has something to show.
 */
export function HomePage(): JSX.Element {
  const home = useSiteHome();
  const bannerIsHeading = Boolean(home.banners[0]?.title);
  return (
    <>
      <PageBanners banners={home.banners} titleIsPageHeading={bannerIsHeading} />
      <Container size="md" py="xl">
        <PageIntro content={home.content} order={bannerIsHeading ? 2 : 1} />
        <PageText body={home.content.body} headingOrder={bannerIsHeading ? 3 : 2} />
      </Container>
      {home.aboutUs ? <AboutUs aboutUs={home.aboutUs} /> : null}
      {home.services.length > 0 ? <Services services={home.services} /> : null}
      {home.testimonials.length > 0 ? <Testimonials testimonials={home.testimonials} /> : null}
      {home.team.length > 0 ? <Team team={home.team} /> : null}
      {home.galleryTeaser.length > 0 ? <GalleryTeaser images={home.galleryTeaser} /> : null}
      <EnquiryCallToAction />
      <HomePopup popup={home.popup} />
    </>
  );
}
