import { Image, MultiSelect, Select, Stack, Text, TextInput, Textarea } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { BANNER_NOT_YOURS_MESSAGE } from '../../../../shared/access.js';
import { addBannerInput, updateBannerInput } from '../../../../shared/banner.schema.js';
import { imageVariantUrl } from '../../../../shared/media.js';
import { pagedRows } from '../ui/DataTable.js';
import { useTrpc, type ApiOutputs } from '../../trpc.js';
import { mayChange, useActor } from '../actor.js';
import { ImagePicker } from '../ui/ImagePicker.js';
import type { Owner, Owners, SharedContentKind, SharedValues } from './shared-content.js';

type Banner = ApiOutputs['banner']['getAll']['data'][number];
type SitePage = { id: number; name: string; country_ids: number[] };
type Actor = Parameters<typeof mayChange>[0];

interface BannerValues extends Record<string, unknown> {
  title: string;
  description: string;
  button_name: string;
  button_url: string;
  image_id: number | null;
  page_ids: string[];
  only_country_ids: string[];
}

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
export const BANNERS: SharedContentKind<Banner, BannerValues, ReturnType<typeof fieldsOf>> = {
  title: 'Banner',
  one: 'banner',
  Many: 'Banners',
  nameOf: (banner) => banner.title,
  owners: PAGE_OWNERS,
  ownersOf: (banner) => banner.pages,
  lockedMessage: BANNER_NOT_YOURS_MESSAGE,
  linkableOwners: (banner, pages, actor) =>
    sitePages(pages).filter((page) => mayShowOn(actor, page, banner.only_country_ids)),
  choosesCountries: false,
  columns: [
    {
      id: 'image',
      header: 'Image',
      cell: ({ row }) => (
        <Image src={imageVariantUrl(row.original.image.image_url, 160)} alt="" w={96} h={40} radius="sm" fit="cover" />
      ),
    },
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
  useApi: ({ ownerId: pageId, paging }) => {
    const trpc = useTrpc();
    const queryClient = useQueryClient();
    // Every banner (getAllBanners), or the banners of the chosen page (getBanners).
    const all = useQuery({ ...trpc.banner.getAll.queryOptions({ paginate: paging.paging }), enabled: pageId === null });
    const ofPage = useQuery({
      ...trpc.banner.ofPage.queryOptions({ page_id: pageId ?? 0, paginate: paging.paging }),
      enabled: pageId !== null,
    });
    const list = pageId === null ? all : ofPage;
    const add = useMutation(trpc.banner.add.mutationOptions());
    const update = useMutation(trpc.banner.update.mutationOptions());
    const link = useMutation(trpc.banner.addToPage.mutationOptions());
    const unlink = useMutation(trpc.banner.removeFromPage.mutationOptions());
    const remove = useMutation(trpc.banner.delete.mutationOptions());
    return {
      list: pagedRows(list),
      // A banner's pages and countries are its fields: the screen's country choice is not sent.
      add: ({ country_ids: _countries, ...input }) => add.mutateAsync(input),
      update: update.mutateAsync,
      link: (id, pageId) => link.mutateAsync({ banner_ids: [id], page_id: pageId }),
      unlink: (id, pageId) => unlink.mutateAsync({ banner_id: id, page_id: pageId }),
      remove: (id, confirm) => remove.mutateAsync({ banner_id: id, confirm }),
      refetch: () => queryClient.invalidateQueries({ queryKey: trpc.banner.pathKey() }),
    };
  },
  schemas: { add: addBannerInput, update: updateBannerInput },
  valuesOf: (banner, { chosen, actor }) => ({
    title: banner?.title ?? '',
    description: banner?.description ?? '',
    button_name: banner?.button_name ?? '',
    button_url: banner?.button_url ?? '',
    image_id: banner?.image.id ?? null,
    page_ids: banner ? banner.pages.map((p) => String(p.id)) : chosen ? [String(chosen.id)] : [],
    // An EDITOR's new banner is for their countries (they may not change what other countries show).
    only_country_ids: banner
      ? banner.only_country_ids.map(String)
      : actor?.role === 'ADMIN'
        ? []
        : (actor?.countryIds ?? []).map(String),
  }),
  fieldsOf,
  Fields: BannerFields,
};

/** The form keeps strings (inputs' own values); the API takes numbers, and no button as null. */
function fieldsOf(values: BannerValues) {
  return {
    title: values.title,
    description: values.description,
    button_name: values.button_name.trim() || null,
    button_url: values.button_url.trim() || null,
    image_id: values.image_id ?? 0,
    page_ids: values.page_ids.map(Number),
    only_country_ids: values.only_country_ids.map(Number),
  };
}

function BannerFields({
  form,
  item: banner,
  countries,
}: {
  form: UseFormReturnType<SharedValues<BannerValues>>;
  item: Banner | null;
  countries: { id: number; name: string }[];
}) {
  const trpc = useTrpc();
  const actor = useActor();
  const pages = useQuery(trpc.page.getAll.queryOptions());
  // The pages offered follow the countries chosen: a Nepal EDITOR can put a Nepal-only hero on Home.
  const onlyCountryIds = form.getValues().only_country_ids.map(Number);
  const chosenPageIds = form.getValues().page_ids;
  const pagesToChoose = (pages.data ?? []).filter(
    (p) => chosenPageIds.includes(String(p.id)) || mayShowOn(actor.data, p, onlyCountryIds),
  );
  return (
    <>
      <TextInput label="Title" required {...form.getInputProps('title')} />
      <Textarea label="Description" required autosize minRows={2} maxRows={6} {...form.getInputProps('description')} />
      <TextInput
        label="Button name"
        description="The button shows only with a name and a link"
        {...form.getInputProps('button_name')}
      />
      <TextInput
        label="Button link"
        description="An http(s) link, or a page of this site such as /contact-us"
        {...form.getInputProps('button_url')}
      />
      <ImagePicker
        label="Image"
        category="BANNER"
        kind="banner"
        current={banner?.image ?? null}
        {...form.getInputProps('image_id')}
      />
      <MultiSelect
        label="Shown in"
        description="Empty: every country whose site has its pages. Choose countries to give their sites a banner of their own, such as a home page hero."
        placeholder={form.getValues().only_country_ids.length ? undefined : 'Every country'}
        searchable
        clearable
        data={countries
          .filter((c) => mayChange(actor.data, [c.id]))
          .map((c) => ({ value: String(c.id), label: c.name }))}
        comboboxProps={{ withinPortal: true }}
        {...form.getInputProps('only_country_ids')}
      />
      <MultiSelect
        label="Pages"
        required
        searchable
        data={pagesToChoose.map((p) => ({ value: String(p.id), label: p.name }))}
        comboboxProps={{ withinPortal: true }}
        {...form.getInputProps('page_ids')}
      />
    </>
  );
}
