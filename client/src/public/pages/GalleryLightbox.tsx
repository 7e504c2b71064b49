import '../dialog-styles.js';
import { Button, Group, Modal, Text, VisuallyHidden } from '@mantine/core';
import { useWindowEvent } from '@mantine/hooks';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { useState } from 'react';
import type { SiteGalleryImage } from '../../../../shared/site-content.js';
import classes from '../content/content.module.css';
import { ResponsiveImage } from '../media/ResponsiveImage.js';

export interface LightboxProps {
  images: SiteGalleryImage[];
  /** The picture shown; null when closed. */
  index: number | null;
  hasMore: boolean;
  onIndexChange: (index: number) => void;
  /** Loads the next page; resolves with how many pictures are loaded then. */
  loadMore: () => Promise<number>;
  onClose: () => void;
  /** How a picture is named to a screen reader (the gallery's own wording). */
  labelOf: (image: SiteGalleryImage, index: number) => string;
}

/**
 * The large picture in a dialog: previous/next buttons and the arrow keys move through the pictures (loading more
 * at the end), Escape closes, and focus goes back to the thumbnail that opened it (Mantine's Modal returns it).
 */
export default function Lightbox({ images, index, hasMore, onIndexChange, loadMore, onClose, labelOf }: LightboxProps) {
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
          <VisuallyHidden aria-live="polite">{index === null ? '' : labelOf(image, index)}</VisuallyHidden>
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
