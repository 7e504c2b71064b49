import { Badge, Group, Select } from '@mantine/core';
import { useState } from 'react';
import { notifyError, notifySuccess } from '../../notify.js';
import { FormModal } from './FormModal.js';
import { errorMessage } from './errors.js';

/** Where shared content is shown: countries (testimonials, team, popups) or pages (banners). */
export type OwnerKind = 'country' | 'page';

interface Owner {
  id: number;
  name: string;
}

/** The countries or pages an item is shown in, as badges (a list column). */
export function OwnerBadges({ owners }: { owners: readonly Owner[] }) {
  return (
    // Wide enough for whole names: a narrow column would otherwise shrink them to "HO…".
    <Group gap={4} miw={140}>
      {owners.map((owner) => (
        <Badge key={owner.id} variant="light" color="gray">
          {owner.name}
        </Badge>
      ))}
    </Group>
  );
}

/**
 * Where "Remove from …" applies when deleting an item: the country or page the list is filtered to, if the item is
 * shown there; null when the list shows everything (then only "Delete everywhere" is offered).
 */
export function removalScope<T extends Owner>(listed: T | null | undefined, itemOwners: readonly Owner[]): T | null {
  return listed && itemOwners.some((owner) => owner.id === listed.id) ? listed : null;
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
    <FormModal
      title={`Add "${name}" to another ${owner}`}
      onClose={onClose}
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
      canSubmit={chosen !== null}
      saving={adding}
      submitLabel="Add"
    >
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
    </FormModal>
  );
}
