import {
  Button,
  FileButton,
  Group,
  Image,
  Input,
  Loader,
  Progress,
  Radio,
  ScrollArea,
  SimpleGrid,
  Text,
  TextInput,
  ThemeIcon,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconCheck, IconUpload } from '@tabler/icons-react';
import { useMutation, useQueries, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import type { ImageCategory } from '../../../../shared/enums.js';
import { UPLOAD_IMAGE_TYPES, imageFileProblem, imageVariantUrl } from '../../../../shared/media.js';
import type { UnassignedImageKind } from '../../../../shared/media.schema.js';
import { useTrpc } from '../../trpc.js';
import { graphqlUpload } from '../graphql-upload.js';
import { errorMessage } from './errors.js';
import classes from './ImagePicker.module.css';

/** An image as the picker shows it. */
export interface PickedImage {
  id: number;
  image_name: string;
  image_url: string;
}

const UPLOAD_IMAGE = `mutation UploadImage($images: [Upload!]!, $category: ImageCategory!) {
  uploadImages(images: $images, category: $category) { id image_name image_url }
}`;

/** Uploads one image into the library under `category` (GraphQL multipart: tRPC has no upload path). */
export async function uploadImage(
  file: File,
  category: ImageCategory,
  onProgress?: (fraction: number) => void,
): Promise<PickedImage> {
  const data = await graphqlUpload<{ uploadImages: PickedImage[] }>(
    UPLOAD_IMAGE,
    { images: [null], category },
    [{ path: 'images.0', file }],
    onProgress,
  );
  return data.uploadImages[0]!;
}

const PAGE_SIZE = 12;

/**
 * Uploads made in a picker that no item took are removed from the library when the picker closes (its modal was
 * cancelled, or another image was chosen), so abandoned attempts do not pile up unassigned. The server refuses to
 * delete an image an item uses (LINKED_WITH_OTHER_ENTITIES), so the upload the item was just saved with stays.
 * Returns the function that records an upload.
 */
function useForgetUnusedUploads(): (imageId: number) => void {
  const trpc = useTrpc();
  const queryClient = useQueryClient();
  const uploads = useRef<number[]>([]);
  // Stable for the picker's life (one mutation observer), so the clean-up below runs once, when it closes.
  const { mutateAsync: remove } = useMutation(trpc.media.deleteImage.mutationOptions());
  useEffect(() => {
    const ids = uploads.current;
    return () => {
      if (ids.length === 0) return;
      void Promise.allSettled(ids.map((id) => remove({ image_id: id }))).then(() =>
        queryClient.invalidateQueries({ queryKey: trpc.media.pathKey() }),
      );
    };
  }, [remove, queryClient, trpc]);
  return useCallback((imageId: number) => {
    uploads.current.push(imageId);
  }, []);
}

/**
 * Chooses the image of an item (a testimonial's photo, a banner, …) from the library images of its category that
 * no other item uses (`kind`), or all images of the category (services), or uploads a new one, which is then
 * chosen. Works as a form field: `value` is the image id, `onChange` gets the new id.
 */
export function ImagePicker({
  label,
  category,
  kind,
  current,
  value,
  onChange,
  error,
  required = true,
}: {
  label: string;
  category: ImageCategory;
  /** The item type whose unused images are offered; without it, every image of the category. */
  kind?: UnassignedImageKind;
  /** The image the item has now (it is "used", so no unassigned list has it). */
  current?: PickedImage | null;
  value?: number | null;
  onChange: (id: number | null) => void;
  error?: React.ReactNode;
  required?: boolean;
}) {
  const trpc = useTrpc();
  const queryClient = useQueryClient();
  const labelId = useId();
  const [search, setSearch] = useState('');
  const [filter] = useDebouncedValue(search.trim(), 300);
  const [uploaded, setUploaded] = useState<PickedImage[]>([]);
  const [progress, setProgress] = useState<number | null>(null);
  const [uploadError, setUploadError] = useState<string | null>(null);
  const recordUpload = useForgetUnusedUploads();

  // Cursor pages loaded so far ("Load more" adds the next one); a new search starts again at the first page.
  const [cursors, setCursors] = useState<{ filter: string; after: (string | null)[] }>({ filter: '', after: [null] });
  const after = cursors.filter === filter ? cursors.after : [null];
  const pages = useQueries({
    queries: after.map((cursor) =>
      kind
        ? trpc.media.unassignedImages.queryOptions({ kind, first: PAGE_SIZE, after: cursor, filter: filter || null })
        : trpc.media.imagesOfCategory.queryOptions({
            category,
            first: PAGE_SIZE,
            after: cursor,
            filter: filter || null,
          }),
    ),
  });
  const lastPage = pages.at(-1);
  const nextCursor = lastPage?.data?.pageInfo.hasNextPage ? lastPage.data.pageInfo.endCursor : null;

  // The item's own image and fresh uploads first, then the library's pages (merged, without duplicates).
  const seen = new Set<number>();
  const images: PickedImage[] = [];
  for (const image of [
    ...(current ? [current] : []),
    ...uploaded,
    ...pages.flatMap((page) => page.data?.edges.map((edge) => edge.node) ?? []),
  ]) {
    if (!seen.has(image.id)) {
      seen.add(image.id);
      images.push(image);
    }
  }

  const upload = async (file: File | null) => {
    if (!file) return;
    const problem = imageFileProblem(file);
    setUploadError(problem);
    if (problem) return;
    setProgress(0);
    try {
      const image = await uploadImage(file, category, setProgress);
      recordUpload(image.id);
      setUploaded((list) => [image, ...list]);
      onChange(image.id);
      await queryClient.invalidateQueries({ queryKey: trpc.media.pathKey() });
    } catch (failure) {
      setUploadError(errorMessage(failure));
    } finally {
      setProgress(null);
    }
  };

  return (
    <Input.Wrapper
      label={label}
      labelElement="div"
      id={labelId}
      required={required}
      error={uploadError ?? error}
      description="Choose an image from the library, or upload a new one."
    >
      <Group gap="sm" mt={4} mb="xs" align="flex-end">
        <TextInput
          aria-label={`Search ${label.toLowerCase()} by name`}
          placeholder="Search by name"
          size="xs"
          value={search}
          onChange={(event) => setSearch(event.currentTarget.value)}
          style={{ flex: 1 }}
        />
        <FileButton onChange={(file) => void upload(file)} accept={UPLOAD_IMAGE_TYPES.join(',')}>
          {(props) => (
            <Button
              {...props}
              size="xs"
              variant="light"
              leftSection={<IconUpload size={14} aria-hidden />}
              loading={progress !== null}
            >
              Upload new image
            </Button>
          )}
        </FileButton>
      </Group>
      {progress !== null ? (
        <Progress value={progress * 100} size="sm" mb="xs" aria-label="Upload progress" animated />
      ) : null}
      <Radio.Group
        value={value ? String(value) : null}
        onChange={(id) => onChange(Number(id))}
        aria-labelledby={labelId}
      >
        <ScrollArea.Autosize mah={260} type="auto">
          {pages[0]?.isPending && images.length === 0 ? (
            <Group justify="center" p="md">
              <Loader size="sm" role="status" aria-label="Loading images" />
            </Group>
          ) : images.length === 0 ? (
            <Text size="sm" c="dimmed" p="sm">
              {filter ? 'No image matches that name.' : 'No unused images of this kind yet: upload one.'}
            </Text>
          ) : (
            <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="xs">
              {images.map((image) => (
                <Radio.Card
                  key={image.id}
                  value={String(image.id)}
                  p={4}
                  radius="sm"
                  aria-label={image.image_name}
                  className={classes.card}
                >
                  {image.id === value ? (
                    <ThemeIcon className={classes.tick} radius="xl" size="sm" aria-hidden>
                      <IconCheck size={14} />
                    </ThemeIcon>
                  ) : null}
                  <Image
                    src={imageVariantUrl(image.image_url, 160)}
                    alt=""
                    h={72}
                    fit="cover"
                    radius="xs"
                    loading="lazy"
                  />
                  <Text size="xs" truncate mt={2}>
                    {image.image_name}
                  </Text>
                </Radio.Card>
              ))}
            </SimpleGrid>
          )}
        </ScrollArea.Autosize>
      </Radio.Group>
      {nextCursor ? (
        <Button
          variant="subtle"
          size="xs"
          mt={4}
          onClick={() => setCursors({ filter, after: [...after, nextCursor] })}
          loading={lastPage?.isFetching}
        >
          Load more images
        </Button>
      ) : null}
    </Input.Wrapper>
  );
}
