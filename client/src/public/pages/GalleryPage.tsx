import '../dialog-styles.js';
import { Button, Center, Group, Modal, SimpleGrid, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { useWindowEvent } from '@mantine/hooks';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { useSuspenseInfiniteQuery } from '@tanstack/react-query';
import { useMemo, useState, type JSX } from 'react';
import type { SiteGalleryImage } from '../../../../shared/site-content.js';
import { useTrpc } from '../../trpc.js';
import classes from '../content/content.module.css';
import { PageSection } from '../content/PageSection.js';
import { VideoEmbed } from '../content/VideoEmbed.js';
import { useCountryId } from '../country.js';
import { ResponsiveImage } from '../media/ResponsiveImage.js';
import { ContentPage } from './ServicePage.js';
import { galleryImagesQuery, galleryVideosQuery, mergePages, type SitePageProps } from './site-data.js';

const pictureLabel = (image: SiteGalleryImage, index: number) =>
  image.alt ? `Picture ${index + 1}: ${image.alt}` : `Picture ${index + 1}`;

interface LightboxProps {
  images: SiteGalleryImage[];
  /** The picture shown; null when closed. */
  index: number | null;
  hasMore: boolean;
  onIndexChange: (index: number) => void;
  /** Loads the next page; resolves with how many pictures are loaded then. */
  loadMore: () => Promise<number>;
  onClose: () => void;
}

/**
 * The large picture in a dialog: previous/next buttons and the arrow keys move through the pictures (loading more
 * at the end), Escape closes, and focus goes back to the thumbnail that opened it (Mantine's Modal returns it).
 */
function Lightbox({ images, index, hasMore, onIndexChange, loadMore, onClose }: LightboxProps) {
  const [loading, setLoading] = useState(false);
  const image = index === null ? undefined : images[index];
  const canPrevious = index !== null && index > 0;
  const canNext = index !== null && (index < images.length - 1 || hasMore);

  const previous = () => {
    if (index !== null && canPrevious) onIndexChange(index - 1);
  };
  const next = async () => {
    if (index === null || !canNext || loading) return;
    if (index < images.length - 1) {
      onIndexChange(index + 1);
      return;
    }
    setLoading(true);
    try {
      if ((await loadMore()) > index + 1) onIndexChange(index + 1);
    } finally {
      setLoading(false);
    }
  };

  useWindowEvent('keydown', (event) => {
    if (index === null || event.altKey || event.ctrlKey || event.metaKey || event.defaultPrevented) return;
    if (event.key === 'ArrowLeft') {
      event.preventDefault();
      previous();
    } else if (event.key === 'ArrowRight') {
      event.preventDefault();
      void next();
    }
  });

  const position = index === null ? '' : `Picture ${index + 1} of ${images.length}${hasMore ? ' (more to load)' : ''}`;
  return (
    <Modal
      opened={index !== null}
      onClose={onClose}
      title={position}
      size="xl"
      centered
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      {image ? (
        <>
          <ResponsiveImage
            image={image}
            sizes="(min-width: 75em) 1100px, 100vw"
            fit="contain"
            className={classes.lightboxImage}
            priority
          />
          {image.alt ? (
            <Text ta="center" mt="xs">
              {image.alt}
            </Text>
          ) : null}
          <VisuallyHidden aria-live="polite">{index === null ? '' : pictureLabel(image, index)}</VisuallyHidden>
        </>
      ) : null}
      <Group justify="space-between" mt="md">
        {/* aria-disabled rather than disabled: a focused button that becomes disabled would drop the focus. */}
        <Button
          variant="default"
          leftSection={<IconChevronLeft aria-hidden="true" />}
          aria-label="Previous picture"
          aria-disabled={!canPrevious}
          data-disabled={!canPrevious || undefined}
          onClick={previous}
        >
          Previous
        </Button>
        <Button
          variant="default"
          rightSection={<IconChevronRight aria-hidden="true" />}
          aria-label="Next picture"
          aria-disabled={!canNext}
          data-disabled={!canNext || undefined}
          loading={loading}
          onClick={() => void next()}
        >
          Next
        </Button>
      </Group>
    </Modal>
  );
}

function Pictures() {
  const trpc = useTrpc();
  const countryId = useCountryId();
  const query = useSuspenseInfiniteQuery(galleryImagesQuery(trpc, countryId));
  const images = useMemo(() => mergePages(query.data.pages), [query.data.pages]);
  const [openIndex, setOpenIndex] = useState<number | null>(null);

  const loadMore = async () => {
    const result = await query.fetchNextPage();
    return result.data ? mergePages(result.data.pages).length : images.length;
  };

  if (images.length === 0) return null;
  return (
    <PageSection title="Pictures">
      <SimpleGrid cols={{ base: 2, sm: 3, md: 4 }} spacing="sm">
        {images.map((image, index) => (
          <UnstyledButton
            key={image.id}
            className={classes.thumbnail}
            onClick={() => setOpenIndex(index)}
            aria-label={`Open ${pictureLabel(image, index)}`}
            aria-haspopup="dialog"
          >
            <ResponsiveImage
              image={image}
              alt=""
              sizes="(min-width: 62em) 25vw, (min-width: 48em) 33vw, 50vw"
              aspectRatio="1 / 1"
              fit="cover"
            />
          </UnstyledButton>
        ))}
      </SimpleGrid>
      <VisuallyHidden aria-live="polite">{`${images.length} pictures shown`}</VisuallyHidden>
      {query.hasNextPage ? (
        <Center mt="lg">
          <Button variant="default" loading={query.isFetchingNextPage} onClick={() => void query.fetchNextPage()}>
            Load more pictures
          </Button>
        </Center>
      ) : null}
      <Lightbox
        images={images}
        index={openIndex}
        hasMore={query.hasNextPage}
        onIndexChange={setOpenIndex}
        loadMore={loadMore}
        onClose={() => setOpenIndex(null)}
      />
    </PageSection>
  );
}

function Videos() {
  const trpc = useTrpc();
  const countryId = useCountryId();
  const query = useSuspenseInfiniteQuery(galleryVideosQuery(trpc, countryId));
  const videos = useMemo(() => mergePages(query.data.pages), [query.data.pages]);
  if (videos.length === 0) return null;
  return (
    <PageSection title="Videos">
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
        {videos.map((video) => (
          <figure key={video.id} className={classes.figure}>
            <VideoEmbed url={video.url} title={video.name} />
            {video.name ? (
              <Text component="figcaption" mt="xs" fw={600}>
                {video.name}
              </Text>
            ) : null}
          </figure>
        ))}
      </SimpleGrid>
      <VisuallyHidden aria-live="polite">{`${videos.length} videos shown`}</VisuallyHidden>
      {query.hasNextPage ? (
        <Center mt="lg">
          <Button variant="default" loading={query.isFetchingNextPage} onClick={() => void query.fetchNextPage()}>
            Load more videos
          </Button>
        </Center>
      ) : null}
    </PageSection>
  );
}

/** The gallery: the page's text, then the country's pictures (with a lightbox) and videos, loaded a page at a time. */
export function GalleryPage({ path }: SitePageProps): JSX.Element {
  return (
    <ContentPage path={path} callToAction={false}>
      <Pictures />
      <Videos />
    </ContentPage>
  );
}
