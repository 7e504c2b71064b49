import { Button, Group, Image, Select, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { createColumnHelper } from '@tanstack/react-table';
import type { inferRouterOutputs } from '@trpc/server';
import { useMemo, useState } from 'react';
import type { AppRouter } from '../../../../server/src/trpc/router.js';
import { addHomeServiceInput, updateHomeServiceInput } from '../../../../shared/home.schema.js';
import { imageVariantUrl } from '../../../../shared/media.js';
import { SITE_PAGES } from '../../../../shared/site-pages.js';
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

type Service = inferRouterOutputs<AppRouter>['home']['services'][number];
type Country = { id: number; name: string };

const column = createColumnHelper<Service>();

/** The services listed on each country's home page (spec §3 "Home service"): title, description and image. */
export function HomeServicesScreen() {
  const trpc = useTrpc();
  const queryClient = useQueryClient();
  const choice = useCountryChoice();
  const { country, countryId } = choice;
  const paging = usePaging();
  // `null`: closed; `'new'`: adding; a service: editing it.
  const [editing, setEditing] = useState<Service | 'new' | null>(null);
  const [deleting, setDeleting] = useState<Service | null>(null);

  // The API answers a country's whole list (a handful of services): it is paged here.
  const list = useQuery({
    ...trpc.home.services.queryOptions({ country_id: countryId ?? 0 }),
    enabled: countryId !== null,
  });
  const shown = useClientPages(list.data, paging);
  const refetch = () => queryClient.invalidateQueries({ queryKey: trpc.home.pathKey() });

  const remove = useMutation(
    trpc.home.deleteService.mutationOptions({
      onSuccess: async (result) => {
        if (result.errorCode === 'DELETED_SERVICE') notifySuccess('Successfully Deleted!');
        else notifyError(result.message);
        setDeleting(null);
        await refetch();
      },
      onError: (error) => notifyError(errorMessage(error)),
    }),
  );

  const columns = useMemo(
    () => [
      column.accessor('image', {
        header: 'Image',
        cell: ({ getValue }) => (
          <Image src={imageVariantUrl(getValue().image_url, 160)} alt="" w={64} h={48} radius="sm" fit="cover" />
        ),
      }),
      column.accessor('title', { header: 'Title' }),
      column.accessor('description', {
        header: 'Description',
        cell: ({ getValue }) => (
          <Text size="sm" lineClamp={2} maw={420}>
            {getValue()}
          </Text>
        ),
      }),
      column.display({
        id: 'action',
        header: 'Action',
        cell: ({ row }) => (
          <RowActions
            name={row.original.title}
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
          Add Service
        </Button>
      </Group>
      <DataTable
        label={country ? `Services of ${country.name}` : 'Services'}
        columns={columns}
        rows={shown.rows}
        pagination={shown.pagination}
        paging={paging}
        // Until the countries arrive there is no country to list.
        loading={list.isFetching || countryId === null}
        error={list.isError ? errorMessage(list.error) : null}
        rowKey={(service) => service.id}
      />
      {editing !== null && country ? (
        <ServiceModal
          service={editing === 'new' ? null : editing}
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
        what={deleting ? `Delete the service "${deleting.title}". Its image stays in the library.` : ''}
        deleting={remove.isPending}
        onConfirm={() => deleting && remove.mutate({ service_id: deleting.id })}
      />
    </Stack>
  );
}

/** Add a service to the chosen country, or edit one. */
function ServiceModal({
  service,
  country,
  onClose,
  onSaved,
}: {
  service: Service | null;
  country: Country;
  onClose: () => void;
  onSaved: () => Promise<void>;
}) {
  const trpc = useTrpc();
  const initial = {
    title: service?.title ?? '',
    description: service?.description ?? '',
    image_id: service?.image.id ?? null,
    link: service?.link ?? null,
  };
  type Values = typeof initial;
  const fieldsOf = (values: Values) => ({ ...values, image_id: values.image_id ?? 0 });
  const { form, canSubmit, saveFeedback } = useAdminForm(
    service ? updateHomeServiceInput : addHomeServiceInput,
    initial,
    (values) => (service ? { id: service.id, ...fieldsOf(values) } : { country_id: country.id, ...fieldsOf(values) }),
  );
  const handlers = saveFeedback(service !== null, onSaved);
  const add = useMutation(trpc.home.addService.mutationOptions(handlers));
  const update = useMutation(trpc.home.updateService.mutationOptions(handlers));

  return (
    <AdminModal opened onClose={onClose} title={service ? 'Edit Service' : 'Add Service'}>
      <form
        noValidate
        onSubmit={form.onSubmit((values) =>
          service
            ? update.mutate({ id: service.id, ...fieldsOf(values) })
            : add.mutate({ country_id: country.id, ...fieldsOf(values) }),
        )}
      >
        <Stack gap="md">
          <TextInput label="Country" value={country.name} readOnly />
          <TextInput label="Title" required {...form.getInputProps('title')} />
          <Textarea
            label="Description"
            required
            autosize
            minRows={3}
            maxRows={8}
            {...form.getInputProps('description')}
          />
          <Select
            label="Links to"
            description="The page the card leads to on the public site."
            placeholder="No link"
            clearable
            searchable
            data={SITE_PAGES.filter((page) => page.path !== '/').map((page) => ({
              value: page.path,
              label: `${page.name} (${page.path})`,
            }))}
            {...form.getInputProps('link')}
          />
          {/* Services may share a picture, so every SERVICES image is offered, not only unused ones. */}
          <ImagePicker
            label="Image"
            category="SERVICES"
            current={service?.image ?? null}
            {...form.getInputProps('image_id')}
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
