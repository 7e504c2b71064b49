import { MultiSelect, Select, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { ColumnDef } from '@tanstack/react-table';
import { useState } from 'react';
import { useTrpc, type ApiOutputs } from '../../trpc.js';
import { mayChange } from '../actor.js';
import type { Actor, Field, FieldProps } from '../ui/fields.js';
import type { Owner, Owners } from './shared-content.js';

/**
 * What banners have of their own: they belong to pages (chosen above the list), may be kept to some countries, and
 * have a button.
 */

/** A banner as the staff lists have it: the list of every banner also says whether it has a draft. */
export type Banner = ApiOutputs['banner']['ofPage']['data'][number] & { has_draft?: boolean };
type SitePage = { id: number; name: string; country_ids: number[] };

/**
 * Whether to offer `page` for a banner kept to `onlyCountryIds` (none: every country): one of those countries shows
 * the page, and the countries that would show the banner there, and those it is kept to, are all the actor's (the
 * API's rule, decision 037).
 */
export function mayShowOn(actor: Actor, page: SitePage, onlyCountryIds: readonly number[]): boolean {
  const showing = onlyCountryIds.length
    ? page.country_ids.filter((id) => onlyCountryIds.includes(id))
    : page.country_ids;
  // Kept to countries without the page, it would show nowhere: not offered.
  if (onlyCountryIds.length > 0 && showing.length === 0) return false;
  return mayChange(actor, [...showing, ...onlyCountryIds]);
}

/** The pages as the page owners offer them (page.getAll's answer, with the countries showing each). */
export const sitePages = (owners: Owner[]) => owners as SitePage[];

/** Banners are shown on pages, chosen above the list ("All pages" to start). */
export const PAGE_OWNERS: Owners = {
  word: 'page',
  header: 'Pages',
  listLabel: (many, page) => (page ? `${many} on the ${page.name} page` : `${many} of every page`),
  useChoice: (onChange) => {
    const trpc = useTrpc();
    const pages = useQuery(trpc.page.getAll.queryOptions());
    const [chosenId, setChosenId] = useState<string | null>(null);
    return {
      owners: pages.data ?? [],
      chosen: pages.data?.find((p) => String(p.id) === chosenId) ?? null,
      filter: (
        <Select
          label="Page"
          placeholder="All pages"
          w={260}
          clearable
          searchable
          data={(pages.data ?? []).map((p) => ({ value: String(p.id), label: p.name }))}
          value={chosenId}
          onChange={(value) => {
            setChosenId(value);
            onChange();
          }}
        />
      ),
    };
  },
};

/** The countries a banner is kept to, by name. */
function ShownIn({ ids }: { ids: number[] }) {
  const trpc = useTrpc();
  const countries = useQuery(trpc.country.getAll.queryOptions({}));
  if (ids.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        Every country
      </Text>
    );
  }
  const name = (id: number) => countries.data?.find((c) => c.id === id)?.name ?? `Country ${id}`;
  return <Text size="sm">{ids.map(name).join(', ')}</Text>;
}

/** The list's column of a banner's button: its name and link. */
export const buttonColumn: ColumnDef<Banner> = {
  id: 'button',
  header: 'Button',
  cell: ({ row }) =>
    row.original.button_name ? (
      <Stack gap={0}>
        <Text size="sm">{row.original.button_name}</Text>
        <Text size="xs" c="dimmed" style={{ wordBreak: 'break-all' }}>
          {row.original.button_url}
        </Text>
      </Stack>
    ) : (
      <Text size="sm" c="dimmed">
        None
      </Text>
    ),
};

/** The list's column of the countries a banner is kept to. */
export const shownInColumn: ColumnDef<Banner> = {
  id: 'shown_in',
  header: 'Shown in',
  cell: ({ row }) => <ShownIn ids={row.original.only_country_ids} />,
};

/** The countries a banner is kept to (none: every country whose site has its pages). */
export const shownIn: Field<Banner> = {
  name: 'only_country_ids',
  // An EDITOR's new banner is for their countries (they may not change what other countries show).
  valueOf: (banner, { actor }) =>
    (banner ? banner.only_country_ids : actor?.role === 'ADMIN' ? [] : (actor?.countryIds ?? [])).map(String),
  inputOf: (ids) => (ids as string[]).map(Number),
  Input: ({ form, context }) => (
    <MultiSelect
      label="Shown in"
      description="Empty: every country whose site has its pages. Choose countries to give their sites a banner of their own, such as a home page hero."
      placeholder={idsOf(form, 'only_country_ids').length ? undefined : 'Every country'}
      searchable
      clearable
      data={context.countries
        .filter((c) => mayChange(context.actor, [c.id]))
        .map((c) => ({ value: String(c.id), label: c.name }))}
      comboboxProps={{ withinPortal: true }}
      {...form.getInputProps('only_country_ids')}
    />
  ),
};

/** The pages a banner shows on. */
export const bannerPages: Field<Banner> = {
  name: 'page_ids',
  // A new banner starts on the page the list shows.
  valueOf: (banner, { shown }) => (banner ? banner.pages.map((p) => String(p.id)) : shown ? [String(shown.id)] : []),
  inputOf: (ids) => (ids as string[]).map(Number),
  Input: PagesField,
};

const idsOf = (form: FieldProps<Banner>['form'], name: string) => form.getValues()[name] as string[];

/** The pages offered follow the countries chosen: a Nepal EDITOR can put a Nepal-only hero on Home. */
function PagesField({ form, context }: FieldProps<Banner>) {
  const trpc = useTrpc();
  const pages = useQuery(trpc.page.getAll.queryOptions());
  const onlyCountryIds = idsOf(form, 'only_country_ids').map(Number);
  const chosenPageIds = idsOf(form, 'page_ids');
  const pagesToChoose = (pages.data ?? []).filter(
    (p) => chosenPageIds.includes(String(p.id)) || mayShowOn(context.actor, p, onlyCountryIds),
  );
  return (
    <MultiSelect
      label="Pages"
      required
      searchable
      data={pagesToChoose.map((p) => ({ value: String(p.id), label: p.name }))}
      comboboxProps={{ withinPortal: true }}
      {...form.getInputProps('page_ids')}
    />
  );
}
