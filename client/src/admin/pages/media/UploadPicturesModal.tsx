import { ActionIcon, Alert, Button, FileButton, Group, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck, IconPhotoUp, IconX } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useId, useRef, useState } from 'react';
import type { ImageCategory } from '../../../../../shared/enums.js';
import {
  UPLOAD_IMAGE_TYPES,
  UPLOAD_MAX_FILE_BYTES,
  UPLOAD_MAX_FILES,
  imageFileProblem,
} from '../../../../../shared/media.js';
import { notifySuccess } from '../../../notify.js';
import { graphqlUpload, UploadError } from '../../graphql-upload.js';
import { AdminModal } from '../../ui/AdminModal.js';
import { errorMessage } from '../../ui/errors.js';
import { CategoryField, IMAGE_CATEGORY_LABELS } from './media-parts.js';
import { countPictures, UploadProgress, useUploadProgress, type OnProgress } from '../../ui/upload.js';

/** A picture as the upload answers it. */
export type UploadedPicture = { id: number; image_name: string; image_url: string };

const UPLOAD_PICTURES = `mutation UploadImages($images: [Upload!]!, $category: ImageCategory!) {
  uploadImages(images: $images, category: $category) { id image_name image_url }
}`;

/**
 * Sends pictures into the library under one category, together (GraphQL multipart, paths `images.0`, `images.1`, …:
 * tRPC has no upload path). The server stores all or none; a refusal is an UploadError whose fields name the refused
 * files.
 */
export async function uploadPictures(files: File[], category: ImageCategory, onProgress: OnProgress) {
  const answer = await graphqlUpload<{ uploadImages: UploadedPicture[] }>(
    UPLOAD_PICTURES,
    { images: files.map(() => null), category },
    files.map((file, index) => ({ path: `images.${index}`, file })),
    onProgress,
  );
  return answer.uploadImages;
}

/** A chosen file, and why it cannot be sent (checked here first; the server's word replaces it after a refusal). */
type ChosenFile = { key: number; file: File; problem: string | null };

const TOO_MANY = `At most ${UPLOAD_MAX_FILES} pictures go in one upload: upload this one next`;

