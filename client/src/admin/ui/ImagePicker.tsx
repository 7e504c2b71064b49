import { Button, Group, Paper, Stack, TextInput } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import type { ImageCategory } from '../../../../shared/enums.js';
import type { UnassignedImageKind } from '../../../../shared/media.schema.js';
import { imageFileProblem } from '../../../../shared/media.js';
import { useTrpc } from '../../trpc.js';
import { MEDIA_PAGE_SIZE, MediaChoices, useNameSearch } from '../pages/media/media-parts.js';
import { PictureThumbnail } from './thumbnails.js';
import {
  AltTextInput,
  altTextProblem,
  ChooseImageButton,
  ChosenPicturePreview,
  UploadProgress,
  useImageUpload,
} from './upload.js';
import { uploadPictures, type UploadedPicture } from '../pages/media/UploadPicturesModal.js';
import { useCursorList } from './use-cursor-list.js';
import { GroupField } from './GroupField.js';

/** An image as the picker shows it. */
export type PickedImage = Pick<UploadedPicture, 'id' | 'image_name' | 'image_url'>;

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
 * chosen. A new one is described first (its alternative text, required, as in the library's upload). Works as a form
 * field: `value` is the image id, `onChange` gets the new id.
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
  const chooseButton = useRef<HTMLButtonElement>(null);
  const altInput = useRef<HTMLInputElement>(null);
  // The file chosen to upload, while staff write what it shows.
  const [chosen, setChosen] = useState<File | null>(null);
  const [altText, setAltText] = useState('');
  const [altProblem, setAltProblem] = useState<string | null>(null);
  const { progress, problem, upload, clear } = useImageUpload(async (file, onProgress) => {
    const [image] = await uploadPictures([{ file, altText }], category, onProgress);
    addUpload(image!);
    onChange(image!.id);
    setChosen(null);
    setAltText('');
    await queryClient.invalidateQueries({ queryKey: trpc.media.pathKey() });
  });
  // A file the server would refuse is refused at once (its message shows); a picture is described before it goes.
  const choose = async (file: File | null) => {
    if (!file) return;
    if (imageFileProblem(file)) return upload(file);
    clear();
    setChosen(file);
    setAltText('');
    setAltProblem(null);
  };
  const send = async () => {
    const refused = altTextProblem(altText);
    setAltProblem(refused);
    if (!refused && chosen) await upload(chosen);
  };
  const cancel = () => {
    setChosen(null);
    clear();
    chooseButton.current?.focus();
  };
  // Inside an item's form: Enter uploads the picture rather than saving the item.
  const onAltKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    void send();
  };
  const uploading = progress !== null;
  // Staff just chose the file: what it shows is the next thing to write.
  useEffect(() => {
    if (chosen) altInput.current?.focus();
  }, [chosen]);
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
        <ChooseImageButton onChoose={choose} uploading={uploading} variant="light" buttonRef={chooseButton}>
          Upload new image
        </ChooseImageButton>
      </Group>
      {chosen ? (
        <Paper withBorder p="sm" mb="xs">
          <Stack gap="xs">
            <Group gap="sm" wrap="nowrap" align="flex-start">
              <ChosenPicturePreview file={chosen} size={72} />
              <AltTextInput
                fileName={chosen.name}
                value={altText}
                onChange={(event) => {
                  setAltText(event.currentTarget.value);
                  setAltProblem(null);
                }}
                onBlur={() => setAltProblem(altTextProblem(altText))}
                onKeyDown={onAltKeyDown}
                error={altProblem}
                disabled={uploading}
                ref={altInput}
                style={{ flex: 1 }}
              />
            </Group>
            <Group justify="flex-end" gap="xs">
              {/* Not "Cancel": that is the item's form's, beside it. */}
              <Button size="xs" variant="default" onClick={cancel} disabled={uploading}>
                Discard
              </Button>
              <Button size="xs" onClick={() => void send()} loading={uploading}>
                Upload picture
              </Button>
            </Group>
          </Stack>
        </Paper>
      ) : null}
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
