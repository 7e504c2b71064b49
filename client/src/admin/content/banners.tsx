import { MultiSelect, Select, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { BANNER_NOT_YOURS_MESSAGE } from '../../../../shared/access.js';
import { addBannerInput, updateBannerInput } from '../../../../shared/banner.schema.js';
import { pagedRows } from '../ui/DataTable.js';
import { useTrpc, useTrpcClient, type ApiOutputs } from '../../trpc.js';
import { mayChange } from '../actor.js';
import { longText, picture, text, type Actor, type FieldProps } from '../ui/fields.js';
import type { Owner, Owners, SharedContentKind } from './shared-content.js';
import { pictureColumn } from '../ui/thumbnails.js';

type Banner = ApiOutputs['banner']['getAll']['data'][number];
type SitePage = { id: number; name: string; country_ids: number[] };

/**
 * Whether to offer `page` for a banner kept to `onlyCountryIds` (none: every country): one of those countries shows
 * the page, and the countries that would show the banner there, and those it is kept to, are all the actor's (the
 * API's rule, decision 037).
 */
function mayShowOn(actor: Actor, page: SitePage, onlyCountryIds: readonly number[]): boolean {
  const showing = onlyCountryIds.length
    ? page.country_ids.filter((id) => onlyCountryIds.includes(id))
    : page.country_ids;
  // Kept to countries without the page, it would show nowhere: not offered.
  if (onlyCountryIds.length > 0 && showing.length === 0) return false;
  return mayChange(actor, [...showing, ...onlyCountryIds]);
}

/** The pages as the page owners offer them (page.getAll's answer, with the countries showing each). */
const sitePages = (owners: Owner[]) => owners as SitePage[];

/** Banners are shown on pages, chosen above the list ("All pages" to start). */
const PAGE_OWNERS: Owners = {
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

/**
 * The banners at the top of public pages (spec §3 "Banner"), shared between pages; each shown in every country whose
 * site has its pages, or kept to some (a country's own hero, decision 037).
 */
export const BANNERS: SharedContentKind<Banner> = {
  title: 'Banner',
  one: 'banner',
  Many: 'Banners',
  nameOf: (banner) => banner.title,
  owners: PAGE_OWNERS,
  ownersOf: (banner) => banner.pages,
  lockedMessage: BANNER_NOT_YOURS_MESSAGE,
  linkableOwners: (banner, pages, actor) =>
    sitePages(pages).filter((page) => mayShowOn(actor, page, banner.only_country_ids)),
  columns: [
    pictureColumn('Image', { w: 96, h: 40 }),
    { id: 'title', header: 'Title', cell: ({ row }) => row.original.title },
    {
      id: 'description',
      header: 'Description',
      cell: ({ row }) => (
        <Text size="sm" lineClamp={2} maw={280}>
          {row.original.description}
        </Text>
      ),
    },
    {
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
    },
  ],
  columnsAfterCountries: [
    { id: 'shown_in', header: 'Shown in', cell: ({ row }) => <ShownIn ids={row.original.only_country_ids} /> },
  ],
  domain: 'banner',
  useApi: ({ ownerId: pageId, paging }) => {
    const trpc = useTrpc();
    const { banner } = useTrpcClient();
    // Every banner (getAllBanners), or the banners of the chosen page (getBanners).
    const all = useQuery({ ...trpc.banner.getAll.queryOptions({ paginate: paging.paging }), enabled: pageId === null });
    const ofPage = useQuery({
      ...trpc.banner.ofPage.queryOptions({ page_id: pageId ?? 0, paginate: paging.paging }),
      enabled: pageId !== null,
    });
    return {
      list: pagedRows(pageId === null ? all : ofPage),
      add: banner.add.mutate,
      update: banner.update.mutate,
      link: (id, pageId) => banner.addToPage.mutate({ banner_ids: [id], page_id: pageId }),
      unlink: (id, pageId) => banner.removeFromPage.mutate({ banner_id: id, page_id: pageId }),
      remove: (id, confirm) => banner.delete.mutate({ banner_id: id, confirm }),
      // A banner on a page is seen: its changes may wait as a draft (decision 041).
      drafts: {
        isLive: () => true,
        load: async (id) => {
          const draft = await banner.draft.query({ id });
          return draft && { ...draft, item: draft.banner };
        },
        save: banner.saveDraft.mutate,
        discard: (id) => banner.discardDraft.mutate({ id }),
      },
    };
  },
  schemas: { add: addBannerInput, update: updateBannerInput },
  fields: [
    text('title', 'Title', { required: true }),
    longText('description', 'Description', { minRows: 2, maxRows: 6 }),
    text('button_name', 'Button name', {
      blankIsNone: true,
      description: 'The button shows only with a name and a link',
    }),
    text('button_url', 'Button link', {
      blankIsNone: true,
      description: 'An http(s) link, or a page of this site such as /contact-us',
    }),
    picture('Image', 'BANNER', 'banner'),
    {
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
    },
    {
      name: 'page_ids',
      // A new banner starts on the page the list shows.
      valueOf: (banner, { shown }) =>
        banner ? banner.pages.map((p) => String(p.id)) : shown ? [String(shown.id)] : [],
      inputOf: (ids) => (ids as string[]).map(Number),
      Input: PagesField,
    },
  ],
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
