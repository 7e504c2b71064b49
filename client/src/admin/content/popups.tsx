import { useQuery } from '@tanstack/react-query';
import { ENABLE_STATUSES, type EnableStatus } from '../../../../shared/enums.js';
import { addPopupInput, updatePopupInput } from '../../../../shared/popup.schema.js';
import { LinkCell, StatusCell } from '../ui/cells.js';
import { useTrpc, useTrpcClient, type ApiOutputs } from '../../trpc.js';
import { useClientRows } from '../ui/client-pages.js';
import { choice, newItemCountries, picture, text } from '../ui/fields.js';
import type { SharedContentKind } from './shared-content.js';
import { pictureColumn } from '../ui/thumbnails.js';

type Popup = ApiOutputs['popup']['getAll'][number];

const OPTION_LABELS: Record<EnableStatus, string> = {
  ENABLE: 'ENABLE (shown on the home page)',
  DISABLE: 'DISABLE (hidden)',
};

/**
 * The pictures that pop up over the home page of their countries (spec §3 "Popup"), shared between countries. A
 * country shows its newest ENABLE popup. Popups have no name of their own: staff know them by their picture.
 */
export const POPUPS: SharedContentKind<Popup> = {
  title: 'Popup',
  one: 'popup',
  Many: 'Popups',
  nameOf: (popup) => `popup ${popup.image.image_name}`,
  describe: (popup) => `the popup ${popup.image.image_name}`,
  columns: [
    pictureColumn('Image', { w: 64, h: 48 }),
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
  domain: 'popup',
  useApi: ({ ownerId: countryId, paging }) => {
    const trpc = useTrpc();
    const { popup } = useTrpcClient();
    // The API answers the whole list (popups are few): it is paged here.
    const list = useQuery(trpc.popup.getAll.queryOptions({ country_id: countryId }));
    return {
      list: useClientRows(list, paging),
      add: popup.add.mutate,
      update: popup.update.mutate,
      link: (id, countryId) => popup.addToCountry.mutate({ popup_ids: [id], country_id: countryId }),
      unlink: (id, countryId) => popup.removeFromCountry.mutate({ popup_id: id, country_id: countryId }),
      remove: (id, confirm) => popup.delete.mutate({ popup_id: id, confirm }),
    };
  },
  schemas: { add: addPopupInput, update: updatePopupInput },
  fields: [
    picture('Image', 'POPUP', 'popup'),
    text('link', 'Link', {
      type: 'url',
      blankIsNone: true,
      description: 'Where the popup takes visitors who click it (optional), e.g. https://example.com/intake',
    }),
    choice('option', 'Option', {
      data: ENABLE_STATUSES.map((status) => ({ value: status, label: OPTION_LABELS[status] })),
      initial: 'ENABLE',
    }),
    newItemCountries(),
  ],
};
