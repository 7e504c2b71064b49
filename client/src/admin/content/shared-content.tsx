import { Button, Group, MultiSelect, Stack } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { IconPlus } from '@tabler/icons-react';
import type { ColumnDef } from '@tanstack/react-table';
import { useMemo, useState, type ComponentType, type ReactNode } from 'react';
import type { z } from 'zod';
import { NOT_YOUR_ITEM_MESSAGE } from '../../../../shared/access.js';
import type { DeleteResult } from '../../../../shared/delete-result.js';
import { mayChange, useActor } from '../actor.js';
import { CountrySelect, useCountryChoice } from '../ui/CountrySelect.js';
import { DataTable, usePaging, type Pagination } from '../ui/DataTable.js';
import { SaveModal } from '../ui/FormModal.js';
import { RowActions } from '../ui/RowActions.js';
import { SharedDeleteDialog } from '../ui/SharedDelete.js';
import { AddToOtherModal, OwnerBadges, removalScope } from '../ui/shared-items.js';

export type Country = { id: number; name: string };

/** An item shown in some countries (testimonials, popups, team members; banners through their pages). */
export interface SharedItem {
  id: number;
  countries: Country[];
}

/** A country or page an item is shown in. */
export interface Owner {
  id: number;
  name: string;
}

/** The owners of a kind's items as a screen offers them: every one, the one the list is filtered to, the filter. */
export interface OwnerChoice {
  owners: Owner[];
  chosen: Owner | null;
  filter: ReactNode;
}

/** Where a kind's items are shown: countries (most kinds) or pages (banners). */
export interface Owners {
  word: 'country' | 'page';
  /** The column's header: "Countries", "Pages". */
  header: string;
  /** The list's name: "Testimonials shown in Nepal", "Banners on the Home page". */
  listLabel: (many: string, chosen: Owner | null) => string;
  /** The filter above the list; `onChange` goes back to the list's first page. */
  useChoice: (onChange: () => void) => OwnerChoice;
}

/** Shown in countries, chosen above the list ("All countries" to start). */
export const COUNTRY_OWNERS: Owners = {
  word: 'country',
  header: 'Countries',
  listLabel: (many, country) => (country ? `${many} shown in ${country.name}` : `${many} of every country`),
  useChoice: (onChange) => {
    const choice = useCountryChoice({ startWithAll: true });
    return {
      owners: choice.countries,
      chosen: choice.country ?? null,
      filter: <CountrySelect choice={choice} clearable placeholder="All countries" onChange={onChange} />,
    };
  },
};

/** The list a screen shows, however the API pages it. */
export interface SharedList<Item> {
  rows: Item[] | undefined;
  pagination: Pagination | undefined;
  loading: boolean;
  error: unknown;
}

/** A kind's API, bound to the screen's tRPC client; `list` is of one country or (null) of every country. */
export interface SharedContentApi<Item, Fields> {
  list: SharedList<Item>;
  add: (input: Fields & { country_ids: number[] }) => Promise<unknown>;
  update: (input: Fields & { id: number }) => Promise<unknown>;
  link: (id: number, countryId: number) => Promise<unknown>;
  unlink: (id: number, countryId: number) => Promise<DeleteResult>;
  remove: (id: number, confirm: boolean) => Promise<DeleteResult>;
  /** The tRPC domain to refetch after a change. */
  refetch: () => Promise<void>;
}

/** The form values of a kind's modal: its own fields' values, and the countries of a new item. */
export type SharedValues<Values> = Values & { country_ids: string[] };

/**
 * One kind of content shared between countries, declared once: its words, list columns, form and API. The list
 * screen, the add/edit modal, "Add to another country" and the shared-item delete are built from it (decision 038).
 */
