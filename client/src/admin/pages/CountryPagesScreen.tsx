import { ActionIcon, Button, Group, MultiSelect, Stack, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { createColumnHelper } from '@tanstack/react-table';
import { useMemo, useState } from 'react';
import { addPageToOtherCountryInput } from '../../../../shared/page.schema.js';
import { notifyError, notifySuccess } from '../../notify.js';
import { useTrpc } from '../../trpc.js';
import { AdminModal } from '../ui/AdminModal.js';
import { ConfirmDelete } from '../ui/ConfirmDelete.js';
import { CountrySelect, useCountryChoice } from '../ui/CountrySelect.js';
import { DataTable, usePaging } from '../ui/DataTable.js';
import { errorMessage } from '../ui/errors.js';

interface AssignedPage {
  id: number;
  name: string;
}

const column = createColumnHelper<AssignedPage>();

/**
 * Which pages each country site shows (spec §2 "Admin country page-assignment screen", §5 "Add Page modal"): a
 * country dropdown (Global first), its pages with server-side paging, Add Page and delete.
 */
export function CountryPagesScreen() {
  const trpc = useTrpc();
  const queryClient = useQueryClient();
  const choice = useCountryChoice();
  const { country, countryId } = choice;
  const paging = usePaging();
  const [adding, setAdding] = useState(false);
  const [deleting, setDeleting] = useState<AssignedPage | null>(null);

  const list = useQuery({
    ...trpc.page.ofCountryPaged.queryOptions({ country_id: countryId ?? 0, paginate: paging.paging }),
    enabled: countryId !== null,
  });
  const refetch = () => queryClient.invalidateQueries({ queryKey: trpc.page.pathKey() });

  const remove = useMutation(
    trpc.page.deleteFromCountry.mutationOptions({
      onSuccess: async () => {
        notifySuccess('Page Deleted Successfully!');
        setDeleting(null);
        await refetch();
      },
      onError: (error) => notifyError(errorMessage(error)),
    }),
  );

  const columns = useMemo(
    () => [
      column.accessor('id', { header: 'ID' }),
      column.accessor('name', { header: 'Name' }),
      column.display({
        id: 'action',
        header: 'Action',
        cell: ({ row }) => (
          <ActionIcon
            variant="subtle"
            color="red"
            aria-label={`Delete ${row.original.name}`}
            onClick={() => setDeleting(row.original)}
          >
            <IconTrash size={18} aria-hidden />
          </ActionIcon>
        ),
      }),
    ],
    [],
  );

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end">
        <CountrySelect choice={choice} clearable onChange={paging.reset} />
        <Button leftSection={<IconPlus size={16} aria-hidden />} disabled={!country} onClick={() => setAdding(true)}>
          Add Page
        </Button>
      </Group>
      <DataTable
        label={country ? `Pages of ${country.name}` : 'Pages'}
        columns={columns}
        rows={countryId === null ? [] : list.data?.data}
        pagination={list.data?.pagination}
        paging={paging}
        loading={list.isFetching}
        error={list.isError ? errorMessage(list.error) : null}
        rowKey={(page) => page.id}
      />
      {country ? (
        <AddPageModal
          opened={adding}
          onClose={() => setAdding(false)}
          country={country}
          onAdded={async () => {
            setAdding(false);
            await refetch();
          }}
        />
      ) : null}
      <ConfirmDelete
        opened={deleting !== null}
        onClose={() => setDeleting(null)}
        what={deleting && country ? `Remove the page "${deleting.name}" from ${country.name}.` : ''}
        deleting={remove.isPending}
        onConfirm={() => deleting && countryId && remove.mutate({ country_id: countryId, page_id: deleting.id })}
      />
    </Stack>
  );
}

/** Spec §5: the country read-only, pages not yet assigned, at least one required; submit when valid and changed. */
function AddPageModal({
  opened,
  onClose,
  country,
  onAdded,
}: {
  opened: boolean;
  onClose: () => void;
  country: { id: number; name: string };
  onAdded: () => Promise<void>;
}) {
  const trpc = useTrpc();
  const allPages = useQuery({ ...trpc.page.getAll.queryOptions(), enabled: opened });
  const assigned = useQuery({ ...trpc.page.getOfCountry.queryOptions({ country_id: country.id }), enabled: opened });
  const assignedIds = new Set((assigned.data ?? []).map((page) => page.id));
  const choices = (allPages.data ?? []).filter((page) => !assignedIds.has(page.id));

  const form = useForm<{ page_ids: string[] }>({
    mode: 'controlled',
    initialValues: { page_ids: [] },
    validateInputOnChange: true,
    validate: (values) =>
      schemaResolver(addPageToOtherCountryInput, { sync: true })({
        country_id: country.id,
        page_ids: values.page_ids.map(Number),
      }),
  });
  const add = useMutation(
    trpc.page.addToCountry.mutationOptions({
      onSuccess: async () => {
        notifySuccess('Successfully Added!');
        form.reset();
        await onAdded();
      },
      onError: (error) => notifyError(errorMessage(error)),
    }),
  );
  const close = () => {
    form.reset();
    onClose();
  };

  return (
    <AdminModal opened={opened} onClose={close} title="Add Page">
      <form
        onSubmit={form.onSubmit((values) =>
          add.mutate({ country_id: country.id, page_ids: values.page_ids.map(Number) }),
        )}
        noValidate
      >
        <Stack gap="md">
          <TextInput label="Country" value={country.name} readOnly />
          <MultiSelect
            label="Pages"
            placeholder={
              choices.length === 0 && !allPages.isPending ? 'Every page is already assigned' : 'Choose pages'
            }
            required
            searchable
            data={choices.map((page) => ({ value: String(page.id), label: page.name }))}
            comboboxProps={{ withinPortal: true }}
            {...form.getInputProps('page_ids')}
            onBlur={() => form.validateField('page_ids')}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
            <Button type="submit" loading={add.isPending} disabled={!form.isValid() || !form.isDirty()}>
              Add
            </Button>
          </Group>
        </Stack>
      </form>
    </AdminModal>
  );
}
