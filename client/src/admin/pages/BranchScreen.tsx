import { Button, Group, Select, Stack, TextInput, Textarea } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { createColumnHelper } from '@tanstack/react-table';
import type { inferRouterOutputs } from '@trpc/server';
import { useMemo, useState } from 'react';
import { addBranchInput, updateBranchInput } from '../../../../shared/branch.schema.js';
import type { AppRouter } from '../../../../server/src/trpc/router.js';
import { notifyError, notifySuccess } from '../../notify.js';
import { useTrpc } from '../../trpc.js';
import { RowActions } from '../ui/RowActions.js';
import { AdminModal } from '../ui/AdminModal.js';
import { useClientPages } from '../ui/client-pages.js';
import { ConfirmDelete } from '../ui/ConfirmDelete.js';
import { CountrySelect, useCountryChoice } from '../ui/CountrySelect.js';
import { DataTable, usePaging } from '../ui/DataTable.js';
import { errorMessage } from '../ui/errors.js';
import { useAdminForm } from '../ui/use-admin-form.js';

type Branch = inferRouterOutputs<AppRouter>['branch']['getOfCountry'][number];
type Country = { id: number; name: string };

const column = createColumnHelper<Branch>();

/**
 * The branches of each country site (spec §2, §3 "Branch"): they show on the Contact Us page, receive enquiries,
 * and their messenger link is where the "Chat with us !" dialog sends visitors.
 */
export function BranchScreen() {
  const trpc = useTrpc();
  const queryClient = useQueryClient();
  const choice = useCountryChoice();
  const { country, countryId } = choice;
  const paging = usePaging();
  // `null`: closed; `'new'`: adding; a branch: editing it.
  const [editing, setEditing] = useState<Branch | 'new' | null>(null);
  const [deleting, setDeleting] = useState<Branch | null>(null);

  // The API answers a country's whole list (a handful of branches): it is paged here.
  const list = useQuery({
    ...trpc.branch.getOfCountry.queryOptions({ country_id: countryId ?? 0 }),
    enabled: countryId !== null,
  });
  const shown = useClientPages(list.data, paging);
  const refetch = () => queryClient.invalidateQueries({ queryKey: trpc.branch.pathKey() });

  const remove = useMutation(
    trpc.branch.delete.mutationOptions({
      onSuccess: async (result) => {
        if (result.errorCode === 'DELETED_BRANCH') notifySuccess('Successfully Deleted!');
        else notifyError(result.message);
        setDeleting(null);
        await refetch();
      },
      onError: (error) => notifyError(errorMessage(error)),
    }),
  );

  const columns = useMemo(
    () => [
      column.accessor('name', { header: 'Name' }),
      column.accessor('email', { header: 'Email' }),
      column.accessor('phone_number', { header: 'Phone number' }),
      column.accessor('address', { header: 'Address' }),
      column.display({
        id: 'action',
        header: 'Action',
        cell: ({ row }) => (
          <RowActions
            name={row.original.name}
            onEdit={() => setEditing(row.original)}
            onDelete={() => setDeleting(row.original)}
          />
        ),
      }),
    ],
    [],
  );

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end">
        <CountrySelect choice={choice} onChange={paging.reset} />
        <Button leftSection={<IconPlus size={16} aria-hidden />} disabled={!country} onClick={() => setEditing('new')}>
          Add Branch
        </Button>
      </Group>
      <DataTable
        label={country ? `Branches of ${country.name}` : 'Branches'}
        columns={columns}
        rows={shown.rows}
        pagination={shown.pagination}
        paging={paging}
        // Until the countries arrive there is no country to list.
        loading={list.isFetching || countryId === null}
        error={list.isError ? errorMessage(list.error) : null}
        rowKey={(branch) => branch.id}
      />
      {editing !== null && country ? (
        <BranchModal
          branch={editing === 'new' ? null : editing}
          country={country}
          countries={choice.countries}
          onClose={() => setEditing(null)}
          onSaved={async () => {
            setEditing(null);
            await refetch();
          }}
        />
      ) : null}
      <ConfirmDelete
        opened={deleting !== null}
        onClose={() => setDeleting(null)}
        what={deleting ? `Delete the branch "${deleting.name}". Its enquiries are kept, without a branch.` : ''}
        deleting={remove.isPending}
        onConfirm={() => deleting && remove.mutate({ branch_id: deleting.id })}
      />
    </Stack>
  );
}

/** Add a branch to the chosen country, or edit one (which may move it to another country). */
function BranchModal({
  branch,
  country,
  countries,
  onClose,
  onSaved,
}: {
  branch: Branch | null;
  country: Country;
  countries: Country[];
  onClose: () => void;
  onSaved: () => Promise<void>;
}) {
  const trpc = useTrpc();
  const initial = {
    name: branch?.name ?? '',
    email: branch?.email ?? '',
    phone_number: branch?.phone_number ?? '',
    address: branch?.address ?? '',
    google_map_link: branch?.google_map_link ?? '',
    messenger_url: branch?.messenger_url ?? '',
    country_id: String(branch?.country_id ?? country.id),
  };
  type Values = typeof initial;
  const toInput = (values: Values) => ({ ...values, country_id: Number(values.country_id) });
  const { form, canSubmit, saveFeedback } = useAdminForm(
    branch ? updateBranchInput : addBranchInput,
    initial,
    (values) => (branch ? { id: branch.id, ...toInput(values) } : toInput(values)),
  );
  const handlers = saveFeedback(branch !== null, onSaved);
  const add = useMutation(trpc.branch.add.mutationOptions(handlers));
  const update = useMutation(trpc.branch.update.mutationOptions(handlers));

  return (
    <AdminModal opened onClose={onClose} title={branch ? `Edit Branch · ${branch.name}` : 'Add Branch'}>
      <form
        noValidate
        onSubmit={form.onSubmit((values) =>
          branch ? update.mutate({ id: branch.id, ...toInput(values) }) : add.mutate(toInput(values)),
        )}
      >
        <Stack gap="md">
          <TextInput label="Name" required {...form.getInputProps('name')} />
          <TextInput label="Email" type="email" required {...form.getInputProps('email')} />
          <TextInput label="Phone number" type="tel" required {...form.getInputProps('phone_number')} />
          <Textarea label="Address" required autosize minRows={2} {...form.getInputProps('address')} />
          <TextInput
            label="Google map link"
            type="url"
            description="Shown as a map on the Contact Us page"
            {...form.getInputProps('google_map_link')}
          />
          <TextInput
            label="Messenger link"
            type="url"
            description="Where “Chat with us !” sends visitors, e.g. https://m.me/your.page"
            {...form.getInputProps('messenger_url')}
          />
          <Select
            label="Country"
            required
            allowDeselect={false}
            data={countries.map((c) => ({ value: String(c.id), label: c.name }))}
            comboboxProps={{ withinPortal: true }}
            {...form.getInputProps('country_id')}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" disabled={!canSubmit} loading={add.isPending || update.isPending}>
              Save
            </Button>
          </Group>
        </Stack>
      </form>
    </AdminModal>
  );
}
