import { ActionIcon, Text } from '@mantine/core';
import { IconUserCheck, IconUserOff } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { notifyError, notifySuccess } from '../../../notify.js';
import { useTrpc } from '../../../trpc.js';
import { ConfirmModal } from '../../ui/ConfirmModal.js';
import { errorMessage } from '../../ui/errors.js';
import type { StaffAccount } from './staff-form.js';

/** Switching a staff account off (it can no longer sign in) and on again. */

/** Deactivate (never oneself: the server refuses it too, nobody locks themself out) or reactivate an account. */
export function SwitchButton({
  account,
  self,
  onClick,
}: {
  account: StaffAccount;
  self: boolean;
  onClick: () => void;
}) {
  const active = account.is_active;
  const Icon = active ? IconUserOff : IconUserCheck;
  return (
    <ActionIcon
      variant="subtle"
      color={active ? 'red' : 'teal.9'}
      aria-label={
        active ? (self ? 'You cannot deactivate yourself' : `Deactivate ${account.name}`) : `Reactivate ${account.name}`
      }
      disabled={active && self}
      onClick={onClick}
    >
      <Icon size={18} aria-hidden />
    </ActionIcon>
  );
}

/** Asks before switching an account off (or on again), saying what follows. */
export function SwitchModal({
  account,
  onClose,
  onSwitched,
}: {
  account: StaffAccount | null;
  onClose: () => void;
  onSwitched: () => Promise<unknown>;
}) {
  const trpc = useTrpc();
  const setActive = useMutation(
    trpc.staff.setActive.mutationOptions({
      onSuccess: async () => {
        notifySuccess('Successfully Updated!');
        await onSwitched();
      },
      onError: (error) => notifyError(errorMessage(error)),
    }),
  );
  const active = account?.is_active;
  return (
    <ConfirmModal
      opened={account !== null}
      onClose={onClose}
      title={`${active ? 'Deactivate' : 'Reactivate'} ${account?.name ?? ''}?`}
      confirmLabel={active ? 'Deactivate' : 'Reactivate'}
      color={active ? 'red' : 'brand'}
      confirming={setActive.isPending}
      onConfirm={() => account && setActive.mutate({ id: account.id, is_active: !account.is_active })}
    >
      <Text>
        {active
          ? `${account?.email} will be refused at their next action in the staff area and cannot sign in until reactivated.`
          : `${account?.email ?? ''} will be able to sign in and work in the staff area again.`}
      </Text>
    </ConfirmModal>
  );
}
