import { Badge, Select } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { addBranchClosureInput, updateBranchClosureInput } from '../../../../shared/branch.schema.js';
import { closureDaysLabel } from '../../../../shared/opening-hours.js';
import { useTrpc, useTrpcClient, type ApiOutputs } from '../../trpc.js';
import { shownCountry, text, type Field } from '../ui/fields.js';
import type { CountryContentKind } from './country-content.js';

type Closure = ApiOutputs['branchClosure']['get'][number];

/** A country's branches (cached: the list's cells and the form ask for the same). */
function useBranches(countryId: number | undefined) {
  const trpc = useTrpc();
  return useQuery({
    ...trpc.branch.getOfCountry.queryOptions({ country_id: countryId ?? 0 }),
    enabled: countryId !== undefined,
  });
}

function BranchName({ closure }: { closure: Closure }) {
  const branches = useBranches(closure.country_id);
  if (closure.branch_id === null) return 'Every branch';
  return branches.data?.find((branch) => branch.id === closure.branch_id)?.name ?? '…';
}

/** The branch closed, or none: every branch of the country. */
const branchField: Field<unknown> = {
  name: 'branch_id',
  valueOf: (item) => ((item as Closure | null)?.branch_id ?? null)?.toString() ?? null,
  inputOf: (value) => (value ? Number(value) : null),
  Input: function BranchInput({ form, context }) {
    const branches = useBranches(context.shown?.id);
    return (
      <Select
        label="Branch"
        clearable
        placeholder="Every branch of the country"
        description="Leave empty when every branch closes (a public holiday)"
        data={(branches.data ?? []).map((branch) => ({ value: String(branch.id), label: branch.name }))}
        comboboxProps={{ withinPortal: true }}
        {...form.getInputProps('branch_id')}
      />
    );
  },
};

/**
 * Days a country's branches, or one of them, are closed besides their week (decision 052): Contact Us tells the
 * next ones, the booking form says so of a day chosen, and the appointment form warns of a meeting then.
 */
export const BRANCH_CLOSURES: CountryContentKind<Closure> = {
  addLabel: 'Add Closure',
  listLabel: (country) => (country ? `Closures of ${country.name}` : 'Closures'),
  modalTitle: (closure) => (closure ? `Edit Closure · ${closure.name}` : 'Add Closure'),
  nameOf: (closure) => closure.name,
  deleteSentence: (closure) => `Delete the closure "${closure.name}". The branches show as open on its days again.`,
  columns: [
    {
      id: 'days',
      header: 'Days',
      cell: ({ row }) => closureDaysLabel(row.original),
    },
    { id: 'name', header: 'Name', cell: ({ row }) => row.original.name },
    { id: 'branch', header: 'Branch', cell: ({ row }) => <BranchName closure={row.original} /> },
    {
      id: 'over',
      header: 'Status',
      // By the country's clock, as the list's order: the server knows it.
      cell: ({ row }) =>
        row.original.is_over ? (
          <Badge color="gray" variant="light">
            Over
          </Badge>
        ) : (
          <Badge color="blue" variant="light">
            To come
          </Badge>
        ),
    },
  ],
  domain: 'branchClosure',
  useApi: (countryId) => {
    const trpc = useTrpc();
    const { branchClosure } = useTrpcClient();
    return {
      list: useQuery({
        ...trpc.branchClosure.get.queryOptions({ country_id: countryId ?? 0 }),
        enabled: countryId !== null,
      }),
      add: branchClosure.add.mutate,
      update: branchClosure.update.mutate,
      remove: (id) => branchClosure.delete.mutate({ id }),
    };
  },
  schemas: { add: addBranchClosureInput, update: updateBranchClosureInput },
  fields: [
    shownCountry,
    text('name', 'Name', { required: true, description: 'What visitors read, e.g. "Christmas Day" or "Dashain"' }),
    branchField,
    text('first_day', 'First day', { type: 'date', required: true }),
    text('last_day', 'Last day', { type: 'date', blankIsNone: true, description: 'Leave empty for one day' }),
  ],
};
