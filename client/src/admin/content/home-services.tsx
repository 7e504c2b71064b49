import { Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { addHomeServiceInput, updateHomeServiceInput } from '../../../../shared/home.schema.js';
import { SITE_PAGES } from '../../../../shared/site-pages.js';
import { useTrpc, useTrpcClient, type ApiOutputs } from '../../trpc.js';
import { choice, longText, picture, shownCountry, text } from '../ui/fields.js';
import type { CountryContentKind } from './country-content.js';
import { pictureColumn } from '../ui/thumbnails.js';

type Service = ApiOutputs['home']['services'][number];

/** The services listed on each country's home page (spec §3 "Home service"): title, description, image, a link. */
export const HOME_SERVICES: CountryContentKind<Service> = {
  addLabel: 'Add Service',
  listLabel: (country) => (country ? `Services of ${country.name}` : 'Services'),
  modalTitle: (service) => (service ? 'Edit Service' : 'Add Service'),
  nameOf: (service) => service.title,
  deleteSentence: (service) => `Delete the service "${service.title}". Its image stays in the library.`,
  columns: [
    pictureColumn('Image', { w: 64, h: 48 }),
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
  domain: 'home',
  useApi: (countryId) => {
    const trpc = useTrpc();
    const { home } = useTrpcClient();
    return {
      list: useQuery({
        ...trpc.home.services.queryOptions({ country_id: countryId ?? 0 }),
        enabled: countryId !== null,
      }),
      add: home.addService.mutate,
      update: home.updateService.mutate,
      remove: (id) => home.deleteService.mutate({ service_id: id }),
    };
  },
  schemas: { add: addHomeServiceInput, update: updateHomeServiceInput },
  fields: [
    shownCountry,
    text('title', 'Title', { required: true }),
    longText('description', 'Description'),
    choice('link', 'Links to', {
      description: 'The page the card leads to on the public site.',
      placeholder: 'No link',
      clearable: true,
      data: SITE_PAGES.filter((page) => page.path !== '/').map((page) => ({
        value: page.path,
        label: `${page.name} (${page.path})`,
      })),
    }),
    // Services may share a picture, so every SERVICES image is offered, not only unused ones.
    picture('Image', 'SERVICES'),
  ],
};
