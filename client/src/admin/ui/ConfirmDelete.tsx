import { Button, Group, Text } from '@mantine/core';
import { AdminModal } from './AdminModal.js';

/** The plain delete confirmation (spec §2: "Do you want to delete ?"). */
export function ConfirmDelete({
  opened,
  onClose,
  onConfirm,
  what,
  deleting,
}: {
  opened: boolean;
  onClose: () => void;
  onConfirm: () => void;
  /** What will be deleted, in words (e.g. "About Us from Nepal"). */
  what: string;
  deleting: boolean;
}) {
  return (
    <AdminModal opened={opened} onClose={onClose} title="Do you want to delete ?">
      <Text>{what}</Text>
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={onClose}>
          Cancel
        </Button>
        <Button color="red" onClick={onConfirm} loading={deleting}>
          Delete
        </Button>
      </Group>
    </AdminModal>
  );
}