function sizeOf(bytes: number): string {
  return bytes < 1024 * 1024 ? `${Math.max(1, Math.round(bytes / 1024))} KB` : `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

/**
 * Uploads several pictures at once into one category: dropped on the drop zone or chosen with it (a button, so the
 * keyboard reaches it), each checked here with its own message, sent together with a progress bar. A file the server
 * refuses gets its message.
 */
export function UploadPicturesModal({
  category: fixedCategory,
  title = 'Upload Pictures',
  onClose,
  onUploaded,
}: {
  /** The category of every picture, when the screen decides it (e.g. a country's gallery). */
  category?: ImageCategory;
  title?: string;
  onClose: () => void;
  /** After the upload (e.g. add the pictures to a gallery, refetch); the modal shows "Successfully Added!" after. */
  onUploaded: (pictures: UploadedPicture[]) => Promise<void>;
}) {
  const hintId = useId();
  const nextKey = useRef(0);
  const resetChooser = useRef<() => void>(null);
  const { progress, track } = useUploadProgress();
  const [category, setCategory] = useState<ImageCategory | null>(fixedCategory ?? null);
  const [files, setFiles] = useState<ChosenFile[]>([]);
  const [dragging, setDragging] = useState(false);
  // The first UPLOAD_MAX_FILES acceptable files go; any more wait for the next upload.
  const sending = files.filter((chosen) => chosen.problem === null).slice(0, UPLOAD_MAX_FILES);
  // Pending from sending until the screen has taken the pictures (e.g. added them to a gallery).
  const upload = useMutation({
    mutationFn: async ({ sent, category }: { sent: ChosenFile[]; category: ImageCategory }) => {
      const files = sent.map(({ file }) => file);
      const pictures = await track((onProgress) => uploadPictures(files, category, onProgress)).catch(
        (error: unknown) => {
          // `images.<n>` names a refused file among those sent.
          const fields = error instanceof UploadError ? error.fields : {};
          setFiles((current) =>
            current.map((chosen) => ({
              ...chosen,
              problem: fields[`images.${sent.indexOf(chosen)}`] ?? chosen.problem,
            })),
          );
          throw error;
        },
      );
      // They are in the library now: a retry must not send them again.
      setFiles((current) => current.filter((chosen) => !sent.includes(chosen)));
      await onUploaded(pictures).catch((error: unknown) => {
        throw new Error(`The pictures are in the library, but: ${errorMessage(error)}`);
      });
    },
    onSuccess: () => notifySuccess('Successfully Added!'),
  });
  const busy = upload.isPending;
  const refused = upload.error instanceof UploadError ? upload.error.fields : {};

  const add = (list: readonly File[]) => {
    resetChooser.current?.();
    if (list.length === 0) return;
    upload.reset();
    setFiles((current) => [
      ...current,
      ...list.map((file) => ({ key: nextKey.current++, file, problem: imageFileProblem(file) })),
    ]);
  };

  return (
    <AdminModal opened onClose={busy ? () => undefined : onClose} title={title}>
      <Stack gap="md">
        <CategoryField
          labels={IMAGE_CATEGORY_LABELS}
          fixed={fixedCategory}
          value={category}
          onChange={setCategory}
          error={refused.category}
          disabled={busy}
        />
        <FileButton
          multiple
          accept={UPLOAD_IMAGE_TYPES.join(',')}
          onChange={add}
          resetRef={resetChooser}
          disabled={busy}
        >
          {(props) => (
            <UnstyledButton
              {...props}
              disabled={busy}
              aria-describedby={hintId}
              onDragOver={(event) => {
                event.preventDefault();
                setDragging(true);
              }}
              onDragLeave={() => setDragging(false)}
              onDrop={(event) => {
                event.preventDefault();
                setDragging(false);
                if (!busy) add([...event.dataTransfer.files]);
              }}
              p="lg"
              style={{
                border: `2px dashed var(--mantine-color-${dragging ? 'blue-7' : 'gray-5'})`,
                borderRadius: 'var(--mantine-radius-md)',
                background: dragging ? 'var(--mantine-color-blue-0)' : undefined,
                textAlign: 'center',
              }}
            >
              <Stack gap={4} align="center">
                <IconPhotoUp size={32} aria-hidden />
                <Text fw={600}>Drop pictures here, or choose files</Text>
                <Text size="sm" id={hintId}>
                  PNG, JPEG, WebP, AVIF or GIF; up to {UPLOAD_MAX_FILE_BYTES / 1024 / 1024} MB each and{' '}
                  {UPLOAD_MAX_FILES} at once.
                </Text>
              </Stack>
            </UnstyledButton>
          )}
        </FileButton>
        {files.length > 0 ? (
          <Stack gap={6} role="list" aria-label="Chosen files">
            {files.map((chosen) => {
              const { key, file } = chosen;
              const message = chosen.problem ?? (sending.includes(chosen) ? null : TOO_MANY);
              return (
                <Group key={key} role="listitem" wrap="nowrap" gap="xs" align="flex-start">
                  {message ? (
                    <IconAlertTriangle size={18} color="var(--mantine-color-red-8)" aria-hidden />
                  ) : (
                    <IconCircleCheck size={18} color="var(--mantine-color-teal-8)" aria-hidden />
                  )}
                  <Text component="div" size="sm" flex={1} miw={0} style={{ overflowWrap: 'anywhere' }}>
                    {file.name}{' '}
                    <Text span size="xs">
                      ({sizeOf(file.size)})
                    </Text>
                    {message ? (
                      <Text size="sm" c="red.8">
                        {message}
                      </Text>
                    ) : null}
                  </Text>
                  <ActionIcon
                    variant="subtle"
                    color="gray"
                    aria-label={`Remove ${file.name}`}
                    disabled={busy}
                    onClick={() => setFiles((current) => current.filter((other) => other.key !== key))}
                  >
                    <IconX size={16} aria-hidden />
                  </ActionIcon>
                </Group>
              );
            })}
          </Stack>
        ) : null}
        <UploadProgress progress={progress} count={sending.length} />
        {upload.error ? (
          <Alert color="red" icon={<IconAlertTriangle size={18} aria-hidden />} role="alert">
            {Object.keys(refused).some((field) => field.startsWith('images.'))
              ? 'Nothing was uploaded: the marked files were refused. Upload again to send the others.'
              : refused.category
                ? 'Nothing was uploaded.'
                : errorMessage(upload.error)}
          </Alert>
        ) : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button
            onClick={() => category && upload.mutate({ sent: sending, category })}
            disabled={!category || sending.length === 0}
            loading={busy}
          >
            {sending.length > 0 ? `Upload ${countPictures(sending.length)}` : 'Upload'}
          </Button>
        </Group>
      </Stack>
    </AdminModal>
  );
}
