import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Center,
  Group,
  Image,
  Loader,
  SimpleGrid,
  Stack,
  Text,
  VisuallyHidden,
} from '@mantine/core';
import { IconAlertTriangle, IconVideo } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { imageVariantUrl } from '../../../../../shared/media.js';
import { externalLinkOf, videoEmbedOf, videoThumbnailOf } from '../../../public/content/embeds.js';
import type { CursorList } from '../../ui/use-cursor-list.js';
import { errorMessage } from '../../ui/errors.js';

/**
 * Pictures or videos as a grid of cards, loaded a page at a time ("Load more" appends the next page), with the
 * loading, empty and error states of every staff list.
 */
export function MediaGrid<Item extends { id: number }>({
  label,
  noun,
  list,
  empty,
  children,
}: {
  /** Names the list for screen readers, e.g. "Pictures in the library". */
  label: string;
  /** What the items are, plural: "pictures", "videos". */
  noun: string;
  list: CursorList<Item>;
  /** The sentence shown when there is nothing to list. */
  empty: string;
  /** One card per item. */
  children: (item: Item) => ReactNode;
}) {
  const { items } = list;
  if (list.error) {
    return (
      <Alert color="red" icon={<IconAlertTriangle size={18} aria-hidden />} title="Could not load the list">
        {errorMessage(list.error)}
      </Alert>
    );
  }
  if (!items) {
    return (
      <Center py="xl" aria-busy={list.loading}>
        {list.loading ? <Loader size="sm" role="status" aria-label={`Loading ${noun}`} /> : null}
      </Center>
    );
  }
  return (
    <Stack gap="md" aria-busy={list.fetching}>
      {items.length === 0 ? (
        <Text py="lg" ta="center">
          {empty}
        </Text>
      ) : (
        <SimpleGrid cols={{ base: 1, xs: 2, md: 3, xl: 4 }} spacing="md" role="list" aria-label={label}>
          {items.map((item) => (
            <div role="listitem" key={item.id}>
              {children(item)}
            </div>
          ))}
        </SimpleGrid>
      )}
      <VisuallyHidden aria-live="polite">{`${items.length} ${noun} shown`}</VisuallyHidden>
      {list.hasMore ? (
        <Center>
          <Button variant="default" loading={list.loadingMore} onClick={list.loadMore}>
            Load more
          </Button>
        </Center>
      ) : null}
    </Stack>
  );
}

/** One picture or video: its preview, name, category, when it was added and its actions. */
export function MediaCard({
  preview,
  name,
  category,
  added,
  children,
  actions,
}: {
  preview: ReactNode;
  name: string;
  category: string;
  added: string;
  /** More about the item (e.g. a video's link). */
  children?: ReactNode;
  /** Icon buttons, each with an accessible label. */
  actions: ReactNode;
}) {
  return (
    <Card withBorder padding="sm" h="100%">
      <Card.Section>{preview}</Card.Section>
      <Stack gap={6} mt="sm" style={{ flex: 1 }}>
        <Text fw={600} style={{ overflowWrap: 'anywhere' }} lineClamp={2} title={name}>
          {name}
        </Text>
        <Group gap="xs">
          <Badge variant="light" color="gray">
            {category}
          </Badge>
          <Text size="xs">{added}</Text>
        </Group>
        {children}
      </Stack>
      <Group justify="flex-end" gap={4} mt="xs" wrap="nowrap">
        {actions}
      </Group>
    </Card>
  );
}

/** A picture's thumbnail (a small variant; its name is shown next to it, so no alternative text). */
export function PictureThumbnail({ url, height = 160 }: { url: string; height?: number }) {
  return <Image src={imageVariantUrl(url, 320)} alt="" h={height} fit="cover" loading="lazy" />;
}

/** A video's still (YouTube has one at a known URL); other links show what they are instead. */
export function VideoThumbnail({ url, alt = '', height = 160 }: { url: string; alt?: string; height?: number }) {
  const still = videoThumbnailOf(url);
  // The background shows while the still loads (or if YouTube cannot be reached).
  if (still) return <Image src={still} alt={alt} h={height} fit="cover" loading="lazy" bg="gray.1" />;
  const provider = videoEmbedOf(url)?.provider;
  return (
    <Center h={height} bg="gray.1">
      <Stack gap={4} align="center">
        <IconVideo size={32} aria-hidden />
        <Text size="sm">{provider === 'vimeo' ? 'Vimeo video (no still)' : 'Video link'}</Text>
      </Stack>
    </Center>
  );
}

/** The video's link, to open it where it is hosted. */
export function VideoLink({ url }: { url: string }) {
  const href = externalLinkOf(url);
  if (!href) return null;
  return (
    <Anchor href={href} target="_blank" rel="noopener noreferrer" size="sm" style={{ overflowWrap: 'anywhere' }}>
      {href}
    </Anchor>
  );
}
