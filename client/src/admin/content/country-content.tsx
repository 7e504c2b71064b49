import { Button, Group, Stack } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { IconPlus } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import type { ColumnDef } from '@tanstack/react-table';
import { useMemo, useState, type ComponentType } from 'react';
import type { z } from 'zod';
import type { DeleteResult } from '../../../../shared/delete-result.js';
import { notifyError, notifySuccess } from '../../notify.js';
import { useClientPages } from '../ui/client-pages.js';
import { ConfirmDelete } from '../ui/ConfirmDelete.js';
import { CountrySelect, useCountryChoice } from '../ui/CountrySelect.js';
import { DataTable, usePaging } from '../ui/DataTable.js';
import { errorMessage } from '../ui/errors.js';
import { SaveModal } from '../ui/FormModal.js';
import { RowActions } from '../ui/RowActions.js';
import type { Country } from './shared-content.js';

/** A kind's API for one country, bound to the screen's tRPC client; the list is the country's whole list. */
export interface CountryContentApi<Item, Fields> {
  list: { data: Item[] | undefined; isFetching: boolean; error: unknown };
  add: (input: Fields & { country_id: number }) => Promise<unknown>;
  update: (input: Fields & { id: number }) => Promise<unknown>;
  /** A refusal comes back as a DeleteResult that did not succeed (its message is shown). */
  remove: (id: number) => Promise<unknown>;
  refetch: () => Promise<void>;
}

/**
 * One kind of content that belongs to one country (branches, footer social media, home services), declared once:
 * its words, columns, form and API. The screen (a country's list, add/edit modal, delete after a confirmation) is
 * built from it (decision 038).
 */
export interface CountryContentKind<Item extends { id: number }, Values extends Record<string, unknown>, Fields> {
  /** "Add Branch". */
  addLabel: string;
  /** The table's name: "Branches of Nepal" (no country yet: "Branches"). */
  listLabel: (country: Country | undefined) => string;
  /** The modal's title. */
  modalTitle: (item: Item | null, country: Country) => string;
  nameOf: (item: Item) => string;
  /** What deleting does, in words: `Delete the branch "Kathmandu". Its enquiries are kept, without a branch.` */
  deleteSentence: (item: Item) => string;
  /** The columns before Action. */
  columns: ColumnDef<Item, unknown>[];
  useApi: (countryId: number | null) => CountryContentApi<Item, Fields>;
  schemas: { add: z.ZodType; update: z.ZodType };
  valuesOf: (item: Item | null, country: Country) => Values;
  /** What the API takes from the form's values (a branch's own country among them: it may move). */
  fieldsOf: (values: Values) => Fields;
  Fields: ComponentType<{
    form: UseFormReturnType<Values>;
    item: Item | null;
    country: Country;
    countries: Country[];
  }>;
}

function failedDelete(result: unknown): result is DeleteResult {
  return typeof result === 'object' && result !== null && 'success' in result && result.success === false;
}

/** The staff screen of a country's content kind: choose a country, list its items (paged here), add, edit, delete. */
export function CountryContentScreen<Item extends { id: number }, Values extends Record<string, unknown>, Fields>({
  kind,
}: {
  kind: CountryContentKind<Item, Values, Fields>;
}) {
  const choice = useCountryChoice();
  const { country, countryId } = choice;
  const paging = usePaging();
  // `null`: closed; `'new'`: adding; an item: editing it.
  const [editing, setEditing] = useState<Item | 'new' | null>(null);
  const [deleting, setDeleting] = useState<Item | null>(null);
  const item = editing === 'new' ? null : editing;
  const { Fields } = kind;
  const api = kind.useApi(countryId);
  // The API answers a country's whole list (a handful of items): it is paged here.
  const shown = useClientPages(api.list.data, paging);
  const remove = useMutation({
    mutationFn: (id: number) => api.remove(id),
    onSuccess: async (result) => {
      if (failedDelete(result)) notifyError(result.message);
      else notifySuccess('Successfully Deleted!');
      setDeleting(null);
      await api.refetch();
    },
    onError: (error) => notifyError(errorMessage(error)),
  });

  const columns = useMemo<ColumnDef<Item, unknown>[]>(
    () => [
      ...kind.columns,
      {
        id: 'action',
        header: 'Action',
        cell: ({ row }) => (
          <RowActions
            name={kind.nameOf(row.original)}
            onEdit={() => setEditing(row.original)}
            onDelete={() => setDeleting(row.original)}
          />
        ),
      },
    ],
    [kind],
  );

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end">
        <CountrySelect choice={choice} onChange={paging.reset} />
        <Button leftSection={<IconPlus size={16} aria-hidden />} disabled={!country} onClick={() => setEditing('new')}>
          {kind.addLabel}
        </Button>
      </Group>
      <DataTable
        label={kind.listLabel(country)}
        columns={columns}
        rows={shown.rows}
        pagination={shown.pagination}
        paging={paging}
        // Until the countries arrive there is no country to list.
        loading={api.list.isFetching || countryId === null}
        error={api.list.error}
        rowKey={(item) => item.id}
      />
      {editing !== null && country ? (
        <SaveModal
          title={kind.modalTitle(item, country)}
          schema={item ? kind.schemas.update : kind.schemas.add}
          initialValues={kind.valuesOf(item, country)}
          toInput={(values) =>
            item ? { ...kind.fieldsOf(values), id: item.id } : { country_id: country.id, ...kind.fieldsOf(values) }
          }
          save={(input) => ('id' in input ? api.update(input) : api.add(input))}
          editing={item !== null}
          onClose={() => setEditing(null)}
          onSaved={async () => {
            setEditing(null);
            await api.refetch();
          }}
        >
          {(form) => <Fields form={form} item={item} country={country} countries={choice.countries} />}
        </SaveModal>
      ) : null}
      <ConfirmDelete
        opened={deleting !== null}
        onClose={() => setDeleting(null)}
        what={deleting ? kind.deleteSentence(deleting) : ''}
        deleting={remove.isPending}
        onConfirm={() => deleting && remove.mutate(deleting.id)}
      />
    </Stack>
  );
}
