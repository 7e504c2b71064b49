import { Alert, Button, Group, Progress, Stack, Text } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { notifyError, notifySuccess } from '../../../notify.js';
import { useRefetch, useTrpc } from '../../../trpc.js';
import { graphqlUpload } from '../../graphql-upload.js';
import { errorMessage } from '../../ui/errors.js';
import { AdminModal } from '../../ui/AdminModal.js';
import { StaffAvatar } from '../../ui/StaffAvatar.js';
import { ChooseImageButton, useImageUpload } from '../../ui/upload.js';

const UPLOAD_STAFF_PICTURE = `mutation UploadStaffPicture($staff_id: Int!, $image: Upload) {
  uploadStaffPicture(staff_id: $staff_id, image: $image) { staff_id picture_url }
}`;

/**
 * Uploads, replaces or removes (after a confirmation) one staff member's picture: the signed-in person's own, or
 * anyone's for an administrator (the server decides). The top bar and the staff list show it at once.
 */
export function StaffPictureEditor({
  staff,
  self,
}: {
  staff: { id: number; name: string; picture_url: string | null };
  /** Whether it is the signed-in person's own picture (the words say "your"). */
  self: boolean;
}) {
  const trpc = useTrpc();
  const refetchAll = useRefetch();
  const refetch = () => refetchAll('staff', 'me');
  const [confirming, setConfirming] = useState(false);
  const cancelRef = useRef<HTMLButtonElement>(null);
  const uploadRef = useRef<HTMLButtonElement>(null);
  const whose = self ? 'your' : `${staff.name}’s`;

  // The confirmation takes the place of the buttons: focus goes to it, and back to the upload button after.
  const wasConfirming = useRef(false);
  useEffect(() => {
    if (confirming) cancelRef.current?.focus();
    else if (wasConfirming.current) uploadRef.current?.focus();
    wasConfirming.current = confirming;
  }, [confirming]);

  const { progress, problem, upload } = useImageUpload(async (file, onProgress) => {
    await graphqlUpload(
      UPLOAD_STAFF_PICTURE,
      { staff_id: staff.id, image: null },
      [{ path: 'image', file }],
      onProgress,
    );
    await refetch();
    notifySuccess('Successfully Updated!');
  });

  const remove = useMutation(
    trpc.staff.removePicture.mutationOptions({
      onSuccess: async () => {
        setConfirming(false);
        await refetch();
        notifySuccess('Successfully Removed!');
      },
      onError: (error) => notifyError(errorMessage(error)),
    }),
  );

  const uploading = progress !== null;
  return (
    <Group align="flex-start" gap="lg" wrap="nowrap">
      <StaffAvatar name={staff.name} pictureUrl={staff.picture_url} size={84} />
      <Stack gap="xs" style={{ flex: 1, minWidth: 0 }}>
        <Text size="sm">
          {staff.picture_url
            ? `This is ${whose} picture in the staff area.`
            : self
              ? 'You have no picture of your own: the top bar shows the one from your sign-in provider, or your initials.'
              : `${staff.name} has no picture: the staff area shows their sign-in provider's picture, or their initials.`}
        </Text>
        {confirming ? (
          <Alert color="red" variant="light" title={`Remove ${whose} picture?`} role="group">
            <Text size="sm">
              {self ? 'Your' : 'Their'} sign-in provider&apos;s picture, or the initials, show instead.
            </Text>
            <Group gap="xs" mt="sm">
              <Button ref={cancelRef} variant="default" size="xs" onClick={() => setConfirming(false)}>
                Cancel
              </Button>
              <Button
                color="red"
                size="xs"
                loading={remove.isPending}
                onClick={() => remove.mutate({ staff_id: staff.id })}
              >
                Remove
              </Button>
            </Group>
          </Alert>
        ) : (
          <Group gap="xs">
            <ChooseImageButton onChoose={upload} uploading={uploading} buttonRef={uploadRef}>
              {staff.picture_url ? 'Change picture' : 'Upload picture'}
            </ChooseImageButton>
            {staff.picture_url ? (
              <Button
                size="xs"
                variant="default"
                color="red"
                leftSection={<IconTrash size={14} aria-hidden />}
                onClick={() => setConfirming(true)}
                disabled={uploading}
              >
                Remove picture
              </Button>
            ) : null}
          </Group>
        )}
        {uploading ? <Progress value={progress * 100} size="sm" aria-label="Upload progress" /> : null}
        {problem ? (
          <Text size="sm" c="red.9" role="alert">
            {problem}
          </Text>
        ) : (
          <Text size="xs">A PNG, JPEG, WebP, AVIF or GIF image; a square photo of a face looks best.</Text>
        )}
      </Stack>
    </Group>
  );
}

/** Another account's picture in a dialog (open while `account` is given). */
export function StaffPictureModal({
  account,
  self,
  onClose,
}: {
  account: { id: number; name: string; picture_url: string | null } | undefined;
  self: boolean;
  onClose: () => void;
}) {
  return (
    <AdminModal opened={account !== undefined} onClose={onClose} title={`Picture of ${account?.name ?? ''}`}>
      {account ? <StaffPictureEditor staff={account} self={self} /> : null}
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={onClose}>
          Done
        </Button>
      </Group>
    </AdminModal>
  );
}
