import { ActionIcon, Badge, Card, Group, Stack, Text } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { notifyError, notifySuccess } from '../../../notify.js';
import { errorMessage } from '../../ui/errors.js';
import { RowActions } from '../../ui/RowActions.js';
import type { MediaItem, MediaKind, MediaRefusal } from './media-kinds.js';

/** "Added 3 May 2026": when a picture or video came into the library. */
const addedFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });

/**
 * One picture or video as a card: preview, name, category, when it was added, details, then its actions (in a
 * gallery, "Remove from <country>" first; editing only in the library). An edit or delete the signed-in staff member
 * may not make stays, dimmed, saying why (`refusal`).
 */
export function MediaCard<Item extends MediaItem<Category>, Category extends string>({
  kind,
  item,
  refusal,
  gallery,
  onRemoved,
  onEdit,
  onDelete,
}: {
  kind: MediaKind<Item, Category>;
  item: Item;
  refusal: MediaRefusal | undefined;
  /** The gallery the card is in, and taking the item out of it. */
  gallery: { name: string; remove: () => Promise<unknown> } | undefined;
  onRemoved: () => Promise<unknown>;
  onEdit: (() => void) | undefined;
  onDelete: () => void;
}) {
  const name = kind.nameOf(item);
  const removal = useMutation({
    mutationFn: async () => gallery?.remove(),
    onSuccess: async () => {
      notifySuccess('Successfully Removed!');
      await onRemoved();
    },
    onError: (error) => notifyError(errorMessage(error)),
  });
  return (
    <Card role="listitem" withBorder padding="sm" h="100%">
      <Card.Section>{kind.preview(item)}</Card.Section>
      <Stack gap={6} mt="sm" style={{ flex: 1 }}>
        <Text fw={600} style={{ overflowWrap: 'anywhere' }} lineClamp={2} title={name}>
          {name}
        </Text>
        <Group gap="xs">
          <Badge variant="light" color="gray">
            {kind.categoryLabels[item.category]}
          </Badge>
          <Text size="xs">Added {addedFormat.format(new Date(item.created_at))}</Text>
        </Group>
        {kind.details?.(item)}
      </Stack>
      <Group justify="flex-end" gap={4} mt="xs" wrap="nowrap">
        {gallery ? (
          <ActionIcon
            variant="subtle"
            aria-label={`Remove ${name} from ${gallery.name}`}
            loading={removal.isPending}
            onClick={() => removal.mutate()}
          >
            {kind.removeIcon}
          </ActionIcon>
        ) : null}
        <RowActions
          name={name}
          onEdit={onEdit}
          onDelete={onDelete}
          refused={refusal && { edit: refusal.change, delete: refusal.delete }}
        />
      </Group>
    </Card>
  );
}
