import { Group, TextInput } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import type { ImageCategory } from '../../../../shared/enums.js';
import type { UnassignedImageKind } from '../../../../shared/media.schema.js';
import { useTrpc } from '../../trpc.js';
import { MEDIA_PAGE_SIZE, MediaChoices, useNameSearch } from '../pages/media/media-parts.js';
import { PictureThumbnail } from './thumbnails.js';
import { ChooseImageButton, UploadProgress, useImageUpload } from './upload.js';
import { uploadPictures, type UploadedPicture } from '../pages/media/UploadPicturesModal.js';
import { useCursorList } from './use-cursor-list.js';
import { GroupField } from './GroupField.js';

/** An image as the picker shows it. */
export type PickedImage = UploadedPicture;

/**
 * The images uploaded in a picker, newest first, and the function that adds one. Those no item took are removed from
 * the library when the picker closes (its modal was cancelled, or another image was chosen), so abandoned attempts do
 * not pile up unassigned. The server refuses to delete an image an item uses (LINKED_WITH_OTHER_ENTITIES), so the
 * upload the item was just saved with stays.
 */
function useFreshUploads() {
  const trpc = useTrpc();
  const queryClient = useQueryClient();
  const [uploaded, setUploaded] = useState<PickedImage[]>([]);
  const ids = useRef<number[]>([]);
  // Stable for the picker's life (one mutation observer), so the clean-up below runs once, when it closes.
  const { mutateAsync: remove } = useMutation(trpc.media.deleteImage.mutationOptions());
  useEffect(() => {
    const uploads = ids.current;
    return () => {
      if (uploads.length === 0) return;
      void Promise.allSettled(uploads.map((id) => remove({ image_id: id }))).then(() =>
        queryClient.invalidateQueries({ queryKey: trpc.media.pathKey() }),
      );
    };
  }, [remove, queryClient, trpc]);
  const add = (image: PickedImage) => {
    ids.current.push(image.id);
    setUploaded((list) => [image, ...list]);
  };
  return [uploaded, add] as const;
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
  error?: ReactNode;
  required?: boolean;
}) {
  const trpc = useTrpc();
  const queryClient = useQueryClient();
  const labelId = useId();
  const { input, filter } = useNameSearch();
  const [uploaded, addUpload] = useFreshUploads();
  const { progress, problem, upload } = useImageUpload(async (file, onProgress) => {
    const [image] = await uploadPictures([file], category, onProgress);
    addUpload(image!);
    onChange(image!.id);
    await queryClient.invalidateQueries({ queryKey: trpc.media.pathKey() });
  });
  const list = useCursorList({
    page: (after) => {
      const page = { first: MEDIA_PAGE_SIZE, after, filter };
      return kind
        ? trpc.media.unassignedImages.queryOptions({ kind, ...page })
        : trpc.media.imagesOfCategory.queryOptions({ category, ...page });
    },
  });
  // The item's own image and fresh uploads first, then the library's (each once).
  const byId = new Map([...(current ? [current] : []), ...uploaded, ...(list.items ?? [])].map((i) => [i.id, i]));

  return (
    <GroupField
      labelId={labelId}
      label={label}
      required={required}
      error={problem ?? error}
      description="Choose an image from the library, or upload a new one."
    >
      <Group gap="sm" mt={4} mb="xs" align="flex-end">
        <TextInput
          aria-label={`Search ${label.toLowerCase()} by name`}
          placeholder="Search by name"
          size="xs"
          style={{ flex: 1 }}
          {...input}
        />
        <ChooseImageButton onChoose={upload} uploading={progress !== null} variant="light">
          Upload new image
        </ChooseImageButton>
      </Group>
      <UploadProgress progress={progress} count={1} />
      <MediaChoices
        labelledBy={labelId}
        value={value ? String(value) : null}
        onChange={(id) => onChange(Number(id))}
        list={list}
        items={[...byId.values()]}
        nameOf={(image) => image.image_name}
        preview={(image) => <PictureThumbnail url={image.image_url} height={72} />}
        noun="images"
        empty={filter ? 'No image matches that name.' : 'No unused images of this kind yet: upload one.'}
        moreLabel="Load more images"
      />
    </GroupField>
  );
}
