import { Stack } from '@mantine/core';
import type { ColumnDef } from '@tanstack/react-table';
import { useMemo, useState } from 'react';
import { useRefetch, type ApiDomain } from '../../trpc.js';
import { useClientPages } from '../ui/client-pages.js';
import { ConfirmDelete, useConfirmedDelete } from '../ui/ConfirmDelete.js';
import { CountrySelect, useCountryChoice } from '../ui/CountrySelect.js';
import { DataTable, usePaging } from '../ui/DataTable.js';
import { FieldsModal, type Country, type Field, type FormApi } from '../ui/fields.js';
import { actionColumn } from '../ui/RowActions.js';
import { Toolbar } from '../ui/Toolbar.js';

/** A kind's API for one country, bound to the screen's tRPC client; the list is the country's whole list. */
export interface CountryContentApi<Item> extends Omit<FormApi, 'schemas'> {
  list: { data: Item[] | undefined; isFetching: boolean; error: unknown };
  /** A refusal comes back as a DeleteResult that did not succeed (its message is shown). */
  remove: (id: number) => Promise<unknown>;
}

/**
 * One kind of content that belongs to one country (branches, footer social media, home services), declared once:
 * its words, columns, form and API. The screen (a country's list, add/edit modal, delete after a confirmation) is
 * built from it (decision 038).
 */
export interface CountryContentKind<Item extends { id: number }> {
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
  /** The API's router: its reads are refetched after a change. */
  domain: ApiDomain;
  useApi: (countryId: number | null) => CountryContentApi<Item>;
  schemas: FormApi['schemas'];
  /** The add/edit form (a new item is the country's unless a field says otherwise: a branch may move). */
  fields: Field<Item>[];
}

/** The staff screen of a country's content kind: choose a country, list its items (paged here), add, edit, delete. */
export function CountryContentScreen<Item extends { id: number }>({ kind }: { kind: CountryContentKind<Item> }) {
  const choice = useCountryChoice();
  const { country, countryId } = choice;
  const paging = usePaging();
  // `null`: closed; `'new'`: adding; an item: editing it.
  const [editing, setEditing] = useState<Item | 'new' | null>(null);
  const item = editing === 'new' ? null : editing;
  const api = kind.useApi(countryId);
  const refetch = useRefetch();
  // The API answers a country's whole list (a handful of items): it is paged here.
  const shown = useClientPages(api.list.data, paging);
  const deletion = useConfirmedDelete({
    remove: (item: Item) => api.remove(item.id),
    onDone: () => refetch(kind.domain),
  });
  const askToDelete = deletion.ask;

  const columns = useMemo(
    () => [
      ...kind.columns,
      actionColumn((item: Item) => ({
        name: kind.nameOf(item),
        onEdit: () => setEditing(item),
        onDelete: () => askToDelete(item),
      })),
    ],
    [kind, askToDelete],
  );

  return (
    <Stack gap="md">
      <Toolbar action={{ label: kind.addLabel, disabled: !country, onClick: () => setEditing('new') }}>
        <CountrySelect choice={choice} onChange={paging.reset} />
      </Toolbar>
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
        <FieldsModal
          title={kind.modalTitle(item, country)}
          fields={kind.fields}
          item={item}
          context={{ countries: choice.countries, shown: country, actor: undefined }}
          api={{ ...api, schemas: kind.schemas }}
          newInput={{ country_id: country.id }}
          onClose={() => setEditing(null)}
          onSaved={async () => {
            setEditing(null);
            await refetch(kind.domain);
          }}
        />
      ) : null}
      <ConfirmDelete {...deletion.dialog} what={deletion.item ? kind.deleteSentence(deletion.item) : ''} />
    </Stack>
  );
}
