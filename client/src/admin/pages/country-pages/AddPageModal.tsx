import { MultiSelect, TextInput } from '@mantine/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { addPageToOtherCountryInput } from '../../../../../shared/page.schema.js';
import { useTrpc } from '../../../trpc.js';
import { SaveModal } from '../../ui/FormModal.js';

/** Spec §5: the country read-only, pages not yet assigned, at least one required; submit when valid and changed. */
export function AddPageModal({
  onClose,
  country,
  onAdded,
}: {
  onClose: () => void;
  country: { id: number; name: string };
  onAdded: () => Promise<void>;
}) {
  const trpc = useTrpc();
  const allPages = useQuery(trpc.page.getAll.queryOptions());
  const assigned = useQuery(trpc.page.getOfCountry.queryOptions({ country_id: country.id }));
  const assignedIds = new Set((assigned.data ?? []).map((page) => page.id));
  // Until both lists are in, an assigned page could be offered: the field waits for them.
  const loading = allPages.isPending || assigned.isPending;
  const choices = loading ? [] : (allPages.data ?? []).filter((page) => !assignedIds.has(page.id));
  const add = useMutation(trpc.page.addToCountry.mutationOptions());

  return (
    <SaveModal
      title="Add Page"
      submitLabel="Add"
      schema={addPageToOtherCountryInput}
      initialValues={{ page_ids: [] as string[] }}
      toInput={(values) => ({ country_id: country.id, page_ids: values.page_ids.map(Number) })}
      save={(input) => add.mutateAsync(input)}
      editing={false}
      onClose={onClose}
      onSaved={onAdded}
    >
      {(form) => (
        <>
          <TextInput label="Country" value={country.name} readOnly />
          <MultiSelect
            label="Pages"
            placeholder={
              loading ? 'Loading pages…' : choices.length === 0 ? 'Every page is already assigned' : 'Choose pages'
            }
            disabled={loading}
            required
            searchable
            data={choices.map((page) => ({ value: String(page.id), label: page.name }))}
            comboboxProps={{ withinPortal: true }}
            {...form.getInputProps('page_ids')}
            onChange={(pageIds) => {
              form.setFieldValue('page_ids', pageIds);
              // Removing the last page says at once that one is required.
              form.validateField('page_ids');
            }}
          />
        </>
      )}
    </SaveModal>
  );
}
