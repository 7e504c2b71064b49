import { ActionIcon, Group, Text, Tooltip, VisuallyHidden } from '@mantine/core';
import { IconLock, IconPencil, IconSquarePlus, IconTrash, IconWorldPlus } from '@tabler/icons-react';

/**
 * The action icons of a list row, each named for screen readers with the row's `name`: edit, "add to another
 * country/page" for shared content, delete. Only the actions given are shown; `locked` (the reason) shows none,
 * for a row the signed-in staff member may not change.
 */
export function RowActions({
  name,
  onEdit,
  link,
  onDelete,
  locked,
}: {
  name: string;
  onEdit?: () => void;
  link?: { owner: 'country' | 'page'; onClick: () => void };
  onDelete?: () => void;
  locked?: string | false;
}) {
  const LinkIcon = link?.owner === 'page' ? IconSquarePlus : IconWorldPlus;
  if (locked) {
    return (
      <Tooltip label={locked} multiline w={240} withArrow>
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
