import { Button, Group, Image, MultiSelect, Select, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { createColumnHelper } from '@tanstack/react-table';
import type { inferRouterOutputs } from '@trpc/server';
import { useMemo, useState } from 'react';
import { BANNER_NOT_YOURS_MESSAGE } from '../../../../shared/access.js';
import { addBannerInput, updateBannerInput } from '../../../../shared/banner.schema.js';
import { imageVariantUrl } from '../../../../shared/media.js';
import type { AppRouter } from '../../../../server/src/trpc/router.js';
import { mayChange, useActor } from '../actor.js';
import { useTrpc } from '../../trpc.js';
import { AdminModal } from '../ui/AdminModal.js';
import { DataTable, usePaging } from '../ui/DataTable.js';
import { errorMessage } from '../ui/errors.js';
import { ImagePicker } from '../ui/ImagePicker.js';
import { SharedDeleteDialog } from '../ui/SharedDelete.js';
import { RowActions } from '../ui/RowActions.js';
import { AddToOtherModal, OwnerBadges, removalScope } from '../ui/shared-items.js';
import { useAdminForm } from '../ui/use-admin-form.js';

type Banner = inferRouterOutputs<AppRouter>['banner']['getAll']['data'][number];
type SitePage = { id: number; name: string; country_ids: number[] };
type Actor = Parameters<typeof mayChange>[0];

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

type Dialog =
  | { kind: 'add' }
  | { kind: 'edit'; banner: Banner }
  | { kind: 'link'; banner: Banner }
  | { kind: 'delete'; banner: Banner };

const column = createColumnHelper<Banner>();

/**
 * The banners at the top of public pages (spec §3 "Banner"), shared between pages (every country site shows the
 * same pages' banners): every banner or one page's, with the pages each is on; add, edit, add to another page,
 * and delete with the shared-item rules (LINKED_WITH_OTHER_PAGES).
 */
export function BannerScreen() {
  const trpc = useTrpc();
  const queryClient = useQueryClient();
  const paging = usePaging();
  const [chosenPage, setChosenPage] = useState<string | null>(null);
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const close = () => setDialog(null);
  const refetch = () => queryClient.invalidateQueries({ queryKey: trpc.banner.pathKey() });

  const actor = useActor();
  const pages = useQuery(trpc.page.getAll.queryOptions());
  const countries = useQuery(trpc.country.getAll.queryOptions({}));
  const countryName = (id: number) => countries.data?.find((c) => c.id === id)?.name ?? `Country ${id}`;
  const page = pages.data?.find((p) => String(p.id) === chosenPage) ?? null;
  // Every banner (getAllBanners), or the banners of the chosen page (getBanners).
  const all = useQuery({ ...trpc.banner.getAll.queryOptions({ paginate: paging.paging }), enabled: page === null });
  const ofPage = useQuery({
    ...trpc.banner.ofPage.queryOptions({ page_id: page?.id ?? 0, paginate: paging.paging }),
    enabled: page !== null,
  });
  const list = page ? ofPage : all;
  const link = useMutation(trpc.banner.addToPage.mutationOptions());
  const remove = useMutation(trpc.banner.delete.mutationOptions());
  const unlink = useMutation(trpc.banner.removeFromPage.mutationOptions());

  const columns = useMemo(
    () => [
      column.accessor('image', {
        header: 'Image',
        cell: ({ getValue }) => (
          <Image src={imageVariantUrl(getValue().image_url, 160)} alt="" w={96} h={40} radius="sm" fit="cover" />
        ),
      }),
      column.accessor('title', { header: 'Title' }),
      column.accessor('description', {
        header: 'Description',
        cell: ({ getValue }) => (
          <Text size="sm" lineClamp={2} maw={280}>
            {getValue()}
          </Text>
        ),
      }),
      column.display({
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
      }),
      column.accessor('pages', {
        header: 'Pages',
        cell: ({ getValue }) => <OwnerBadges owners={getValue()} />,
      }),
      column.accessor('only_country_ids', {
        header: 'Shown in',
        cell: ({ getValue }) =>
          getValue().length ? (
            <Text size="sm">{getValue().map(countryName).join(', ')}</Text>
          ) : (
            <Text size="sm" c="dimmed">
              Every country
            </Text>
          ),
      }),
      column.display({
        id: 'action',
        header: 'Action',
        cell: ({ row }) => (
          <RowActions
            locked={
              !mayChange(
                actor.data,
                row.original.countries.map((c) => c.id),
              ) && BANNER_NOT_YOURS_MESSAGE
            }
            name={row.original.title}
            onEdit={() => setDialog({ kind: 'edit', banner: row.original })}
            link={{ owner: 'page', onClick: () => setDialog({ kind: 'link', banner: row.original }) }}
            onDelete={() => setDialog({ kind: 'delete', banner: row.original })}
          />
        ),
      }),
    ],
    // eslint-disable-next-line react-hooks/exhaustive-deps -- countryName reads countries.data
    [actor.data, countries.data],
  );

  const deleting = dialog?.kind === 'delete' ? dialog.banner : null;
  // "Remove from <page>" is offered when the list shows one page the banner is on.
  const scopePage = deleting ? removalScope(page, deleting.pages) : null;

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end">
        <Select
          label="Page"
          placeholder="All pages"
          w={260}
          clearable
          searchable
          data={(pages.data ?? []).map((p) => ({ value: String(p.id), label: p.name }))}
          value={chosenPage}
          onChange={(value) => {
            setChosenPage(value);
            paging.reset();
          }}
        />
        <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setDialog({ kind: 'add' })}>
          Add Banner
        </Button>
      </Group>
      <DataTable
        label={page ? `Banners on the ${page.name} page` : 'Banners of every page'}
        columns={columns}
        rows={list.data?.data}
        pagination={list.data?.pagination}
        paging={paging}
        loading={list.isFetching}
        error={list.isError ? errorMessage(list.error) : null}
        rowKey={(banner) => banner.id}
      />
      {dialog?.kind === 'add' || dialog?.kind === 'edit' ? (
        <BannerModal
          banner={dialog.kind === 'edit' ? dialog.banner : null}
          pages={pages.data ?? []}
          countries={(countries.data ?? []).filter((c) => mayChange(actor.data, [c.id]))}
          actor={actor.data}
          defaultPageId={page?.id ?? null}
          onClose={close}
          onSaved={async () => {
            close();
            await refetch();
          }}
        />
      ) : null}
      {dialog?.kind === 'link' ? (
        <AddToOtherModal
          name={dialog.banner.title}
          owner="page"
          owners={(pages.data ?? []).filter((p) => mayShowOn(actor.data, p, dialog.banner.only_country_ids))}
          linkedIds={dialog.banner.pages.map((p) => p.id)}
          add={(pageId) => link.mutateAsync({ banner_ids: [dialog.banner.id], page_id: pageId })}
          onClose={close}
          onAdded={refetch}
        />
      ) : null}
      {deleting ? (
        <SharedDeleteDialog
          key={deleting.id}
          what={`the banner "${deleting.title}"`}
          scope={
            scopePage
              ? {
                  name: scopePage.name,
                  unlink: () => unlink.mutateAsync({ banner_id: deleting.id, page_id: scopePage.id }),
                }
              : null
          }
          remove={(confirm) => remove.mutateAsync({ banner_id: deleting.id, confirm })}
          onClose={close}
          onDone={refetch}
        />
      ) : null}
    </Stack>
  );
}

