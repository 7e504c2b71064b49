import { Box, Center, Image, Stack, Text } from '@mantine/core';
import { IconVideo } from '@tabler/icons-react';
import type { ColumnDef } from '@tanstack/react-table';
import { useState } from 'react';
import { imageVariantUrl } from '../../../../shared/media.js';
import { videoEmbedOf, videoThumbnailOf } from '../../public/content/embeds.js';

/**
 * The staff area's small pictures: a list row's or a section's thumbnail, a library card's picture and a video's
 * still. Each is decoration beside the item's name, so pictures have no alternative text unless told.
 */

/** A thumbnail's picture: the narrowest variant the server makes is plenty. */
export const smallPictureUrl = (url: string) => imageVariantUrl(url, 160);

/** How a thumbnail is drawn: its box (`h` defaults to `w`), round (a person) and contained (an icon). */
export interface ThumbnailShape {
  w: number;
  h?: number;
  round?: boolean;
  contain?: boolean;
}

/** A small picture of an item, from the narrowest variant the server makes. */
export function Thumbnail({ url, w, h = w, round, contain }: ThumbnailShape & { url: string }) {
  return (
    <Image
      src={smallPictureUrl(url)}
      alt=""
      w={w}
      h={h}
      radius={contain ? undefined : round ? 'xl' : 'sm'}
      fit={contain ? 'contain' : 'cover'}
      loading="lazy"
      style={{ flexShrink: 0 }}
    />
  );
}

/** A list's column showing each row's picture (`header`: "Image", "Photo", "Icon"). */
export function pictureColumn<Row extends { image: { image_url: string } }>(
  header: string,
  shape: ThumbnailShape,
): ColumnDef<Row> {
  return { id: 'image', header, cell: ({ row }) => <Thumbnail url={row.original.image.image_url} {...shape} /> };
}

/** A library card's picture, filling the card's width at `height`. */
export function PictureThumbnail({ url, height = 160 }: { url: string; height?: number }) {
  return <Image src={imageVariantUrl(url, 320)} alt="" h={height} fit="cover" loading="lazy" />;
}

/**
 * A video's still (YouTube has one at a known URL), `height` high or (none) at 16:9 of its width. A link with no
 * still shows what the video is instead, and so does a still that cannot load (YouTube out of reach): the picture
 * then turns transparent over that sign, keeping its name for screen readers.
 */
export function VideoThumbnail({ url, alt = '', height }: { url: string; alt?: string; height?: number }) {
  const still = videoThumbnailOf(url);
  const [failed, setFailed] = useState(false);
  const box = height === undefined ? { style: { aspectRatio: '16 / 9' } } : { h: height };
  const provider = videoEmbedOf(url)?.provider;
  return (
    <Box pos="relative" {...box} bg="gray.1">
      <Center h="100%" p={4} aria-hidden={still ? true : undefined}>
        <Stack gap={4} align="center">
          <IconVideo size={28} aria-hidden />
          <Text size="xs" ta="center">
            {provider === 'vimeo' ? 'Vimeo video (no still)' : 'Video link'}
          </Text>
        </Stack>
      </Center>
      {still ? (
        <Image
          src={still}
          alt={alt}
          pos="absolute"
          inset={0}
          h="100%"
          fit="cover"
          loading="lazy"
          style={failed ? { opacity: 0 } : undefined}
          onError={() => setFailed(true)}
        />
      ) : null}
    </Box>
  );
}
