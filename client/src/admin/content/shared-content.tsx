import { Stack } from '@mantine/core';
import type { ColumnDef } from '@tanstack/react-table';
import type { TablerIcon } from '@tabler/icons-react';
import { useMemo, useState, type ReactNode } from 'react';
import { NOT_YOUR_ITEM_MESSAGE } from '../../../../shared/access.js';
import type { DeleteResult } from '../../../../shared/delete-result.js';
import { useRefetch, type ApiDomain } from '../../trpc.js';
import { mayChange, useActor } from '../actor.js';
import { CountrySelect, useCountryChoice } from '../ui/CountrySelect.js';
import { DataTable, usePaging, type Pagination } from '../ui/DataTable.js';
import { FieldsModal, type Actor, type Country, type Field, type FormApi } from '../ui/fields.js';
import { actionColumn } from '../ui/RowActions.js';
import { SharedDeleteDialog } from '../ui/SharedDelete.js';
import { AddToOtherModal, OwnerBadges, removalScope } from '../ui/shared-items.js';
import { Toolbar } from '../ui/Toolbar.js';
import { WithDraft, type DraftsApi, type FormDraft } from './item-drafts.js';

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

/** A kind's API, bound to the screen's tRPC client; `list` is of one owner or (null) of every one. */
export interface SharedContentApi<Item> extends Omit<FormApi, 'schemas'> {
  list: SharedList<Item>;
  link: (id: number, ownerId: number) => Promise<unknown>;
  unlink: (id: number, ownerId: number) => Promise<DeleteResult>;
  remove: (id: number, confirm: boolean) => Promise<DeleteResult>;
  /** Drafts of live items (posts): "Save draft", and the edit form opening on the draft. */
  drafts?: DraftsApi<Item>;
}

/** A row action of a kind's own (a post's preview, its history): a named icon that opens the action's dialog. */
export interface ItemAction<Item> {
  /** The button's name, from the row item's name: "Preview <title>". */
  label: (name: string) => string;
  icon: TablerIcon;
  /** Opened for the item; it closes itself through `onClose`. */
  Dialog: (props: { item: Item; onClose: () => void }) => ReactNode;
}

/**
 * One kind of content shared between countries, declared once: its words, list columns, form and API. The list
 * screen, the add/edit modal, "Add to another country" and the shared-item delete are built from it (decision 038).
 */
export interface SharedContentKind<Item extends SharedItem> {
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
  linkableOwners?: (item: Item, owners: Owner[], actor: Actor) => Owner[];
  /** The list's columns before Countries, and those between Countries and Action. */
  columns: ColumnDef<Item, unknown>[];
  columnsAfterCountries?: ColumnDef<Item, unknown>[];
  /** The API's router: its reads are refetched after a change. */
  domain: ApiDomain;
  /** `ownerId`: the country (or page) the list is filtered to, null for all. */
  useApi: (args: { ownerId: number | null; paging: ReturnType<typeof usePaging> }) => SharedContentApi<Item>;
  schemas: FormApi['schemas'];
  /** The add/edit form; a new item's countries are one of its fields (newItemCountries). */
  fields: Field<Item>[];
  /** Row actions of its own, between "Add to another …" and delete. */
  actions?: ItemAction<Item>[];
}

type Dialog<Item> =
  | { kind: 'add' }
  | { kind: 'edit'; item: Item }
  | { kind: 'link'; item: Item }
  | { kind: 'delete'; item: Item }
  | { kind: 'action'; item: Item; action: ItemAction<Item> };

/**
 * The staff screen of a shared content kind: every item or one country's, with the countries each is shown in; add,
 * edit, add to another country, and delete with the shared-item rules ("Remove from <country>" when the list shows
 * one country the item is in, else "Delete everywhere"). An EDITOR's rows of other countries are read only.
 */
