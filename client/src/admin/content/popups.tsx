import { Image, Select, TextInput } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ENABLE_STATUSES, type EnableStatus } from '../../../../shared/enums.js';
import { imageVariantUrl } from '../../../../shared/media.js';
import { addPopupInput, updatePopupInput } from '../../../../shared/popup.schema.js';
import { LinkCell, StatusCell } from '../ui/cells.js';
import { useTrpc, type ApiOutputs } from '../../trpc.js';
import { useClientPages } from '../ui/client-pages.js';
import { ImagePicker } from '../ui/ImagePicker.js';
import type { SharedContentKind } from './shared-content.js';

type Popup = ApiOutputs['popup']['getAll'][number];

interface PopupValues extends Record<string, unknown> {
  image_id: number | null;
  link: string;
  option: EnableStatus;
}

const OPTION_LABELS: Record<EnableStatus, string> = {
  ENABLE: 'ENABLE (shown on the home page)',
  DISABLE: 'DISABLE (hidden)',
};

/**
 * The pictures that pop up over the home page of their countries (spec §3 "Popup"), shared between countries. A
 * country shows its newest ENABLE popup. Popups have no name of their own: staff know them by their picture.
 */
export const POPUPS: SharedContentKind<Popup, PopupValues, ReturnType<typeof fieldsOf>> = {
  title: 'Popup',
  one: 'popup',
  Many: 'Popups',
  nameOf: (popup) => `popup ${popup.image.image_name}`,
  describe: (popup) => `the popup ${popup.image.image_name}`,
  columns: [
    {
      id: 'image',
      header: 'Image',
      cell: ({ row }) => (
        <Image src={imageVariantUrl(row.original.image.image_url, 160)} alt="" w={64} h={48} radius="sm" fit="cover" />
      ),
    },
    {
      id: 'link',
      header: 'Link',
      cell: ({ row }) => <LinkCell href={row.original.link} />,
    },
    {
      id: 'option',
      header: 'Option',
      cell: ({ row }) => <StatusCell status={row.original.option} />,
    },
  ],
  useApi: ({ ownerId: countryId, paging }) => {
    const trpc = useTrpc();
    const queryClient = useQueryClient();
    // The API answers the whole list (popups are few): it is paged here.
    const list = useQuery(trpc.popup.getAll.queryOptions({ country_id: countryId }));
    const shown = useClientPages(list.data, paging);
    const add = useMutation(trpc.popup.add.mutationOptions());
    const update = useMutation(trpc.popup.update.mutationOptions());
    const link = useMutation(trpc.popup.addToCountry.mutationOptions());
    const unlink = useMutation(trpc.popup.removeFromCountry.mutationOptions());
    const remove = useMutation(trpc.popup.delete.mutationOptions());
    return {
      list: { ...shown, loading: list.isFetching, error: list.error },
      add: add.mutateAsync,
      update: update.mutateAsync,
      link: (id, countryId) => link.mutateAsync({ popup_ids: [id], country_id: countryId }),
      unlink: (id, countryId) => unlink.mutateAsync({ popup_id: id, country_id: countryId }),
      remove: (id, confirm) => remove.mutateAsync({ popup_id: id, confirm }),
      refetch: () => queryClient.invalidateQueries({ queryKey: trpc.popup.pathKey() }),
    };
  },
  schemas: { add: addPopupInput, update: updatePopupInput },
  valuesOf: (popup) => ({
    image_id: popup?.image.id ?? null,
    link: popup?.link ?? '',
    option: popup?.option ?? 'ENABLE',
  }),
  fieldsOf,
  Fields: ({ form, item }) => (
    <>
      <ImagePicker
        label="Image"
        category="POPUP"
        kind="popup"
        current={item?.image ?? null}
        {...form.getInputProps('image_id')}
      />
      <TextInput
        label="Link"
        type="url"
        description="Where the popup takes visitors who click it (optional), e.g. https://example.com/intake"
        {...form.getInputProps('link')}
      />
      <Select
        label="Option"
        required
        allowDeselect={false}
        data={ENABLE_STATUSES.map((status) => ({ value: status, label: OPTION_LABELS[status] }))}
        comboboxProps={{ withinPortal: true }}
        {...form.getInputProps('option')}
      />
    </>
  ),
};

/** An empty link is "no link" (the schema makes it null). */
function fieldsOf(values: PopupValues) {
  return { image_id: values.image_id ?? 0, link: values.link.trim() || null, option: values.option };
}
