import {
  Button,
  FileButton,
  Image,
  Progress,
  Stack,
  Text,
  TextInput,
  VisuallyHidden,
  type ButtonProps,
  type TextInputProps,
} from '@mantine/core';
import { IconUpload } from '@tabler/icons-react';
import { useEffect, useRef, useState, type ReactNode, type Ref } from 'react';
import { altText } from '../../../../shared/media.schema.js';
import { imageFileProblem, UPLOAD_IMAGE_TYPES } from '../../../../shared/media.js';
import { countOf } from '../../../../shared/words.js';
import { UploadError } from '../graphql-upload.js';
import { errorMessage } from './errors.js';

/** Told how far an upload has come (0–1). */
export type OnProgress = (fraction: number) => void;

/** An upload's progress (0–1; null when none is under way), and `track`, which runs one upload with it. */
export function useUploadProgress() {
  const [progress, setProgress] = useState<number | null>(null);
  const track = async <Sent,>(send: (onProgress: OnProgress) => Promise<Sent>): Promise<Sent> => {
    setProgress(0);
    try {
      return await send(setProgress);
    } finally {
      setProgress(null);
    }
  };
  return { progress, track };
}

/**
 * One image chosen to upload (a staff picture, an item's image): checked here first, then `send` (the upload and
 * what follows it) with the upload's progress. `problem` is why it was refused, here or by the server (its word on
 * the `image` field, else its message).
 */
export function useImageUpload(send: (file: File, onProgress: OnProgress) => Promise<unknown>) {
  const { progress, track } = useUploadProgress();
  const [problem, setProblem] = useState<string | null>(null);
  const upload = async (file: File | null) => {
    if (!file) return;
    const refused = imageFileProblem(file);
    setProblem(refused);
    if (refused) return;
    try {
      await track((onProgress) => send(file, onProgress));
    } catch (error) {
      setProblem((error instanceof UploadError && error.fields.image) || errorMessage(error));
    }
  };
  /** Forgets a refusal (another file was chosen). */
  const clear = () => setProblem(null);
  return { progress, problem, upload, clear };
}

/** The small button that chooses one image file (of the types the server takes) and hands it to `onChoose`. */
export function ChooseImageButton({
  onChoose,
  uploading,
  buttonRef,
  variant,
  children,
}: {
  onChoose: (file: File | null) => Promise<void>;
  uploading: boolean;
  /** Where focus may be sent back to. */
  buttonRef?: Ref<HTMLButtonElement>;
  variant?: ButtonProps['variant'];
  children: ReactNode;
}) {
  return (
    <FileButton onChange={(file) => void onChoose(file)} accept={UPLOAD_IMAGE_TYPES.join(',')}>
      {(props) => (
        <Button
          {...props}
          ref={buttonRef}
          size="xs"
          variant={variant}
          leftSection={<IconUpload size={14} aria-hidden />}
          loading={uploading}
        >
          {children}
        </Button>
      )}
    </FileButton>
  );
}

/** "1 picture", "3 pictures". */
export const countPictures = (count: number) => countOf(count, 'picture');

/** An upload of pictures under way: its bar, and in words how far it is. */
export function UploadProgress({ progress, count }: { progress: number | null; count: number }) {
  if (progress === null) return null;
  return (
    <Stack gap={4}>
      <Progress value={progress * 100} aria-label="Upload progress" animated />
      <Text size="sm" aria-live="polite">
        Uploading {countPictures(count)}… {Math.round(progress * 100)}%
      </Text>
    </Stack>
  );
}

/** What the alternative text field asks for, wherever a picture is uploaded or its text changed. */
export const ALT_TEXT_DESCRIPTION = 'Describe the picture for people who cannot see it';

/** Why the API would refuse an alternative text (its own schema's message), or null. */
export function altTextProblem(value: string): string | null {
  const checked = altText.safeParse(value);
  return checked.success ? null : (checked.error.issues[0]?.message ?? 'Alternative text is required');
}

/**
 * The alternative text of a picture about to be uploaded: required, with what it is for. Among several files its
 * label names the file for screen readers.
 */
export function AltTextInput({ fileName, ...props }: TextInputProps & { fileName?: string }) {
  return (
    <TextInput
      label={
        <>
          Alternative text
          {fileName ? <VisuallyHidden>{` of ${fileName}`}</VisuallyHidden> : null}
        </>
      }
      description={ALT_TEXT_DESCRIPTION}
      required
      {...props}
    />
  );
}

/**
 * A chosen file's picture, shown while staff describe it: made when shown and let go when it leaves. Decorative
 * beside the file's name and its alternative text field.
 */
export function ChosenPicturePreview({ file, size = 56 }: { file: File; size?: number }) {
  const image = useRef<HTMLImageElement>(null);
  useEffect(() => {
    const url = URL.createObjectURL(file);
    if (image.current) image.current.src = url;
    return () => URL.revokeObjectURL(url);
  }, [file]);
  return <Image ref={image} alt="" w={size} h={size} radius="sm" fit="cover" style={{ flexShrink: 0 }} />;
}
