import { useQuery } from '@tanstack/react-query';
import { addTestimonialInput, updateTestimonialInput } from '../../../../shared/testimonial.schema.js';
import { pagedRows } from '../ui/DataTable.js';
import { useTrpc, useTrpcClient, type ApiOutputs } from '../../trpc.js';
import { longText, newItemCountries, picture, text, wholeNumber } from '../ui/fields.js';
import type { SharedContentKind } from './shared-content.js';
import { pictureColumn } from '../ui/thumbnails.js';

type Testimonial = ApiOutputs['testimonial']['getAll']['data'][number];

/** What clients said (spec §3 "Testimonial"), shared between countries. */
export const TESTIMONIALS: SharedContentKind<Testimonial> = {
  title: 'Testimonial',
  one: 'testimonial',
  Many: 'Testimonials',
  nameOf: (testimonial) => testimonial.name,
  columns: [
    pictureColumn('Image', { w: 48, round: true }),
    { id: 'name', header: 'Name', cell: ({ row }) => row.original.name },
    { id: 'relation', header: 'Relation', cell: ({ row }) => row.original.relation },
    { id: 'rating', header: 'Rating', cell: ({ row }) => `${row.original.rating} / 5` },
  ],
  domain: 'testimonial',
  useApi: ({ ownerId: countryId, paging }) => {
    const trpc = useTrpc();
    const { testimonial } = useTrpcClient();
    const list = useQuery(trpc.testimonial.getAll.queryOptions({ paginate: paging.paging, country_id: countryId }));
    return {
      list: pagedRows(list),
      add: testimonial.add.mutate,
      update: testimonial.update.mutate,
      // The spec spells these arguments "testimonal".
      link: (id, countryId) => testimonial.addToCountry.mutate({ testimonal_ids: [id], country_id: countryId }),
      unlink: (id, countryId) => testimonial.removeFromCountry.mutate({ testimonal_id: id, country_id: countryId }),
      remove: (id, confirm) => testimonial.delete.mutate({ testimonal_id: id, confirm }),
    };
  },
  schemas: { add: addTestimonialInput, update: updateTestimonialInput },
  fields: [
    text('name', 'Name', { required: true }),
    text('relation', 'Relation', { required: true, description: 'e.g. Student, Parent' }),
    wholeNumber('rating', 'Rating (1 to 5)', 1, 5),
    longText('testimonial', 'Testimonial'),
    picture('Photo', 'TESTIMONALS', 'testimonial'),
    newItemCountries(),
  ],
};
