import {
  ActionIcon,
  Alert,
  Button,
  FileButton,
  Group,
  Progress,
  Select,
  Stack,
  Text,
  TextInput,
  UnstyledButton,
} from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck, IconPhotoUp, IconX } from '@tabler/icons-react';
import { useId, useRef, useState, type DragEvent } from 'react';
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
import { IMAGE_CATEGORY_LABELS, IMAGE_CATEGORY_OPTIONS } from './media-lists.js';

/** A picture as the upload answers it. */
export interface UploadedPicture {
  id: number;
  image_name: string;
  image_url: string;
}

const UPLOAD_PICTURES = `mutation UploadImages($images: [Upload!]!, $category: ImageCategory!) {
  uploadImages(images: $images, category: $category) { id image_name image_url }
}`;

/** A chosen file, and why it cannot be sent (checked here first; the server's word replaces it after a refusal). */
interface ChosenFile {
  key: number;
  file: File;
  problem: string | null;
}

const TOO_MANY = `At most ${UPLOAD_MAX_FILES} pictures go in one upload: upload this one next`;

function sizeOf(bytes: number): string {
  return bytes < 1024 * 1024 ? `${Math.max(1, Math.round(bytes / 1024))} KB` : `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

/**
 * Uploads several pictures at once into one category: dropped on the drop zone or chosen with it (a button, so the
 * keyboard reaches it), each checked here with its own message, sent together (GraphQL multipart, paths
 * `images.0`, `images.1`, …) with a progress bar. The server stores all or none; a file it refuses gets its message.
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
  const [category, setCategory] = useState<ImageCategory | null>(fixedCategory ?? null);
  const [files, setFiles] = useState<ChosenFile[]>([]);
  const [dragging, setDragging] = useState(false);
  const [progress, setProgress] = useState<number | null>(null);
  // From sending until the screen has taken the pictures (e.g. added them to a gallery).
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [categoryError, setCategoryError] = useState<string | null>(null);

  // The first UPLOAD_MAX_FILES acceptable files go; any more wait for the next upload.
  const acceptable = files.filter((chosen) => chosen.problem === null);
  const sending = acceptable.slice(0, UPLOAD_MAX_FILES);
  const waiting = new Set(acceptable.slice(UPLOAD_MAX_FILES).map((chosen) => chosen.key));

  const add = (list: readonly File[]) => {
    resetChooser.current?.();
    if (list.length === 0) return;
    setFailure(null);
    setFiles((current) => [
      ...current,
      ...list.map((file) => ({ key: nextKey.current++, file, problem: imageFileProblem(file) })),
    ]);
  };
  const remove = (key: number) => setFiles((current) => current.filter((chosen) => chosen.key !== key));

  const drop = (event: DragEvent<HTMLButtonElement>) => {
    event.preventDefault();
    setDragging(false);
    if (!busy) add([...event.dataTransfer.files]);
  };

  const upload = async () => {
    if (!category || sending.length === 0) return;
    setFailure(null);
    setCategoryError(null);
    setBusy(true);
    setProgress(0);
    let pictures: UploadedPicture[];
    try {
      pictures = (
        await graphqlUpload<{ uploadImages: UploadedPicture[] }>(
          UPLOAD_PICTURES,
          { images: sending.map(() => null), category },
          sending.map(({ file }, index) => ({ path: `images.${index}`, file })),
          setProgress,
        )
      ).uploadImages;
    } catch (error) {
      // `images.<n>` names the refused file among those sent.
      const fields = error instanceof UploadError ? error.fields : {};
      const refused = new Map(
        sending.flatMap(({ key }, index) => {
          const message = fields[`images.${index}`];
          return message ? [[key, message] as const] : [];
        }),
      );
      if (refused.size > 0) {
        setFiles((current) =>
          current.map((chosen) =>
            refused.has(chosen.key) ? { ...chosen, problem: refused.get(chosen.key)! } : chosen,
          ),
        );
      }
      if (fields.category) setCategoryError(fields.category);
      setFailure(
        refused.size > 0
          ? 'Nothing was uploaded: the marked files were refused. Upload again to send the others.'
          : fields.category
            ? 'Nothing was uploaded.'
            : errorMessage(error),
      );
      setBusy(false);
      return;
    } finally {
      setProgress(null);
    }
    // They are in the library now: a retry must not send them again.
    setFiles((current) => current.filter((chosen) => !sending.includes(chosen)));
    try {
      await onUploaded(pictures);
      notifySuccess('Successfully Added!');
    } catch (error) {
      setFailure(`The pictures are in the library, but: ${errorMessage(error)}`);
    } finally {
      setBusy(false);
    }
  };

  return (
    <AdminModal opened onClose={busy ? () => undefined : onClose} title={title}>
      <Stack gap="md">
        {fixedCategory ? (
          <TextInput label="Category" value={IMAGE_CATEGORY_LABELS[fixedCategory]} readOnly />
        ) : (
          <Select
            label="Category"
            placeholder="Choose a category"
            required
            allowDeselect={false}
            data={IMAGE_CATEGORY_OPTIONS}
            value={category}
            onChange={setCategory}
            error={categoryError}
            disabled={busy}
            comboboxProps={{ withinPortal: true }}
          />
        )}
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
              onDrop={drop}
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
            {files.map(({ key, file, problem }) => {
              const message = problem ?? (waiting.has(key) ? TOO_MANY : null);
              return (
                <Group key={key} role="listitem" justify="space-between" wrap="nowrap" gap="xs" align="flex-start">
                  <Group gap="xs" wrap="nowrap" align="flex-start" style={{ minWidth: 0 }}>
                    {message ? (
                      <IconAlertTriangle size={18} color="var(--mantine-color-red-8)" aria-hidden />
                    ) : (
                      <IconCircleCheck size={18} color="var(--mantine-color-teal-8)" aria-hidden />
                    )}
                    <div style={{ minWidth: 0 }}>
                      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                        {file.name}{' '}
                        <Text span size="xs">
                          ({sizeOf(file.size)})
                        </Text>
                      </Text>
                      {message ? (
                        <Text size="sm" c="red.8">
                          {message}
                        </Text>
                      ) : null}
                    </div>
                  </Group>
                  <ActionIcon
                    variant="subtle"
                    color="gray"
                    aria-label={`Remove ${file.name}`}
                    disabled={busy}
                    onClick={() => remove(key)}
                  >
                    <IconX size={16} aria-hidden />
                  </ActionIcon>
                </Group>
              );
            })}
          </Stack>
        ) : null}
        {progress !== null ? (
          <Stack gap={4}>
            <Progress value={progress * 100} aria-label="Upload progress" animated />
            <Text size="sm" aria-live="polite">
              Uploading {sending.length} {sending.length === 1 ? 'picture' : 'pictures'}… {Math.round(progress * 100)}%
            </Text>
          </Stack>
        ) : null}
        {failure ? (
          <Alert color="red" icon={<IconAlertTriangle size={18} aria-hidden />} role="alert">
            {failure}
          </Alert>
        ) : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button onClick={() => void upload()} disabled={!category || sending.length === 0} loading={busy}>
            {sending.length > 0
              ? `Upload ${sending.length} ${sending.length === 1 ? 'picture' : 'pictures'}`
              : 'Upload'}
          </Button>
        </Group>
      </Stack>
    </AdminModal>
  );
}
