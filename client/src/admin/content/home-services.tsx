import { Image, Select, Text, TextInput, Textarea } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { addHomeServiceInput, updateHomeServiceInput } from '../../../../shared/home.schema.js';
import { imageVariantUrl } from '../../../../shared/media.js';
import { SITE_PAGES } from '../../../../shared/site-pages.js';
import { useTrpc, type ApiOutputs } from '../../trpc.js';
import { ImagePicker } from '../ui/ImagePicker.js';
import type { CountryContentKind } from './country-content.js';

type Service = ApiOutputs['home']['services'][number];

interface ServiceValues extends Record<string, unknown> {
  title: string;
  description: string;
  image_id: number | null;
  link: string | null;
}

/** The services listed on each country's home page (spec §3 "Home service"): title, description, image, a link. */
export const HOME_SERVICES: CountryContentKind<Service, ServiceValues, ReturnType<typeof fieldsOf>> = {
  addLabel: 'Add Service',
  listLabel: (country) => (country ? `Services of ${country.name}` : 'Services'),
  modalTitle: (service) => (service ? 'Edit Service' : 'Add Service'),
  nameOf: (service) => service.title,
  deleteSentence: (service) => `Delete the service "${service.title}". Its image stays in the library.`,
  columns: [
    {
      id: 'image',
      header: 'Image',
      cell: ({ row }) => (
        <Image src={imageVariantUrl(row.original.image.image_url, 160)} alt="" w={64} h={48} radius="sm" fit="cover" />
      ),
    },
    { id: 'title', header: 'Title', cell: ({ row }) => row.original.title },
    {
      id: 'description',
      header: 'Description',
      cell: ({ row }) => (
        <Text size="sm" lineClamp={2} maw={420}>
          {row.original.description}
        </Text>
      ),
    },
  ],
  useApi: (countryId) => {
    const trpc = useTrpc();
    const queryClient = useQueryClient();
    const list = useQuery({
      ...trpc.home.services.queryOptions({ country_id: countryId ?? 0 }),
      enabled: countryId !== null,
    });
    const add = useMutation(trpc.home.addService.mutationOptions());
    const update = useMutation(trpc.home.updateService.mutationOptions());
    const remove = useMutation(trpc.home.deleteService.mutationOptions());
    return {
      list,
      add: add.mutateAsync,
      update: update.mutateAsync,
      remove: (id) => remove.mutateAsync({ service_id: id }),
      refetch: () => queryClient.invalidateQueries({ queryKey: trpc.home.pathKey() }),
    };
  },
  schemas: { add: addHomeServiceInput, update: updateHomeServiceInput },
  valuesOf: (service) => ({
    title: service?.title ?? '',
    description: service?.description ?? '',
    image_id: service?.image.id ?? null,
    link: service?.link ?? null,
  }),
  fieldsOf,
  Fields: ({ form, item, country }) => (
    <>
      <TextInput label="Country" value={country.name} readOnly />
      <TextInput label="Title" required {...form.getInputProps('title')} />
      <Textarea label="Description" required autosize minRows={3} maxRows={8} {...form.getInputProps('description')} />
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
        current={item?.image ?? null}
        {...form.getInputProps('image_id')}
      />
    </>
  ),
};

function fieldsOf(values: ServiceValues) {
  return { ...values, image_id: values.image_id ?? 0 };
}