export interface SharedContentKind<Item extends SharedItem, Values extends Record<string, unknown>, Fields> {
  /** "Testimonial": "Add Testimonial", "Edit Testimonial". */
  title: string;
  /** "testimonial": `Delete the testimonial "…"?`. */
  one: string;
  /** "Testimonials": "Testimonials shown in Nepal", "Testimonials of every country". */
  Many: string;
  nameOf: (item: Item) => string;
  /** The item in a sentence (default: `the testimonial "Asha"`). */
  describe?: (item: Item) => string;
  /** Where its items are shown (default: countries). */
  owners?: Owners;
  /** An item's owners (default: its countries). */
  ownersOf?: (item: Item) => Owner[];
  /** Why an EDITOR's row is read only (default: another country shows it). */
  lockedMessage?: string;
  /** The owners "Add to another …" offers for an item (default: every one). */
  linkableOwners?: (item: Item, owners: Owner[], actor: Parameters<typeof mayChange>[0]) => Owner[];
  /** Whether a new item's countries are chosen below the fields (default: yes; a banner's pages are its fields). */
  choosesCountries?: boolean;
  /** The list's columns before Countries, and those between Countries and Action. */
  columns: ColumnDef<Item, unknown>[];
  columnsAfterCountries?: ColumnDef<Item, unknown>[];
  /** `ownerId`: the country (or page) the list is filtered to, null for all. */
  useApi: (args: { ownerId: number | null; paging: ReturnType<typeof usePaging> }) => SharedContentApi<Item, Fields>;
  schemas: { add: z.ZodType; update: z.ZodType };
  /** The form's values for an item (null: a new one, which may start on the owner the list shows, or the actor's). */
  valuesOf: (item: Item | null, context: { chosen: Owner | null; actor: Parameters<typeof mayChange>[0] }) => Values;
  /** What the API takes from the form's values (without the id or the countries). */
  fieldsOf: (values: Values) => Fields;
  /** The modal's fields, above Countries unless `Fields` places the countries itself (`countriesInFields`). */
  Fields: ComponentType<{
    form: UseFormReturnType<SharedValues<Values>>;
    item: Item | null;
    countries: Country[];
    /** The owner the list is filtered to (a new banner starts on that page). */
    chosen: Owner | null;
  }>;
  countriesInFields?: boolean;
}

type Dialog<Item> =
  { kind: 'add' } | { kind: 'edit'; item: Item } | { kind: 'link'; item: Item } | { kind: 'delete'; item: Item };

/**
 * The staff screen of a shared content kind: every item or one country's, with the countries each is shown in; add,
 * edit, add to another country, and delete with the shared-item rules ("Remove from <country>" when the list shows
 * one country the item is in, else "Delete everywhere"). An EDITOR's rows of other countries are read only.
 */
