import { ActionIcon, Button, Card, Group, Stack, Title } from '@mantine/core';
import { IconPhoto, IconPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useRefetch, useTrpc } from '../../../trpc.js';
import { AdminOnly, useActor } from '../../actor.js';
import { AdminModal } from '../../ui/AdminModal.js';
import { useClientPages } from '../../ui/client-pages.js';
import { DataTable, loadStateOf, usePaging } from '../../ui/DataTable.js';
import { columnsOf } from '../../ui/list-cells.js';
import { RowActions } from '../../ui/RowActions.js';
import { StaffAvatar } from '../../ui/StaffAvatar.js';
import { StaffModal, type StaffAccount } from './staff-form.js';
import { StaffPictureEditor } from './StaffPictureEditor.js';
import { SwitchButton, SwitchModal } from './staff-switch.js';

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
    return columnsOf<StaffAccount>({
      Email: (staff) => staff.email,
      Name: (staff) => (
        <Group gap="xs" wrap="nowrap">
          <StaffAvatar name={staff.name} pictureUrl={staff.picture_url} size={28} withInitials={false} />
          <span>{staff.name}</span>
        </Group>
      ),
      Role: (staff) => staff.role,
      Countries: (staff) =>
        staff.role === 'ADMIN'
          ? 'All countries'
          : staff.country_ids.map((id) => countryNames.get(id) ?? `#${id}`).join(', '),
      Status: (staff) => (staff.is_active ? 'Active' : 'Deactivated'),
      Action: (account) => (
        <Group gap={4} wrap="nowrap">
          <RowActions name={account.name} onEdit={() => setDialog({ kind: 'edit', account })} />
          <ActionIcon
            variant="subtle"
            aria-label={`Picture of ${account.name}`}
            onClick={() => setDialog({ kind: 'picture', account })}
          >
            <IconPhoto size={18} aria-hidden />
          </ActionIcon>
          <SwitchButton
            account={account}
            self={account.id === me?.staffId}
            onClick={() => setDialog({ kind: 'switch', account })}
          />
        </Group>
      ),
    });
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
