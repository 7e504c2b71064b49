import { ActionIcon, Button, Group, Select, Stack } from '@mantine/core';
import { IconPencil, IconSquarePlus, IconTrash, IconWorldPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { notifyError, notifySuccess } from '../../notify.js';
import { AdminModal } from './AdminModal.js';
import { errorMessage } from './errors.js';

/** Where shared content is shown: countries (testimonials, team, popups) or pages (banners). */
export type OwnerKind = 'country' | 'page';

/** The row actions of shared content: edit, add to another country or page, delete (with the shared-item rules). */
export function SharedItemActions({
  name,
  owner,
  onEdit,
  onLink,
  onDelete,
}: {
  /** How the row is named to screen readers, e.g. the testimonial's name. */
  name: string;
  owner: OwnerKind;
  onEdit: () => void;
  onLink: () => void;
  onDelete: () => void;
}) {
  const LinkIcon = owner === 'country' ? IconWorldPlus : IconSquarePlus;
  return (
    <Group gap={4} wrap="nowrap">
      <ActionIcon variant="subtle" aria-label={`Edit ${name}`} onClick={onEdit}>
        <IconPencil size={18} aria-hidden />
      </ActionIcon>
      <ActionIcon variant="subtle" aria-label={`Add ${name} to another ${owner}`} onClick={onLink}>
        <LinkIcon size={18} aria-hidden />
      </ActionIcon>
      <ActionIcon variant="subtle" color="red" aria-label={`Delete ${name}`} onClick={onDelete}>
        <IconTrash size={18} aria-hidden />
      </ActionIcon>
    </Group>
  );
}

/**
 * Shows one shared item in one more country or page (addTestimonialToOtherCountry, addBannerToOtherPage, …): the
 * choice offers only the countries or pages it is not in yet.
 */
export function AddToOtherModal({
  name,
  owner,
  owners,
  linkedIds,
  add,
  onClose,
  onAdded,
}: {
  name: string;
  owner: OwnerKind;
  /** Every country or page. */
  owners: readonly { id: number; name: string }[];
  /** Those the item is already in. */
  linkedIds: readonly number[];
  add: (ownerId: number) => Promise<unknown>;
  onClose: () => void;
  onAdded: () => Promise<unknown>;
}) {
  const [chosen, setChosen] = useState<string | null>(null);
  const [adding, setAdding] = useState(false);
  const linked = new Set(linkedIds);
  const choices = owners.filter((o) => !linked.has(o.id));
  const label = owner === 'country' ? 'Country' : 'Page';

  const submit = async () => {
    if (!chosen) return;
    setAdding(true);
    try {
      await add(Number(chosen));
      notifySuccess('Successfully Added!');
      onClose();
      await onAdded();
    } catch (error) {
      notifyError(errorMessage(error));
    } finally {
      setAdding(false);
    }
  };

  return (
    <AdminModal opened onClose={onClose} title={`Add "${name}" to another ${owner}`}>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <Stack gap="md">
          <Select
            label={label}
            required
            searchable
            placeholder={
              choices.length
                ? `Choose a ${owner}`
                : owner === 'country'
                  ? 'It is already in every country'
                  : 'It is already on every page'
            }
            data={choices.map((o) => ({ value: String(o.id), label: o.name }))}
            value={chosen}
            onChange={setChosen}
            comboboxProps={{ withinPortal: true }}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" disabled={!chosen} loading={adding}>
              Add
            </Button>
          </Group>
        </Stack>
      </form>
    </AdminModal>
  );
}
