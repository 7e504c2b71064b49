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
import {
  AltTextInput,
  altTextProblem,
  ChosenPicturePreview,
  countPictures,
  UploadProgress,
  useUploadProgress,
  type OnProgress,
} from '../../ui/upload.js';

/** A picture as the upload answers it. */
export type UploadedPicture = {
  id: number;
  image_name: string;
  image_url: string;
  alt_text: string;
  alt_text_reviewed: boolean;
};

/** A file to upload and what staff wrote of the picture. */
export type PictureToUpload = { file: File; altText: string };

const UPLOAD_PICTURES = `mutation UploadImages($images: [Upload!]!, $category: ImageCategory!, $alt_texts: [String!]) {
  uploadImages(images: $images, category: $category, alt_texts: $alt_texts) {
    id image_name image_url alt_text alt_text_reviewed
  }
}`;

/**
 * Sends pictures into the library under one category, together, each with its alternative text (GraphQL multipart,
 * paths `images.0`, `images.1`, …: tRPC has no upload path). The server stores all or none; a refusal is an
 * UploadError whose fields name the refused files (`images.<n>`) or texts (`alt_texts.<n>`).
 */
export async function uploadPictures(pictures: PictureToUpload[], category: ImageCategory, onProgress: OnProgress) {
  const answer = await graphqlUpload<{ uploadImages: UploadedPicture[] }>(
    UPLOAD_PICTURES,
    { images: pictures.map(() => null), category, alt_texts: pictures.map(({ altText }) => altText) },
    pictures.map(({ file }, index) => ({ path: `images.${index}`, file })),
    onProgress,
  );
  return answer.uploadImages;
}

/**
 * A chosen file, why it cannot be sent (checked here first; the server's word replaces it after a refusal), and its
 * alternative text with why that would be refused.
 */
type ChosenFile = { key: number; file: File; problem: string | null; altText: string; altProblem: string | null };

const TOO_MANY = `At most ${UPLOAD_MAX_FILES} pictures go in one upload: upload this one next`;

function sizeOf(bytes: number): string {
  return bytes < 1024 * 1024 ? `${Math.max(1, Math.round(bytes / 1024))} KB` : `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

/**
 * Uploads several pictures at once into one category: dropped on the drop zone or chosen with it (a button, so the
 * keyboard reaches it), each checked here with its own message and described by staff (its alternative text, which
 * the site reads out to people who cannot see it), sent together with a progress bar. A file or text the server
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
  const altInputs = useRef(new Map<number, HTMLInputElement>());
  const { progress, track } = useUploadProgress();
  const [category, setCategory] = useState<ImageCategory | null>(fixedCategory ?? null);
  const [files, setFiles] = useState<ChosenFile[]>([]);
  const [dragging, setDragging] = useState(false);
  // The first UPLOAD_MAX_FILES acceptable files go; any more wait for the next upload.
  const sending = files.filter((chosen) => chosen.problem === null).slice(0, UPLOAD_MAX_FILES);
  // Pending from sending until the screen has taken the pictures (e.g. added them to a gallery).
  const upload = useMutation({
    mutationFn: async ({ sent, category }: { sent: ChosenFile[]; category: ImageCategory }) => {
      const pictures = await track((onProgress) =>
        uploadPictures(
          sent.map(({ file, altText }) => ({ file, altText })),
          category,
          onProgress,
        ),
      ).catch((error: unknown) => {
        // `images.<n>` and `alt_texts.<n>` name a refused file or text among those sent.
        const fields = error instanceof UploadError ? error.fields : {};
        const sentAt = (chosen: ChosenFile) => sent.findIndex((other) => other.key === chosen.key);
        setFiles((current) =>
          current.map((chosen) => ({
            ...chosen,
            problem: fields[`images.${sentAt(chosen)}`] ?? chosen.problem,
            altProblem: fields[`alt_texts.${sentAt(chosen)}`] ?? chosen.altProblem,
          })),
        );
        throw error;
      });
      // They are in the library now: a retry must not send them again.
      setFiles((current) => current.filter((chosen) => !sent.some((other) => other.key === chosen.key)));
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
      ...list.map((file) => ({
        key: nextKey.current++,
        file,
        problem: imageFileProblem(file),
        altText: '',
        altProblem: null,
      })),
    ]);
  };

  const change = (key: number, values: Partial<ChosenFile>) =>
    setFiles((current) => current.map((chosen) => (chosen.key === key ? { ...chosen, ...values } : chosen)));

  // Every picture sent needs its alternative text: the first one missing gets the focus, and nothing is sent.
  const send = () => {
    if (!category) return;
    const problems = new Map(sending.map((chosen) => [chosen.key, altTextProblem(chosen.altText)]));
    setFiles((current) =>
      current.map((chosen) =>
        problems.has(chosen.key) ? { ...chosen, altProblem: problems.get(chosen.key)! } : chosen,
      ),
    );
    const missing = sending.find((chosen) => problems.get(chosen.key));
    if (missing) {
      altInputs.current.get(missing.key)?.focus();
      return;
    }
    upload.mutate({ sent: sending, category });
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
                <Stack key={key} role="listitem" gap={6}>
                  <Group wrap="nowrap" gap="xs" align="flex-start">
                    {message ? (
                      <IconAlertTriangle size={18} color="var(--mantine-color-red-8)" aria-hidden />
                    ) : (
                      <IconCircleCheck size={18} color="var(--mantine-color-teal-8)" aria-hidden />
                    )}
                    {message ? null : <ChosenPicturePreview file={file} />}
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
                  {message ? null : (
                    <AltTextInput
                      fileName={file.name}
                      value={chosen.altText}
                      onChange={(event) => change(key, { altText: event.currentTarget.value, altProblem: null })}
                      onBlur={() => change(key, { altProblem: altTextProblem(chosen.altText) })}
                      error={chosen.altProblem}
                      disabled={busy}
                      ref={(node) => {
                        if (node) altInputs.current.set(key, node);
                        else altInputs.current.delete(key);
                      }}
                    />
                  )}
                </Stack>
              );
            })}
          </Stack>
        ) : null}
        <UploadProgress progress={progress} count={sending.length} />
        {upload.error ? (
          <Alert color="red" icon={<IconAlertTriangle size={18} aria-hidden />} role="alert">
            {Object.keys(refused).some((field) => field.startsWith('images.'))
              ? 'Nothing was uploaded: the marked files were refused. Upload again to send the others.'
              : Object.keys(refused).some((field) => field.startsWith('alt_texts'))
                ? 'Nothing was uploaded: check the marked alternative text, then upload again.'
                : refused.category
                  ? 'Nothing was uploaded.'
                  : errorMessage(upload.error)}
          </Alert>
        ) : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button onClick={send} disabled={!category || sending.length === 0} loading={busy}>
            {sending.length > 0 ? `Upload ${countPictures(sending.length)}` : 'Upload'}
          </Button>
        </Group>
      </Stack>
    </AdminModal>
  );
}
