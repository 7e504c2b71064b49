import { Anchor, Badge, Button, Group, Image, MultiSelect, Select, Stack, Text, TextInput } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { createColumnHelper } from '@tanstack/react-table';
import type { inferRouterOutputs } from '@trpc/server';
import { useMemo, useState } from 'react';
import { ENABLE_STATUSES, type EnableStatus } from '../../../../shared/enums.js';
import { imageVariantUrl } from '../../../../shared/media.js';
import { addPopupInput, updatePopupInput } from '../../../../shared/popup.schema.js';
import type { AppRouter } from '../../../../server/src/trpc/router.js';
import { NOT_YOUR_ITEM_MESSAGE } from '../../../../shared/access.js';
import { mayChange, useActor } from '../actor.js';
import { useTrpc } from '../../trpc.js';
import { AdminModal } from '../ui/AdminModal.js';
import { useClientPages } from '../ui/client-pages.js';
import { CountrySelect, useCountryChoice } from '../ui/CountrySelect.js';
import { DataTable, usePaging } from '../ui/DataTable.js';
import { errorMessage } from '../ui/errors.js';
import { ImagePicker } from '../ui/ImagePicker.js';
import { SharedDeleteDialog } from '../ui/SharedDelete.js';
import { RowActions } from '../ui/RowActions.js';
import { AddToOtherModal, OwnerBadges, removalScope } from '../ui/shared-items.js';
import { useAdminForm } from '../ui/use-admin-form.js';

type Popup = inferRouterOutputs<AppRouter>['popup']['getAll'][number];
type Country = { id: number; name: string };

type Dialog =
  { kind: 'add' } | { kind: 'edit'; popup: Popup } | { kind: 'link'; popup: Popup } | { kind: 'delete'; popup: Popup };

/** Popups have no name of their own: staff know them by their picture. */
function popupName(popup: Popup): string {
  return `popup ${popup.image.image_name}`;
}

const OPTION_LABELS: Record<EnableStatus, string> = {
  ENABLE: 'ENABLE (shown on the home page)',
  DISABLE: 'DISABLE (hidden)',
};

const column = createColumnHelper<Popup>();

/**
 * The pictures that pop up over the home page of their countries (spec §3 "Popup"), shared between countries: every
 * popup or one country's, with the countries each is shown in; add, edit, add to another country, and delete with
 * the shared-item rules. A country shows its newest ENABLE popup.
 */
