import { Alert, Button, Text } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { useState } from 'react';
import type { DeleteResult } from '../../../../shared/delete-result.js';
import { notifyError, notifySuccess } from '../../notify.js';
import { ConfirmModal } from './ConfirmModal.js';
import { errorMessage } from './errors.js';

/** The country or page a screen is showing, where "Remove from …" takes a shared item away. */
export interface DeleteScope {
  name: string;
  /** Removes the item from this country or page only (the unlink mutation). */
  unlink: () => Promise<DeleteResult>;
}

type Step = { kind: 'confirm' } | { kind: 'linked'; message: string } | { kind: 'in-use'; message: string };

/**
 * Deleting content that may be shared (spec §4 delete codes): first "Do you want to delete ?"; when the answer is
 * LINKED_WITH_OTHER_COUNTRIES or LINKED_WITH_OTHER_PAGES, the server's message names where else it is shown and
 * staff choose "Remove from <scope>" (unlink) or "Delete everywhere" (`confirm: true`); LINKED_WITH_OTHER_ENTITIES
 * explains what uses it. Render it only while deleting (key it by the item) so each delete starts at the first step.
 */
export function SharedDeleteDialog({
  what,
  scope,
  remove,
  onClose,
  onDone,
}: {
  /** The item in words, e.g. `the testimonial "Anita"`. */
  what: string;
  scope?: DeleteScope | null;
  /** The delete mutation, with or without `confirm`. */
  remove: (confirm: boolean) => Promise<DeleteResult>;
  onClose: () => void;
  /** After the item was deleted or removed (e.g. refetch the list). */
  onDone: () => Promise<unknown> | void;
}) {
  const [step, setStep] = useState<Step>({ kind: 'confirm' });
  const [pending, setPending] = useState<'delete' | 'unlink' | 'everywhere' | null>(null);

  const run = async (action: 'delete' | 'unlink' | 'everywhere') => {
    setPending(action);
    try {
      const result = action === 'unlink' ? await scope!.unlink() : await remove(action === 'everywhere');
      if (result.success) {
        notifySuccess(action === 'unlink' ? 'Successfully Removed!' : 'Successfully Deleted!');
        onClose();
        await onDone();
      } else if (result.errorCode === 'LINKED_WITH_OTHER_ENTITIES') {
        setStep({ kind: 'in-use', message: result.message });
      } else {
        setStep({ kind: 'linked', message: result.message });
      }
    } catch (error) {
      notifyError(errorMessage(error));
    } finally {
      setPending(null);
    }
  };

  // One dialog whose question changes: "Do you want to delete ?", then where else it is shown, or what uses it.
  if (step.kind === 'confirm') {
    return (
      <ConfirmModal
        title="Do you want to delete ?"
        onClose={onClose}
        confirmLabel="Delete"
        onConfirm={() => void run('delete')}
        confirming={pending === 'delete'}
      >
        <Text>Delete {what}.</Text>
      </ConfirmModal>
    );
  }
  const linked = step.kind === 'linked';
  return (
    <ConfirmModal
      title={linked ? 'Shown elsewhere' : 'In use'}
      onClose={onClose}
      // What is in use cannot be deleted: the one answer closes.
      cancelLabel={linked ? 'Cancel' : null}
      confirmLabel={linked ? 'Delete everywhere' : 'Close'}
      color={linked ? 'red' : 'brand'}
      onConfirm={linked ? () => void run('everywhere') : onClose}
      confirming={pending === 'everywhere'}
      more={
        linked && scope ? (
          <Button variant="light" onClick={() => void run('unlink')} loading={pending === 'unlink'}>
            Remove from {scope.name}
          </Button>
        ) : null
      }
    >
      <Alert color="yellow" icon={<IconInfoCircle size={18} aria-hidden />}>
        <Text size="sm">
          {linked ? `${what.charAt(0).toUpperCase() + what.slice(1)}: ${step.message}` : step.message}
        </Text>
      </Alert>
    </ConfirmModal>
  );
}
