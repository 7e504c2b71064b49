import { Alert, Checkbox, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import type { DeleteResult } from '../../../../shared/delete-result.js';
import { notifyError, notifySuccess } from '../../notify.js';
import { ConfirmModal } from './ConfirmModal.js';
import { errorMessage } from './errors.js';

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
    <ConfirmModal
      opened={opened}
      onClose={close}
      title="Do you want to delete ?"
      confirmLabel="Delete"
      onConfirm={() => {
        setUnderstood(false);
        onConfirm();
      }}
      confirming={deleting}
      disabled={Boolean(consequence) && !understood}
    >
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
    </ConfirmModal>
  );
}

function failedDelete(result: unknown): result is DeleteResult {
  return typeof result === 'object' && result !== null && 'success' in result && result.success === false;
}

/**
 * A list's delete after ConfirmDelete: the item asked about (`ask` it), then the delete with its toasts (`success`,
 * or the API's message when it refuses with a DeleteResult that did not succeed) and `onDone` (refetch).
 * `dialog` is ConfirmDelete's props but its words.
 */
export function useConfirmedDelete<Item>({
  remove,
  success = 'Successfully Deleted!',
  onDone,
}: {
  remove: (item: Item) => Promise<unknown>;
  success?: string;
  onDone: () => Promise<unknown>;
}) {
  const [item, ask] = useState<Item | null>(null);
  const mutation = useMutation({
    mutationFn: remove,
    onSuccess: async (result) => {
      if (failedDelete(result)) notifyError(result.message);
      else notifySuccess(success);
      ask(null);
      await onDone();
    },
    onError: (error) => notifyError(errorMessage(error)),
  });
  return {
    item,
    ask,
    dialog: {
      opened: item !== null,
      onClose: () => ask(null),
      deleting: mutation.isPending,
      onConfirm: () => item !== null && mutation.mutate(item),
    },
  };
}
