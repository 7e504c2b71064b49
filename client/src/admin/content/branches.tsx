import { useQuery } from '@tanstack/react-query';
import { addBranchInput, updateBranchInput } from '../../../../shared/branch.schema.js';
import { useTrpc, useTrpcClient, type ApiOutputs } from '../../trpc.js';
import { choice, country, longText, text } from '../ui/fields.js';
import { timeZoneChoices } from '../../../../shared/time-zone.js';
import { openingHours } from '../ui/OpeningHoursField.js';
import type { CountryContentKind } from './country-content.js';

type Branch = ApiOutputs['branch']['getOfCountry'][number];

/**
 * The branches of each country site (spec §2, §3 "Branch"): they show on the Contact Us page, receive enquiries,
 * and their messenger link is where the "Chat with us !" dialog sends visitors (their WhatsApp number, offered beside
 * it). Editing may move one to another country.
 */
export const BRANCHES: CountryContentKind<Branch> = {
  addLabel: 'Add Branch',
  listLabel: (country) => (country ? `Branches of ${country.name}` : 'Branches'),
  modalTitle: (branch) => (branch ? `Edit Branch · ${branch.name}` : 'Add Branch'),
  nameOf: (branch) => branch.name,
  deleteSentence: (branch) => `Delete the branch "${branch.name}". Its enquiries are kept, without a branch.`,
  columns: [
    { id: 'name', header: 'Name', cell: ({ row }) => row.original.name },
    { id: 'email', header: 'Email', cell: ({ row }) => row.original.email },
    { id: 'phone_number', header: 'Phone number', cell: ({ row }) => row.original.phone_number },
    { id: 'address', header: 'Address', cell: ({ row }) => row.original.address },
  ],
  domain: 'branch',
  useApi: (countryId) => {
    const trpc = useTrpc();
    const { branch } = useTrpcClient();
    return {
      list: useQuery({
        ...trpc.branch.getOfCountry.queryOptions({ country_id: countryId ?? 0 }),
        enabled: countryId !== null,
      }),
      add: branch.add.mutate,
      update: branch.update.mutate,
      remove: (id) => branch.delete.mutate({ branch_id: id }),
    };
  },
  schemas: { add: addBranchInput, update: updateBranchInput },
  fields: [
    text('name', 'Name', { required: true }),
    text('email', 'Email', { type: 'email', required: true }),
    text('phone_number', 'Phone number', { type: 'tel', required: true }),
    longText('address', 'Address', { minRows: 2, maxRows: 8 }),
    text('google_map_link', 'Google map link', { type: 'url', description: 'Shown as a map on the Contact Us page' }),
    text('messenger_url', 'Messenger link', {
      type: 'url',
      description: 'Where “Chat with us !” sends visitors, e.g. https://m.me/your.page',
    }),
    text('whatsapp_number', 'WhatsApp number', {
      type: 'tel',
      description: 'With the country code, e.g. +61 491 570 156: offered beside Messenger and on Contact Us',
    }),
    choice('time_zone', 'Time zone', {
      data: timeZoneChoices().map((zone) => ({ value: zone, label: zone })),
      clearable: true,
      placeholder: 'The country’s',
      description: 'Only where this branch’s clock differs from its country’s: its appointments’ invitations use it',
    }),
    openingHours('opening_hours', 'Opening hours'),
    country(),
  ],
};
