import { ActionIcon, Group } from '@mantine/core';
import { IconPhoto } from '@tabler/icons-react';
import { useMemo } from 'react';
import { columnsOf } from '../../ui/list-cells.js';
import { RowActions } from '../../ui/RowActions.js';
import { StaffAvatar } from '../../ui/StaffAvatar.js';
import type { StaffAccount } from './staff-form.js';
import { SwitchButton } from './staff-switch.js';

/** The staff list's columns; the actions open an account's edit, picture or switch dialog. */
export function useStaffColumns(
  countries: readonly { id: number; name: string }[] | undefined,
  myId: number | undefined,
  open: (dialog: 'edit' | 'picture' | 'switch', account: StaffAccount) => void,
) {
  return useMemo(() => {
    const countryNames = new Map((countries ?? []).map((country) => [country.id, country.name]));
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
          <RowActions name={account.name} onEdit={() => open('edit', account)} />
          <ActionIcon
            variant="subtle"
            aria-label={`Picture of ${account.name}`}
            onClick={() => open('picture', account)}
          >
            <IconPhoto size={18} aria-hidden />
          </ActionIcon>
          <SwitchButton account={account} self={account.id === myId} onClick={() => open('switch', account)} />
        </Group>
      ),
    });
    // `open` only sets the screen's dialog.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [countries, myId]);
}
