import { ActionIcon, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconPhoto, IconPlus, IconUserCheck, IconUserOff } from '@tabler/icons-react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { createColumnHelper } from '@tanstack/react-table';
import { useMemo, useState } from 'react';
import { notifyError, notifySuccess } from '../../notify.js';
import { useRefetch, useTrpc } from '../../trpc.js';
import { AdminOnly, useActor } from '../actor.js';
import { AdminModal } from '../ui/AdminModal.js';
import { ConfirmModal } from '../ui/ConfirmModal.js';
import { useClientPages } from '../ui/client-pages.js';
import { DataTable, loadStateOf, usePaging } from '../ui/DataTable.js';
import { errorMessage } from '../ui/errors.js';
import { RowActions } from '../ui/RowActions.js';
import { StaffAvatar } from '../ui/StaffAvatar.js';
import { StaffModal, type StaffAccount } from './staff/staff-form.js';
import { StaffPictureEditor } from './StaffPictureEditor.js';

const column = createColumnHelper<StaffAccount>();

/**
 * Everyone's own picture, then the staff accounts (ADMIN only): who may sign in to the staff area, with which role
 * and for which countries, and their pictures.
 */
export function StaffScreen() {
  const me = useActor().data;
  return (
    <Stack gap="xl">
      {/* The signed-in person's picture, which the top bar shows (its avatar links here). */}
      <Stack gap="sm">
        <Title order={2} size="h3" id="your-picture">
          Your picture
        </Title>
        <Card withBorder padding="md" maw={640} aria-labelledby="your-picture" component="section">
          {me ? (
            <StaffPictureEditor staff={{ id: me.staffId, name: me.name, picture_url: me.picture_url }} self />
          ) : null}
        </Card>
      </Stack>
      <AdminOnly message="Only administrators can manage staff.">
        <StaffAccounts />
      </AdminOnly>
    </Stack>
  );
}

type Dialog = { kind: 'edit' | 'picture' | 'switch'; account: StaffAccount } | { kind: 'new' };

function StaffAccounts() {
  const trpc = useTrpc();
  const me = useActor().data;
  const list = useQuery(trpc.staff.list.queryOptions());
  const countries = useQuery(trpc.country.getAll.queryOptions({}));
  const paging = usePaging();
  // The API answers the whole list (staff are few): paged here with the same table.
  const shown = useClientPages(list.data, paging);
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const close = () => setDialog(null);
  const refetchAll = useRefetch();
  // The signed-in person's own role may have changed too (an ADMIN making themself an EDITOR).
  const refetch = () => refetchAll('staff', 'me');

  const columns = useMemo(() => {
    const countryNames = new Map((countries.data ?? []).map((country) => [country.id, country.name]));
    return [
      column.accessor('email', { header: 'Email' }),
      column.accessor('name', {
        header: 'Name',
        cell: ({ row: { original: staff } }) => (
          <Group gap="xs" wrap="nowrap">
            <StaffAvatar name={staff.name} pictureUrl={staff.picture_url} size={28} withInitials={false} />
            <span>{staff.name}</span>
          </Group>
        ),
      }),
      column.accessor('role', { header: 'Role' }),
      column.accessor('country_ids', {
        header: 'Countries',
        cell: ({ row: { original: staff } }) =>
          staff.role === 'ADMIN'
            ? 'All countries'
            : staff.country_ids.map((id) => countryNames.get(id) ?? `#${id}`).join(', '),
      }),
      column.accessor('is_active', {
        header: 'Status',
        cell: ({ getValue }) => (getValue() ? 'Active' : 'Deactivated'),
      }),
      column.display({
        id: 'action',
        header: 'Action',
        cell: ({ row: { original: account } }) => (
          <Group gap={4} wrap="nowrap">
            <RowActions name={account.name} onEdit={() => setDialog({ kind: 'edit', account })} />
            <ActionIcon
              variant="subtle"
              aria-label={`Picture of ${account.name}`}
              onClick={() => setDialog({ kind: 'picture', account })}
            >
              <IconPhoto size={18} aria-hidden />
            </ActionIcon>
            <SwitchButton account={account} self={account.id === me?.staffId} onClick={setDialog} />
          </Group>
        ),
      }),
    ];
  }, [countries.data, me?.staffId]);

  // A dialog shows the list's latest of its account (a new picture appears at once).
  const account = dialog?.kind === 'new' ? null : list.data?.find((staff) => staff.id === dialog?.account.id);
  return (
    <Stack gap="md">
      <Group justify="flex-end">
        <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setDialog({ kind: 'new' })}>
          Add staff
        </Button>
      </Group>
      <DataTable
        label="Staff accounts"
        columns={columns}
        rows={shown.rows}
        pagination={shown.pagination}
        paging={paging}
        {...loadStateOf(list)}
        rowKey={(staff) => staff.id}
      />
      {dialog?.kind === 'new' || dialog?.kind === 'edit' ? (
        <StaffModal
          account={dialog.kind === 'edit' ? dialog.account : null}
          countries={countries.data ?? []}
          onClose={close}
          onSaved={async () => {
            close();
            await refetch();
          }}
        />
      ) : null}
      <AdminModal opened={dialog?.kind === 'picture'} onClose={close} title={`Picture of ${account?.name ?? ''}`}>
        {dialog?.kind === 'picture' && account ? (
          <StaffPictureEditor staff={account} self={account.id === me?.staffId} />
        ) : null}
        <Group justify="flex-end" mt="lg">
          <Button variant="default" onClick={close}>
            Done
          </Button>
        </Group>
      </AdminModal>
      <SwitchModal
        account={dialog?.kind === 'switch' ? dialog.account : null}
        onClose={close}
        onSwitched={async () => {
          close();
          await refetch();
        }}
      />
    </Stack>
  );
}

/** Deactivate (never oneself: the server refuses it too, nobody locks themself out) or reactivate an account. */
function SwitchButton({
  account,
  self,
  onClick,
}: {
  account: StaffAccount;
  self: boolean;
  onClick: (dialog: Dialog) => void;
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
      onClick={() => onClick({ kind: 'switch', account })}
    >
      <Icon size={18} aria-hidden />
    </ActionIcon>
  );
}

/** Asks before switching an account off (or on again), saying what follows. */
function SwitchModal({
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
