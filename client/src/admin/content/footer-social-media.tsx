import { Image, TextInput } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  addFooterSocialMediaInput,
  updateFooterSocialMediaInput,
} from '../../../../shared/footer-social-media.schema.js';
import { imageVariantUrl } from '../../../../shared/media.js';
import { LinkCell } from '../ui/cells.js';
import { useTrpc, type ApiOutputs } from '../../trpc.js';
import { ImagePicker } from '../ui/ImagePicker.js';
import type { CountryContentKind } from './country-content.js';

type SocialMedia = ApiOutputs['footerSocialMedia']['get'][number];

interface SocialMediaValues extends Record<string, unknown> {
  image_id: number | null;
  social_media_link: string;
}

/**
 * The social media icons in each country site's footer (spec §2 "Public layout", §3 "Footer social media"): an icon
 * image and the link it opens in a new tab. Editing keeps the link's country.
 */
export const FOOTER_SOCIAL_MEDIA: CountryContentKind<SocialMedia, SocialMediaValues, ReturnType<typeof fieldsOf>> = {
  addLabel: 'Add Social Media',
  listLabel: (country) => (country ? `Social media in the footer of ${country.name}` : 'Social media in the footer'),
  modalTitle: (item, country) => `${item ? 'Edit' : 'Add'} Social Media · ${country.name}`,
  nameOf: (item) => item.social_media_link,
  deleteSentence: (item) => `Delete the link to ${item.social_media_link}. Its icon stays in the library.`,
  columns: [
    {
      id: 'image',
      header: 'Icon',
      cell: ({ row }) => (
        <Image src={imageVariantUrl(row.original.image.image_url, 160)} alt="" w={32} h={32} fit="contain" />
      ),
    },
    {
      id: 'social_media_link',
      header: 'Social media link',
      cell: ({ row }) => <LinkCell href={row.original.social_media_link} />,
    },
  ],
  useApi: (countryId) => {
    const trpc = useTrpc();
    const queryClient = useQueryClient();
    const list = useQuery({
      ...trpc.footerSocialMedia.get.queryOptions({ country_id: countryId ?? 0 }),
      enabled: countryId !== null,
    });
    const add = useMutation(trpc.footerSocialMedia.add.mutationOptions());
    const update = useMutation(trpc.footerSocialMedia.update.mutationOptions());
    const remove = useMutation(trpc.footerSocialMedia.delete.mutationOptions());
    return {
      list,
      add: add.mutateAsync,
      update: update.mutateAsync,
      remove: (id) => remove.mutateAsync({ id }),
      refetch: () => queryClient.invalidateQueries({ queryKey: trpc.footerSocialMedia.pathKey() }),
    };
  },
  schemas: { add: addFooterSocialMediaInput, update: updateFooterSocialMediaInput },
  valuesOf: (item) => ({ image_id: item?.image.id ?? null, social_media_link: item?.social_media_link ?? '' }),
  fieldsOf,
  Fields: ({ form, item }) => (
    <>
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
    </>
  ),
};

function fieldsOf(values: SocialMediaValues) {
  return { image_id: values.image_id ?? 0, social_media_link: values.social_media_link };
}
