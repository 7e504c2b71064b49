import { ActionIcon, Group } from '@mantine/core';
import { IconPencil, IconSquarePlus, IconTrash, IconWorldPlus } from '@tabler/icons-react';

/**
 * The action icons of a list row, each named for screen readers with the row's `name`: edit, "add to another
 * country/page" for shared content, delete. Only the actions given are shown.
 */
export function RowActions({
  name,
  onEdit,
  link,
  onDelete,
}: {
  name: string;
  onEdit?: () => void;
  link?: { owner: 'country' | 'page'; onClick: () => void };
  onDelete?: () => void;
}) {
  const LinkIcon = link?.owner === 'page' ? IconSquarePlus : IconWorldPlus;
  return (
    <Group gap={4} wrap="nowrap">
      {onEdit ? (
        <ActionIcon variant="subtle" aria-label={`Edit ${name}`} onClick={onEdit}>
          <IconPencil size={18} aria-hidden />
        </ActionIcon>
      ) : null}
      {link ? (
        <ActionIcon variant="subtle" aria-label={`Add ${name} to another ${link.owner}`} onClick={link.onClick}>
          <LinkIcon size={18} aria-hidden />
        </ActionIcon>
      ) : null}
      {onDelete ? (
        <ActionIcon variant="subtle" color="red" aria-label={`Delete ${name}`} onClick={onDelete}>
          <IconTrash size={18} aria-hidden />
        </ActionIcon>
      ) : null}
    </Group>
  );
}