export function SharedContentScreen<Item extends SharedItem, Values extends Record<string, unknown>, Fields>({
  kind,
}: {
  kind: SharedContentKind<Item, Values, Fields>;
}) {
  const actor = useActor();
  const owners = kind.owners ?? COUNTRY_OWNERS;
  const ownersOf = kind.ownersOf ?? ((item: Item) => item.countries);
  const paging = usePaging();
  const choice = owners.useChoice(paging.reset);
  // The countries a new item may go to (the country choice's list is the same query: one request).
  const countries = useCountryChoice().countries;
  const { chosen } = choice;
  const [dialog, setDialog] = useState<Dialog<Item> | null>(null);
  const close = () => setDialog(null);
  const api = kind.useApi({ ownerId: chosen?.id ?? null, paging });

  const columns = useMemo<ColumnDef<Item, unknown>[]>(
    () => [
      ...kind.columns,
      {
        id: 'owners',
        header: owners.header,
        cell: ({ row }) => <OwnerBadges owners={ownersOf(row.original)} />,
      },
      ...(kind.columnsAfterCountries ?? []),
      {
        id: 'action',
        header: 'Action',
        cell: ({ row }) => (
          <RowActions
            locked={
              !mayChange(
                actor.data,
                row.original.countries.map((c) => c.id),
              ) &&
              (kind.lockedMessage ?? NOT_YOUR_ITEM_MESSAGE)
            }
            name={kind.nameOf(row.original)}
            onEdit={() => setDialog({ kind: 'edit', item: row.original })}
            link={{ owner: owners.word, onClick: () => setDialog({ kind: 'link', item: row.original }) }}
            onDelete={() => setDialog({ kind: 'delete', item: row.original })}
          />
        ),
      },
    ],
    // eslint-disable-next-line react-hooks/exhaustive-deps -- owners and ownersOf follow the kind
    [actor.data, kind],
  );

  const editing = dialog?.kind === 'edit' ? dialog.item : null;
  const deleting = dialog?.kind === 'delete' ? dialog.item : null;
  const choosesCountries = kind.choosesCountries ?? true;
  const { Fields } = kind;
  // "Remove from <owner>" is offered when the list shows one country (page) the item is in.
  const scope = deleting ? removalScope(chosen, ownersOf(deleting)) : null;

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end">
        {choice.filter}
        <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setDialog({ kind: 'add' })}>
          Add {kind.title}
        </Button>
      </Group>
      <DataTable
        label={owners.listLabel(kind.Many, chosen)}
        columns={columns}
        {...api.list}
        paging={paging}
        rowKey={(item) => item.id}
      />
      {dialog?.kind === 'add' || dialog?.kind === 'edit' ? (
        <SaveModal
          title={`${editing ? 'Edit' : 'Add'} ${kind.title}`}
          schema={editing ? kind.schemas.update : kind.schemas.add}
          // A new item starts in the country the list is filtered to.
          initialValues={{
            ...kind.valuesOf(editing, { chosen, actor: actor.data }),
            country_ids: choosesCountries && chosen ? [String(chosen.id)] : [],
          }}
          // A new item goes to the countries chosen; an edit changes the item wherever it is shown.
          toInput={(values: SharedValues<Values>) =>
            editing
              ? { ...kind.fieldsOf(values), id: editing.id }
              : { ...kind.fieldsOf(values), country_ids: values.country_ids.map(Number) }
          }
          save={(input) => ('id' in input ? api.update(input) : api.add(input))}
          editing={editing !== null}
          onClose={close}
          onSaved={async () => {
            close();
            await api.refetch();
          }}
        >
          {(form) => (
            <>
              <Fields form={form} item={editing} countries={countries} chosen={chosen} />
              {editing || kind.countriesInFields || !choosesCountries ? null : (
                <CountriesField countries={countries} {...form.getInputProps('country_ids')} />
              )}
            </>
          )}
        </SaveModal>
      ) : null}
      {dialog?.kind === 'link' ? (
        <AddToOtherModal
          name={kind.nameOf(dialog.item)}
          owner={owners.word}
          owners={kind.linkableOwners ? kind.linkableOwners(dialog.item, choice.owners, actor.data) : choice.owners}
          linkedIds={ownersOf(dialog.item).map((owner) => owner.id)}
          add={(ownerId) => api.link(dialog.item.id, ownerId)}
          onClose={close}
          onAdded={api.refetch}
        />
      ) : null}
      {deleting ? (
        <SharedDeleteDialog
          key={deleting.id}
          what={kind.describe ? kind.describe(deleting) : `the ${kind.one} "${kind.nameOf(deleting)}"`}
          scope={scope ? { name: scope.name, unlink: () => api.unlink(deleting.id, scope.id) } : null}
          remove={(confirm) => api.remove(deleting.id, confirm)}
          onClose={close}
          onDone={api.refetch}
        />
      ) : null}
    </Stack>
  );
}

/** The countries a new item is shown in (at least one). */
export function CountriesField({
  countries,
  ...input
}: { countries: Country[] } & ReturnType<UseFormReturnType<{ country_ids: string[] }>['getInputProps']>) {
  return (
    <MultiSelect
      label="Countries"
      required
      data={countries.map((c) => ({ value: String(c.id), label: c.name }))}
      comboboxProps={{ withinPortal: true }}
      {...input}
    />
  );
}
