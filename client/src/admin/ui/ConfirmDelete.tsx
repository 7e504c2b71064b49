import { Alert, Button, Checkbox, Group, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useState } from 'react';
import { AdminModal } from './AdminModal.js';

/**
 * The plain delete confirmation (spec §2: "Do you want to delete ?"). A deletion with a consequence staff might not
 * expect (`consequence`) says what will happen and is only possible once they tick that they understand.
 */
export function ConfirmDelete({
  opened,
  onClose,
  onConfirm,
  what,
  consequence,
  deleting,
}: {
  opened: boolean;
  onClose: () => void;
  onConfirm: () => void;
  /** What will be deleted, in words (e.g. "About Us from Nepal"). */
  what: string;
  /** What visitors will see afterwards, when that is more than the item disappearing. */
  consequence?: string | null;
  deleting: boolean;
}) {
  const [understood, setUnderstood] = useState(false);
  const close = () => {
    setUnderstood(false);
    onClose();
  };
  return (
    <AdminModal opened={opened} onClose={close} title="Do you want to delete ?">
      <Text>{what}</Text>
      {consequence ? (
        <>
          <Alert color="red" variant="light" mt="md" icon={<IconAlertTriangle size={18} aria-hidden />}>
            {consequence}
          </Alert>
          <Checkbox
            mt="md"
            label="I understand what visitors will see"
            checked={understood}
            onChange={(event) => setUnderstood(event.currentTarget.checked)}
          />
        </>
      ) : null}
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={close}>
          Cancel
        </Button>
        <Button
          color="red"
          onClick={() => {
            setUnderstood(false);
            onConfirm();
          }}
          loading={deleting}
          disabled={Boolean(consequence) && !understood}
        >
          Delete
        </Button>
      </Group>
    </AdminModal>
  );
}