export function PopupScreen() {
  const actor = useActor();
  const trpc = useTrpc();
  const queryClient = useQueryClient();
  const choice = useCountryChoice({ startWithAll: true });
  const { country, countryId } = choice;
  const paging = usePaging();
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const close = () => setDialog(null);
  const refetch = () => queryClient.invalidateQueries({ queryKey: trpc.popup.pathKey() });

  // The API answers the whole list (popups are few): it is paged here.
  const list = useQuery(trpc.popup.getAll.queryOptions({ country_id: countryId }));
  const shown = useClientPages(list.data, paging);
  const link = useMutation(trpc.popup.addToCountry.mutationOptions());
  const remove = useMutation(trpc.popup.delete.mutationOptions());
  const unlink = useMutation(trpc.popup.removeFromCountry.mutationOptions());

  const columns = useMemo(
    () => [
      column.accessor('image', {
        header: 'Image',
        cell: ({ getValue }) => (
          <Image src={imageVariantUrl(getValue().image_url, 160)} alt="" w={64} h={48} radius="sm" fit="cover" />
        ),
      }),
      column.accessor('link', {
        header: 'Link',
        cell: ({ getValue }) => {
          const link = getValue();
          return link ? (
            <Anchor href={link} target="_blank" rel="noopener noreferrer" size="sm" style={{ wordBreak: 'break-all' }}>
              {link}
            </Anchor>
          ) : (
            <Text size="sm" c="dimmed">
              No link
            </Text>
          );
        },
      }),
      column.accessor('option', {
        header: 'Option',
        cell: ({ getValue }) => (
          <Badge color={getValue() === 'ENABLE' ? 'teal.9' : 'gray.7'} variant="filled">
            {getValue()}
          </Badge>
        ),
      }),
      column.accessor('countries', {
        header: 'Countries',
        cell: ({ getValue }) => <OwnerBadges owners={getValue()} />,
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
              ) && NOT_YOUR_ITEM_MESSAGE
            }
            name={popupName(row.original)}
            onEdit={() => setDialog({ kind: 'edit', popup: row.original })}
            link={{ owner: 'country', onClick: () => setDialog({ kind: 'link', popup: row.original }) }}
            onDelete={() => setDialog({ kind: 'delete', popup: row.original })}
          />
        ),
      }),
    ],
    [actor.data],
  );

  const deleting = dialog?.kind === 'delete' ? dialog.popup : null;
  // "Remove from <country>" is offered when the list shows one country the popup is in.
  const scopeCountry = deleting ? removalScope(country, deleting.countries) : null;

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end">
        <CountrySelect choice={choice} clearable placeholder="All countries" onChange={paging.reset} />
        <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setDialog({ kind: 'add' })}>
          Add Popup
        </Button>
      </Group>
      <DataTable
        label={country ? `Popups shown in ${country.name}` : 'Popups of every country'}
        columns={columns}
        rows={shown.rows}
        pagination={shown.pagination}
        paging={paging}
        loading={list.isFetching}
        error={list.isError ? errorMessage(list.error) : null}
        rowKey={(popup) => popup.id}
      />
      {dialog?.kind === 'add' || dialog?.kind === 'edit' ? (
        <PopupModal
          popup={dialog.kind === 'edit' ? dialog.popup : null}
          countries={choice.countries}
          defaultCountryId={countryId}
          onClose={close}
          onSaved={async () => {
            close();
            await refetch();
          }}
        />
      ) : null}
      {dialog?.kind === 'link' ? (
        <AddToOtherModal
          name={popupName(dialog.popup)}
          owner="country"
          owners={choice.countries}
          linkedIds={dialog.popup.countries.map((c) => c.id)}
          add={(countryId) => link.mutateAsync({ popup_ids: [dialog.popup.id], country_id: countryId })}
          onClose={close}
          onAdded={refetch}
        />
      ) : null}
      {deleting ? (
        <SharedDeleteDialog
          key={deleting.id}
          what={`the ${popupName(deleting)}`}
          scope={
            scopeCountry
              ? {
                  name: scopeCountry.name,
                  unlink: () => unlink.mutateAsync({ popup_id: deleting.id, country_id: scopeCountry.id }),
                }
              : null
          }
          remove={(confirm) => remove.mutateAsync({ popup_id: deleting.id, confirm })}
          onClose={close}
          onDone={refetch}
        />
      ) : null}
    </Stack>
  );
}

interface PopupValues extends Record<string, unknown> {
  image_id: number | null;
  link: string;
  option: EnableStatus;
  country_ids: string[];
}

function PopupModal({
  popup,
  countries,
  defaultCountryId,
  onClose,
  onSaved,
}: {
  popup: Popup | null;
  countries: Country[];
  defaultCountryId: number | null;
  onClose: () => void;
  onSaved: () => Promise<void>;
}) {
  const trpc = useTrpc();
  const initial: PopupValues = {
    image_id: popup?.image.id ?? null,
    link: popup?.link ?? '',
    option: popup?.option ?? 'ENABLE',
    country_ids: defaultCountryId ? [String(defaultCountryId)] : [],
  };
  // An empty link is "no link" (the schema makes it null); the API takes numbers for ids.
  const fieldsOf = (values: PopupValues) => ({
    image_id: values.image_id ?? 0,
    link: values.link.trim() || null,
    option: values.option,
  });
  const toInput = (values: PopupValues) =>
    popup
      ? { id: popup.id, ...fieldsOf(values) }
      : { ...fieldsOf(values), country_ids: values.country_ids.map(Number) };
  const { form, canSubmit, saveFeedback } = useAdminForm(popup ? updatePopupInput : addPopupInput, initial, toInput);
  const handlers = saveFeedback(popup !== null, onSaved);
  const add = useMutation(trpc.popup.add.mutationOptions(handlers));
  const update = useMutation(trpc.popup.update.mutationOptions(handlers));

  return (
    <AdminModal opened onClose={onClose} title={popup ? 'Edit Popup' : 'Add Popup'}>
      <form
        noValidate
        onSubmit={form.onSubmit((values) =>
          popup
            ? update.mutate({ id: popup.id, ...fieldsOf(values) })
            : add.mutate({ ...fieldsOf(values), country_ids: values.country_ids.map(Number) }),
        )}
      >
        <Stack gap="md">
          <ImagePicker
            label="Image"
            category="POPUP"
            kind="popup"
            current={popup?.image ?? null}
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
          {popup ? null : (
            <MultiSelect
              label="Countries"
              required
              data={countries.map((c) => ({ value: String(c.id), label: c.name }))}
              comboboxProps={{ withinPortal: true }}
              {...form.getInputProps('country_ids')}
            />
          )}
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
