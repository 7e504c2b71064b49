import { Anchor, Button, Group, Image, Stack, TextInput } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { createColumnHelper } from '@tanstack/react-table';
import type { inferRouterOutputs } from '@trpc/server';
import { useMemo, useState } from 'react';
import {
  addFooterSocialMediaInput,
  updateFooterSocialMediaInput,
} from '../../../../shared/footer-social-media.schema.js';
import { imageVariantUrl } from '../../../../shared/media.js';
import type { AppRouter } from '../../../../server/src/trpc/router.js';
import { notifyError, notifySuccess } from '../../notify.js';
import { useTrpc } from '../../trpc.js';
import { RowActions } from '../ui/RowActions.js';
import { AdminModal } from '../ui/AdminModal.js';
import { useClientPages } from '../ui/client-pages.js';
import { ConfirmDelete } from '../ui/ConfirmDelete.js';
import { CountrySelect, useCountryChoice } from '../ui/CountrySelect.js';
import { DataTable, usePaging } from '../ui/DataTable.js';
import { errorMessage } from '../ui/errors.js';
import { ImagePicker } from '../ui/ImagePicker.js';
import { useAdminForm } from '../ui/use-admin-form.js';

type SocialMedia = inferRouterOutputs<AppRouter>['footerSocialMedia']['get'][number];
type Country = { id: number; name: string };

const column = createColumnHelper<SocialMedia>();

/**
 * The social media icons in each country site's footer (spec §2 "Public layout", §3 "Footer social media"): an icon
 * image and the link it opens in a new tab; add, edit and delete per country.
 */
export function FooterScreen() {
  const trpc = useTrpc();
  const queryClient = useQueryClient();
  const choice = useCountryChoice();
  const { country, countryId } = choice;
  const paging = usePaging();
  // `null`: closed; `'new'`: adding; a link: editing it.
  const [editing, setEditing] = useState<SocialMedia | 'new' | null>(null);
  const [deleting, setDeleting] = useState<SocialMedia | null>(null);

  // The API answers a country's whole list (a few icons): it is paged here.
  const list = useQuery({
    ...trpc.footerSocialMedia.get.queryOptions({ country_id: countryId ?? 0 }),
    enabled: countryId !== null,
  });
  const shown = useClientPages(list.data, paging);
  const refetch = () => queryClient.invalidateQueries({ queryKey: trpc.footerSocialMedia.pathKey() });

  const remove = useMutation(
    trpc.footerSocialMedia.delete.mutationOptions({
      onSuccess: async () => {
        notifySuccess('Successfully Deleted!');
        setDeleting(null);
        await refetch();
      },
      onError: (error) => notifyError(errorMessage(error)),
    }),
  );

  const columns = useMemo(
    () => [
      column.accessor('image', {
        header: 'Icon',
        cell: ({ getValue }) => (
          <Image src={imageVariantUrl(getValue().image_url, 160)} alt="" w={32} h={32} fit="contain" />
        ),
      }),
      column.accessor('social_media_link', {
        header: 'Social media link',
        cell: ({ getValue }) => (
          <Anchor
            href={getValue()}
            target="_blank"
            rel="noopener noreferrer"
            size="sm"
            style={{ wordBreak: 'break-all' }}
          >
            {getValue()}
          </Anchor>
        ),
      }),
      column.display({
        id: 'action',
        header: 'Action',
        cell: ({ row }) => (
          <RowActions
            name={row.original.social_media_link}
            onEdit={() => setEditing(row.original)}
            onDelete={() => setDeleting(row.original)}
          />
        ),
      }),
    ],
    [],
  );

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end">
        <CountrySelect choice={choice} onChange={paging.reset} />
        <Button leftSection={<IconPlus size={16} aria-hidden />} disabled={!country} onClick={() => setEditing('new')}>
          Add Social Media
        </Button>
      </Group>
      <DataTable
        label={country ? `Social media in the footer of ${country.name}` : 'Social media in the footer'}
        columns={columns}
        rows={shown.rows}
        pagination={shown.pagination}
        paging={paging}
        // Until the countries arrive there is no country to list.
        loading={list.isFetching || countryId === null}
        error={list.isError ? errorMessage(list.error) : null}
        rowKey={(item) => item.id}
      />
      {editing !== null && country ? (
        <SocialMediaModal
          item={editing === 'new' ? null : editing}
          country={country}
          onClose={() => setEditing(null)}
          onSaved={async () => {
            setEditing(null);
            await refetch();
          }}
        />
      ) : null}
      <ConfirmDelete
        opened={deleting !== null}
        onClose={() => setDeleting(null)}
        what={deleting ? `Delete the link to ${deleting.social_media_link}. Its icon stays in the library.` : ''}
        deleting={remove.isPending}
        onConfirm={() => deleting && remove.mutate({ id: deleting.id })}
      />
    </Stack>
  );
}

interface SocialMediaValues extends Record<string, unknown> {
  image_id: number | null;
  social_media_link: string;
}

/** Add a link to the chosen country's footer, or edit one (its country stays). */
function SocialMediaModal({
  item,
  country,
  onClose,
  onSaved,
}: {
  item: SocialMedia | null;
  country: Country;
  onClose: () => void;
  onSaved: () => Promise<void>;
}) {
  const trpc = useTrpc();
  const initial: SocialMediaValues = {
    image_id: item?.image.id ?? null,
    social_media_link: item?.social_media_link ?? '',
  };
  const fieldsOf = (values: SocialMediaValues) => ({
    image_id: values.image_id ?? 0,
    social_media_link: values.social_media_link,
  });
  const { form, canSubmit, saveFeedback } = useAdminForm(
    item ? updateFooterSocialMediaInput : addFooterSocialMediaInput,
    initial,
    (values) => (item ? { id: item.id, ...fieldsOf(values) } : { country_id: country.id, ...fieldsOf(values) }),
  );
  const handlers = saveFeedback(item !== null, onSaved);
  const add = useMutation(trpc.footerSocialMedia.add.mutationOptions(handlers));
  const update = useMutation(trpc.footerSocialMedia.update.mutationOptions(handlers));

  return (
    <AdminModal
      opened
      onClose={onClose}
      title={item ? `Edit Social Media · ${country.name}` : `Add Social Media · ${country.name}`}
    >
      <form
        noValidate
        onSubmit={form.onSubmit((values) =>
          item
            ? update.mutate({ id: item.id, ...fieldsOf(values) })
            : add.mutate({ country_id: country.id, ...fieldsOf(values) }),
        )}
      >
        <Stack gap="md">
          <ImagePicker
            label="Icon"
            category="SOCIAL_MEDIA"
            current={item?.image ?? null}
            {...form.getInputProps('image_id')}
          />
          <TextInput
            label="Social media link"
            type="url"
            required
            description="e.g. https://www.facebook.com/your.page"
            {...form.getInputProps('social_media_link')}
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
