import { Image, NumberInput, TextInput, Textarea } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { imageVariantUrl } from '../../../../shared/media.js';
import { addTestimonialInput, updateTestimonialInput } from '../../../../shared/testimonial.schema.js';
import { pagedRows } from '../ui/DataTable.js';
import { useTrpc } from '../../trpc.js';
import { ImagePicker, type PickedImage } from '../ui/ImagePicker.js';
import type { SharedContentKind } from './shared-content.js';

interface Testimonial {
  id: number;
  name: string;
  relation: string;
  rating: number;
  testimonial: string;
  image: PickedImage;
  countries: { id: number; name: string }[];
}

interface TestimonialValues extends Record<string, unknown> {
  name: string;
  relation: string;
  rating: number | string;
  testimonial: string;
  image_id: number | null;
}

/** What clients said (spec §3 "Testimonial"), shared between countries. */
export const TESTIMONIALS: SharedContentKind<Testimonial, TestimonialValues, ReturnType<typeof fieldsOf>> = {
  title: 'Testimonial',
  one: 'testimonial',
  Many: 'Testimonials',
  nameOf: (testimonial) => testimonial.name,
  columns: [
    {
      id: 'image',
      header: 'Image',
      cell: ({ row }) => (
        <Image src={imageVariantUrl(row.original.image.image_url, 160)} alt="" w={48} h={48} radius="xl" fit="cover" />
      ),
    },
    { id: 'name', header: 'Name', cell: ({ row }) => row.original.name },
    { id: 'relation', header: 'Relation', cell: ({ row }) => row.original.relation },
    { id: 'rating', header: 'Rating', cell: ({ row }) => `${row.original.rating} / 5` },
  ],
  useApi: ({ ownerId: countryId, paging }) => {
    const trpc = useTrpc();
    const queryClient = useQueryClient();
    const list = useQuery(trpc.testimonial.getAll.queryOptions({ paginate: paging.paging, country_id: countryId }));
    const add = useMutation(trpc.testimonial.add.mutationOptions());
    const update = useMutation(trpc.testimonial.update.mutationOptions());
    const link = useMutation(trpc.testimonial.addToCountry.mutationOptions());
    const unlink = useMutation(trpc.testimonial.removeFromCountry.mutationOptions());
    const remove = useMutation(trpc.testimonial.delete.mutationOptions());
    return {
      list: pagedRows(list),
      add: add.mutateAsync,
      update: update.mutateAsync,
      // The spec spells these arguments "testimonal".
      link: (id, countryId) => link.mutateAsync({ testimonal_ids: [id], country_id: countryId }),
      unlink: (id, countryId) => unlink.mutateAsync({ testimonal_id: id, country_id: countryId }),
      remove: (id, confirm) => remove.mutateAsync({ testimonal_id: id, confirm }),
      refetch: () => queryClient.invalidateQueries({ queryKey: trpc.testimonial.pathKey() }),
    };
  },
  schemas: { add: addTestimonialInput, update: updateTestimonialInput },
  valuesOf: (testimonial) => ({
    name: testimonial?.name ?? '',
    relation: testimonial?.relation ?? '',
    rating: testimonial?.rating ?? 5,
    testimonial: testimonial?.testimonial ?? '',
    image_id: testimonial?.image.id ?? null,
  }),
  fieldsOf,
  Fields: ({ form, item }) => (
    <>
      <TextInput label="Name" required {...form.getInputProps('name')} />
      <TextInput label="Relation" description="e.g. Student, Parent" required {...form.getInputProps('relation')} />
      <NumberInput
        label="Rating (1 to 5)"
        required
        min={1}
        max={5}
        allowDecimal={false}
        allowNegative={false}
        {...form.getInputProps('rating')}
      />
      <Textarea label="Testimonial" required autosize minRows={3} maxRows={8} {...form.getInputProps('testimonial')} />
      <ImagePicker
        label="Photo"
        category="TESTIMONALS"
        kind="testimonial"
        current={item?.image ?? null}
        {...form.getInputProps('image_id')}
      />
    </>
  ),
};

/** The form keeps text and strings (inputs' own values); the API takes numbers. */
function fieldsOf(values: TestimonialValues) {
  return {
    name: values.name,
    relation: values.relation,
    rating: values.rating === '' ? Number.NaN : Number(values.rating),
    testimonial: values.testimonial,
    image_id: values.image_id ?? 0,
  };
}
