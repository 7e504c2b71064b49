import { Group, Text, Tooltip, VisuallyHidden } from '@mantine/core';
import { IconLock, IconPencil, IconSquarePlus, IconTrash, IconWorldPlus } from '@tabler/icons-react';
import { IconActions, REASON_TOOLTIP, type IconAction } from './IconActions.js';
import type { ColumnDef } from '@tanstack/react-table';

/**
 * The action icons of a list row, each named for screen readers with the row's `name`: edit, "add to another
 * country/page" for shared content, a kind's `more` (a post's preview and history), delete. Only the actions given
 * are shown; `locked` (the reason) shows none, for a row the signed-in staff member may not change, and `refused`
 * marks the edit or delete the API would refuse, with its reason.
 */
export function RowActions({
  name,
  onEdit,
  link,
  more = [],
  onDelete,
  locked,
  refused,
}: {
  name: string;
  onEdit?: () => void;
  link?: { owner: 'country' | 'page'; onClick: () => void };
  more?: IconAction[];
  onDelete?: () => void;
  locked?: string | false;
  refused?: { edit?: string | null; delete?: string | null };
}) {
  const LinkIcon = link?.owner === 'page' ? IconSquarePlus : IconWorldPlus;
  if (locked) {
    return (
      <Tooltip label={locked} {...REASON_TOOLTIP}>
        <Group gap={4} wrap="nowrap" c="dimmed" data-testid="row-locked">
          <IconLock size={16} aria-hidden />
          <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
            Read only
            <VisuallyHidden>{`: ${locked}`}</VisuallyHidden>
          </Text>
        </Group>
      </Tooltip>
    );
  }
  return (
    <IconActions
      actions={[
        onEdit && { label: `Edit ${name}`, icon: IconPencil, onClick: onEdit, refused: refused?.edit },
        link && { label: `Add ${name} to another ${link.owner}`, icon: LinkIcon, onClick: link.onClick },
        ...more,
        onDelete && {
          label: `Delete ${name}`,
          icon: IconTrash,
          color: 'red',
          onClick: onDelete,
          refused: refused?.delete,
        },
      ]}
    />
  );
}

/** A list's last column, "Action": each row's RowActions. */
export function actionColumn<Item>(
  actionsOf: (item: Item) => Parameters<typeof RowActions>[0],
): ColumnDef<Item, unknown> {
  return { id: 'action', header: 'Action', cell: ({ row }) => <RowActions {...actionsOf(row.original)} /> };
}
