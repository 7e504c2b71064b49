import { useQuery } from '@tanstack/react-query';
import {
  addFooterSocialMediaInput,
  updateFooterSocialMediaInput,
} from '../../../../shared/footer-social-media.schema.js';
import { LinkCell } from '../ui/cells.js';
import { useTrpc, useTrpcClient, type ApiOutputs } from '../../trpc.js';
import { picture, text } from '../ui/fields.js';
import type { CountryContentKind } from './country-content.js';
import { pictureColumn } from '../ui/thumbnails.js';

type SocialMedia = ApiOutputs['footerSocialMedia']['get'][number];

/**
 * The social media icons in each country site's footer (spec §2 "Public layout", §3 "Footer social media"): an icon
 * image and the link it opens in a new tab. Editing keeps the link's country.
 */
export const FOOTER_SOCIAL_MEDIA: CountryContentKind<SocialMedia> = {
  addLabel: 'Add Social Media',
  listLabel: (country) => (country ? `Social media in the footer of ${country.name}` : 'Social media in the footer'),
  modalTitle: (item, country) => `${item ? 'Edit' : 'Add'} Social Media · ${country.name}`,
  nameOf: (item) => item.social_media_link,
  deleteSentence: (item) => `Delete the link to ${item.social_media_link}. Its icon stays in the library.`,
  columns: [
    pictureColumn('Icon', { w: 32, contain: true }),
    {
      id: 'social_media_link',
      header: 'Social media link',
      cell: ({ row }) => <LinkCell href={row.original.social_media_link} />,
    },
  ],
  domain: 'footerSocialMedia',
  useApi: (countryId) => {
    const trpc = useTrpc();
    const { footerSocialMedia } = useTrpcClient();
    return {
      list: useQuery({
        ...trpc.footerSocialMedia.get.queryOptions({ country_id: countryId ?? 0 }),
        enabled: countryId !== null,
      }),
      add: footerSocialMedia.add.mutate,
      update: footerSocialMedia.update.mutate,
      remove: (id) => footerSocialMedia.delete.mutate({ id }),
    };
  },
  schemas: { add: addFooterSocialMediaInput, update: updateFooterSocialMediaInput },
  fields: [
    picture('Icon', 'SOCIAL_MEDIA'),
    text('social_media_link', 'Social media link', {
      type: 'url',
      required: true,
      description: 'e.g. https://www.facebook.com/your.page',
    }),
  ],
};
