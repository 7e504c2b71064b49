import { Select, TextInput, Textarea } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { addBranchInput, updateBranchInput } from '../../../../shared/branch.schema.js';
import { useTrpc, type ApiOutputs } from '../../trpc.js';
import type { CountryContentKind } from './country-content.js';

type Branch = ApiOutputs['branch']['getOfCountry'][number];

interface BranchValues extends Record<string, unknown> {
  name: string;
  email: string;
  phone_number: string;
  address: string;
  google_map_link: string;
  messenger_url: string;
  country_id: string;
}

/**
 * The branches of each country site (spec §2, §3 "Branch"): they show on the Contact Us page, receive enquiries,
 * and their messenger link is where the "Chat with us !" dialog sends visitors. Editing may move one to another
 * country.
 */
export const BRANCHES: CountryContentKind<Branch, BranchValues, ReturnType<typeof fieldsOf>> = {
  addLabel: 'Add Branch',
  listLabel: (country) => (country ? `Branches of ${country.name}` : 'Branches'),
  modalTitle: (branch) => (branch ? `Edit Branch · ${branch.name}` : 'Add Branch'),
  nameOf: (branch) => branch.name,
  deleteSentence: (branch) => `Delete the branch "${branch.name}". Its enquiries are kept, without a branch.`,
  columns: [
    { id: 'name', header: 'Name', cell: ({ row }) => row.original.name },
    { id: 'email', header: 'Email', cell: ({ row }) => row.original.email },
    { id: 'phone_number', header: 'Phone number', cell: ({ row }) => row.original.phone_number },
    { id: 'address', header: 'Address', cell: ({ row }) => row.original.address },
  ],
  useApi: (countryId) => {
    const trpc = useTrpc();
    const queryClient = useQueryClient();
    const list = useQuery({
      ...trpc.branch.getOfCountry.queryOptions({ country_id: countryId ?? 0 }),
      enabled: countryId !== null,
    });
    const add = useMutation(trpc.branch.add.mutationOptions());
    const update = useMutation(trpc.branch.update.mutationOptions());
    const remove = useMutation(trpc.branch.delete.mutationOptions());
    return {
      list,
      add: add.mutateAsync,
      update: update.mutateAsync,
      remove: (id) => remove.mutateAsync({ branch_id: id }),
      refetch: () => queryClient.invalidateQueries({ queryKey: trpc.branch.pathKey() }),
    };
  },
  schemas: { add: addBranchInput, update: updateBranchInput },
  valuesOf: (branch, country) => ({
    name: branch?.name ?? '',
    email: branch?.email ?? '',
    phone_number: branch?.phone_number ?? '',
    address: branch?.address ?? '',
    google_map_link: branch?.google_map_link ?? '',
    messenger_url: branch?.messenger_url ?? '',
    country_id: String(branch?.country_id ?? country.id),
  }),
  fieldsOf,
  Fields: ({ form, countries }) => (
    <>
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
    </>
  ),
};

function fieldsOf(values: BranchValues) {
  return { ...values, country_id: Number(values.country_id) };
}