interface BannerValues extends Record<string, unknown> {
  title: string;
  description: string;
  button_name: string;
  button_url: string;
  image_id: number | null;
  page_ids: string[];
  only_country_ids: string[];
}

function BannerModal({
  banner,
  pages,
  countries,
  actor,
  defaultPageId,
  onClose,
  onSaved,
}: {
  banner: Banner | null;
  pages: SitePage[];
  /** The countries the actor may keep a banner to. */
  countries: { id: number; name: string }[];
  actor: Actor;
  defaultPageId: number | null;
  onClose: () => void;
  onSaved: () => Promise<void>;
}) {
  const trpc = useTrpc();
  // An EDITOR's new banner is for their countries (they may not change what other countries show).
  const ownCountries = actor?.role === 'ADMIN' ? [] : (actor?.countryIds ?? []).map(String);
  const initial: BannerValues = {
    title: banner?.title ?? '',
    description: banner?.description ?? '',
    button_name: banner?.button_name ?? '',
    button_url: banner?.button_url ?? '',
    image_id: banner?.image.id ?? null,
    page_ids: banner ? banner.pages.map((p) => String(p.id)) : defaultPageId ? [String(defaultPageId)] : [],
    only_country_ids: banner ? banner.only_country_ids.map(String) : ownCountries,
  };
  // The form keeps strings (inputs' own values); the API takes numbers, and no button as null.
  const fieldsOf = (values: BannerValues) => ({
    title: values.title,
    description: values.description,
    button_name: values.button_name.trim() || null,
    button_url: values.button_url.trim() || null,
    image_id: values.image_id ?? 0,
    page_ids: values.page_ids.map(Number),
    only_country_ids: values.only_country_ids.map(Number),
  });
  const { form, canSubmit, saveFeedback } = useAdminForm(
    banner ? updateBannerInput : addBannerInput,
    initial,
    (values) => (banner ? { id: banner.id, ...fieldsOf(values) } : fieldsOf(values)),
  );
  const handlers = saveFeedback(banner !== null, onSaved);
  const add = useMutation(trpc.banner.add.mutationOptions(handlers));
  const update = useMutation(trpc.banner.update.mutationOptions(handlers));
  // The pages offered follow the countries chosen: a Nepal EDITOR can put a Nepal-only hero on Home.
  const onlyCountryIds = form.getValues().only_country_ids.map(Number);
  const chosenPageIds = form.getValues().page_ids;
  const pagesToChoose = pages.filter(
    (p) => chosenPageIds.includes(String(p.id)) || mayShowOn(actor, p, onlyCountryIds),
  );

  return (
    <AdminModal opened onClose={onClose} title={banner ? 'Edit Banner' : 'Add Banner'}>
      <form
        noValidate
        onSubmit={form.onSubmit((values) =>
          banner ? update.mutate({ id: banner.id, ...fieldsOf(values) }) : add.mutate(fieldsOf(values)),
        )}
      >
        <Stack gap="md">
          <TextInput label="Title" required {...form.getInputProps('title')} />
          <Textarea
            label="Description"
            required
            autosize
            minRows={2}
            maxRows={6}
            {...form.getInputProps('description')}
          />
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
            data={countries.map((c) => ({ value: String(c.id), label: c.name }))}
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
