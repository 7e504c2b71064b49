import { Button, Group, Stack } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useRefetch, useTrpc } from '../../../trpc.js';
import { useActor } from '../../actor.js';
import { useClientRows } from '../../ui/client-pages.js';
import { DataTable, usePaging } from '../../ui/DataTable.js';
import { StaffModal, type StaffAccount } from './staff-form.js';
import { StaffPictureModal } from './StaffPictureEditor.js';
import { useStaffColumns } from './staff-columns.js';
import { SwitchModal } from './staff-switch.js';

type Dialog = { kind: 'edit' | 'picture' | 'switch'; account: StaffAccount } | { kind: 'new' };

/** The staff accounts (ADMIN only): who may sign in, with which role and for which countries, and their pictures. */
export function StaffAccounts() {
  const trpc = useTrpc();
  const me = useActor().data;
  const list = useQuery(trpc.staff.list.queryOptions());
  const countries = useQuery(trpc.country.getAll.queryOptions({}));
  const paging = usePaging();
  // The API answers the whole list (staff are few): paged here with the same table.
  const shown = useClientRows(list, paging);
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const close = () => setDialog(null);
  const refetchAll = useRefetch();
  // The signed-in person's own role may have changed too (an ADMIN making themself an EDITOR).
  const closeAndRefetch = async () => {
    close();
    await refetchAll('staff', 'me');
  };

  const columns = useStaffColumns(countries.data, me?.staffId, (kind, account) => setDialog({ kind, account }));

  // A dialog shows the list's latest of its account (a new picture appears at once).
  const account = dialog?.kind === 'new' ? null : list.data?.find((staff) => staff.id === dialog?.account.id);
  return (
    <Stack gap="md">
      <Group justify="flex-end">
        <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setDialog({ kind: 'new' })}>
          Add staff
        </Button>
      </Group>
      <DataTable label="Staff accounts" columns={columns} {...shown} paging={paging} rowKey={(staff) => staff.id} />
      {dialog?.kind === 'new' || dialog?.kind === 'edit' ? (
        <StaffModal
          account={dialog.kind === 'edit' ? dialog.account : null}
          countries={countries.data ?? []}
          onClose={close}
          onSaved={closeAndRefetch}
        />
      ) : null}
      <StaffPictureModal
        account={(dialog?.kind === 'picture' && account) || undefined}
        self={account?.id === me?.staffId}
        onClose={close}
      />
      <SwitchModal
        account={dialog?.kind === 'switch' ? dialog.account : null}
        onClose={close}
        onSwitched={closeAndRefetch}
      />
    </Stack>
  );
}
