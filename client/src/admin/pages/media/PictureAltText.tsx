import { Alert, Badge, Stack, Text, Textarea } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { updateImageAltTextInput } from '../../../../../shared/media.schema.js';
import { useTrpcClient } from '../../../trpc.js';
import { useEditConflicts } from '../../ui/fields.js';
import { SaveModal } from '../../ui/FormModal.js';
import { WHOLE_WORD } from '../../ui/list-cells.js';
import { PictureThumbnail } from '../../ui/thumbnails.js';
import { ALT_TEXT_DESCRIPTION } from '../../ui/upload.js';

/** A library picture as this screen needs it. */
interface DescribedPicture {
  id: number;
  image_name: string;
  image_url: string;
  alt_text: string;
  alt_text_reviewed: boolean;
}

/**
 * A picture card's alternative text, and "Review alt text" while it is still the starting value made from the file
 * name (the go-live checklist counts those).
 */
export function PictureAltTextDetails({ picture }: { picture: DescribedPicture }) {
  return (
    <Stack gap={4} align="flex-start">
      {picture.alt_text_reviewed ? null : (
        <Badge size="sm" variant="dot" color="orange" styles={WHOLE_WORD}>
          Review alt text
        </Badge>
      )}
      <Text size="sm" lineClamp={3} style={{ overflowWrap: 'anywhere' }}>
        <Text span size="sm" fw={600}>
          Alternative text:{' '}
        </Text>
        {picture.alt_text || 'none yet'}
      </Text>
    </Stack>
  );
}

/**
 * Changes a picture's alternative text (media.updateImageAltText), which marks it reviewed. A starting value from the
 * file name opens ready to save, so staff may keep it when it already says what the picture shows. What the form
 * started from goes with the change, so a colleague's change meanwhile is not silently replaced (decision 043).
 */
export function PictureAltTextModal({
  picture,
  onClose,
  onSaved,
}: {
  picture: DescribedPicture;
  onClose: () => void;
  onSaved: () => Promise<void>;
}) {
  const { media } = useTrpcClient();
  const conflicts = useEditConflicts({ id: picture.id, alt_text: picture.alt_text });
  const reviewed = picture.alt_text_reviewed;
  return (
    <SaveModal
      title="Edit Picture"
      schema={updateImageAltTextInput}
      initialValues={{ alt_text: reviewed ? picture.alt_text : '' }}
      startValues={reviewed ? undefined : { alt_text: picture.alt_text }}
      toInput={(values) => conflicts.input({ id: picture.id, alt_text: values.alt_text }, true)}
      save={(input) => conflicts.sent(media.updateImageAltText.mutate(input))}
      editing
      onClose={onClose}
      onSaved={onSaved}
    >
      {(form) => (
        <>
          <PictureThumbnail url={picture.image_url} height={200} />
          {reviewed ? null : (
            <Alert color="orange" icon={<IconInfoCircle size={18} aria-hidden />}>
              This text was made from the file name “{picture.image_name}”. Describe what the picture shows, or save it
              as it is when it already does.
            </Alert>
          )}
          <Textarea
            label="Alternative text"
            description={ALT_TEXT_DESCRIPTION}
            required
            autosize
            minRows={2}
            maxRows={5}
            data-autofocus
            {...form.getInputProps('alt_text')}
          />
        </>
      )}
    </SaveModal>
  );
}