export function SharedContentScreen<Item extends SharedItem>({ kind }: { kind: SharedContentKind<Item> }) {
  const actor = useActor();
  const owners = kind.owners ?? COUNTRY_OWNERS;
  const ownersOf = kind.ownersOf ?? ((item: Item) => item.countries);
  const paging = usePaging();
  const choice = owners.useChoice(paging.reset);
  // The countries a new item may go to (the country choice's list is the same query: one request).
  const { countries, ready } = useCountryChoice();
  const { chosen } = choice;
  const [dialog, setDialog] = useState<Dialog<Item> | null>(null);
  const close = () => setDialog(null);
  const api = kind.useApi({ ownerId: chosen?.id ?? null, paging });
  const refetch = useRefetch();
  const refetchKind = () => refetch(kind.domain);

  const columns = useMemo<ColumnDef<Item, unknown>[]>(
    () => [
      ...kind.columns,
      {
        id: 'owners',
        header: owners.header,
        cell: ({ row }) => <OwnerBadges owners={ownersOf(row.original)} />,
      },
      ...(kind.columnsAfterCountries ?? []),
      actionColumn((item: Item) => ({
        locked:
          !mayChange(
            actor.data,
            item.countries.map((c) => c.id),
          ) &&
          (kind.lockedMessage ?? NOT_YOUR_ITEM_MESSAGE),
        name: kind.nameOf(item),
        onEdit: () => setDialog({ kind: 'edit', item }),
        link: { owner: owners.word, onClick: () => setDialog({ kind: 'link', item }) },
        more: (kind.actions ?? []).map((action) => ({
          label: action.label(kind.nameOf(item)),
          icon: action.icon,
          onClick: () => setDialog({ kind: 'action', item, action }),
        })),
        onDelete: () => setDialog({ kind: 'delete', item }),
      })),
    ],
    // eslint-disable-next-line react-hooks/exhaustive-deps -- owners and ownersOf follow the kind
    [actor.data, kind],
  );

  const editing = dialog?.kind === 'edit' ? dialog.item : null;
  const closeAndRefetch = async () => {
    close();
    await refetchKind();
  };
  const form = (item: Item | null, draft: FormDraft<Item> | undefined) => (
    <FieldsModal
      title={`${item ? 'Edit' : 'Add'} ${kind.title}`}
      fields={kind.fields}
      item={item}
      // A new item starts in the country (page) the list is filtered to.
      context={{ countries, shown: chosen, actor: actor.data }}
      api={{ ...api, schemas: kind.schemas }}
      draft={draft}
      onClose={close}
      onSaved={closeAndRefetch}
    />
  );
  const deleting = dialog?.kind === 'delete' ? dialog.item : null;
  // "Remove from <owner>" is offered when the list shows one country (page) the item is in.
  const scope = deleting ? removalScope(chosen, ownersOf(deleting)) : null;

  return (
    <Stack gap="md">
      {/* A new item's form starts from who is adding it and the countries they may choose: known first. */}
      <Toolbar
        action={{
          label: `Add ${kind.title}`,
          disabled: !actor.data || !ready,
          onClick: () => setDialog({ kind: 'add' }),
        }}
      >
        {choice.filter}
      </Toolbar>
      <DataTable
        label={owners.listLabel(kind.Many, chosen)}
        columns={columns}
        {...api.list}
        paging={paging}
        rowKey={(item) => item.id}
      />
      {dialog?.kind === 'add' ? form(null, undefined) : null}
      {editing ? (
        <WithDraft
          title={`Edit ${kind.title}`}
          item={editing}
          drafts={api.drafts}
          draftKey={[kind.domain]}
          onClose={close}
          onDone={closeAndRefetch}
          form={(draft) => form(editing, draft)}
        />
      ) : null}
      {dialog?.kind === 'link' ? (
        <AddToOtherModal
          name={kind.nameOf(dialog.item)}
          owner={owners.word}
          owners={kind.linkableOwners ? kind.linkableOwners(dialog.item, choice.owners, actor.data) : choice.owners}
          linkedIds={ownersOf(dialog.item).map((owner) => owner.id)}
          add={(ownerId) => api.link(dialog.item.id, ownerId)}
          onClose={close}
          onAdded={refetchKind}
        />
      ) : null}
      {dialog?.kind === 'action' ? <dialog.action.Dialog item={dialog.item} onClose={close} /> : null}
      {deleting ? (
        <SharedDeleteDialog
          key={deleting.id}
          what={kind.describe ? kind.describe(deleting) : `the ${kind.one} "${kind.nameOf(deleting)}"`}
          scope={scope ? { name: scope.name, unlink: () => api.unlink(deleting.id, scope.id) } : null}
          remove={(confirm) => api.remove(deleting.id, confirm)}
          onClose={close}
          onDone={refetchKind}
        />
      ) : null}
    </Stack>
  );
}
