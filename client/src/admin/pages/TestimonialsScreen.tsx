import { Button, Group, Image, MultiSelect, NumberInput, Stack, TextInput, Textarea } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { createColumnHelper } from '@tanstack/react-table';
import { useMemo, useState } from 'react';
import { imageVariantUrl } from '../../../../shared/media.js';
import { addTestimonialInput, updateTestimonialInput } from '../../../../shared/testimonial.schema.js';
import { NOT_YOUR_ITEM_MESSAGE } from '../../../../shared/access.js';
import { mayChange, useActor } from '../actor.js';
import { useTrpc } from '../../trpc.js';
import { AdminModal } from '../ui/AdminModal.js';
import { CountrySelect, useCountryChoice } from '../ui/CountrySelect.js';
import { DataTable, usePaging } from '../ui/DataTable.js';
import { errorMessage } from '../ui/errors.js';
import { ImagePicker, type PickedImage } from '../ui/ImagePicker.js';
import { SharedDeleteDialog } from '../ui/SharedDelete.js';
import { RowActions } from '../ui/RowActions.js';
import { AddToOtherModal, OwnerBadges, removalScope } from '../ui/shared-items.js';
import { useAdminForm } from '../ui/use-admin-form.js';

interface Testimonial {
  id: number;
  name: string;
  relation: string;
  rating: number;
  testimonial: string;
  image: PickedImage;
  countries: { id: number; name: string }[];
}

type Dialog =
  | { kind: 'add' }
  | { kind: 'edit'; testimonial: Testimonial }
  | { kind: 'link'; testimonial: Testimonial }
  | { kind: 'delete'; testimonial: Testimonial };

const column = createColumnHelper<Testimonial>();

/**
 * What clients said (spec §3 "Testimonial"), shared between countries: every testimonial or one country's, with
 * the countries each is shown in; add, edit, add to another country, and delete with the shared-item rules.
 */
export function TestimonialsScreen() {
  const actor = useActor();
  const trpc = useTrpc();
  const queryClient = useQueryClient();
  const choice = useCountryChoice({ startWithAll: true });
  const { country, countryId } = choice;
  const paging = usePaging();
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const close = () => setDialog(null);
  const refetch = () => queryClient.invalidateQueries({ queryKey: trpc.testimonial.pathKey() });

  const list = useQuery(trpc.testimonial.getAll.queryOptions({ paginate: paging.paging, country_id: countryId }));
  const link = useMutation(trpc.testimonial.addToCountry.mutationOptions());
  const remove = useMutation(trpc.testimonial.delete.mutationOptions());
  const unlink = useMutation(trpc.testimonial.removeFromCountry.mutationOptions());

  const columns = useMemo(
    () => [
      column.accessor('image', {
        header: 'Image',
        cell: ({ getValue }) => (
          <Image src={imageVariantUrl(getValue().image_url, 160)} alt="" w={48} h={48} radius="xl" fit="cover" />
        ),
      }),
      column.accessor('name', { header: 'Name' }),
      column.accessor('relation', { header: 'Relation' }),
      column.accessor('rating', { header: 'Rating', cell: ({ getValue }) => `${getValue()} / 5` }),
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
            name={row.original.name}
            onEdit={() => setDialog({ kind: 'edit', testimonial: row.original })}
            link={{ owner: 'country', onClick: () => setDialog({ kind: 'link', testimonial: row.original }) }}
            onDelete={() => setDialog({ kind: 'delete', testimonial: row.original })}
          />
        ),
      }),
    ],
    [actor.data],
  );

  const deleting = dialog?.kind === 'delete' ? dialog.testimonial : null;
  // "Remove from <country>" is offered when the list shows one country the testimonial is in.
  const scopeCountry = deleting ? removalScope(country, deleting.countries) : null;

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end">
        <CountrySelect choice={choice} clearable placeholder="All countries" onChange={paging.reset} />
        <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setDialog({ kind: 'add' })}>
          Add Testimonial
        </Button>
      </Group>
      <DataTable
        label={country ? `Testimonials shown in ${country.name}` : 'Testimonials of every country'}
        columns={columns}
        rows={list.data?.data}
        pagination={list.data?.pagination}
        paging={paging}
        loading={list.isFetching}
        error={list.isError ? errorMessage(list.error) : null}
        rowKey={(testimonial) => testimonial.id}
      />
      {dialog?.kind === 'add' || dialog?.kind === 'edit' ? (
        <TestimonialModal
          testimonial={dialog.kind === 'edit' ? dialog.testimonial : null}
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
          name={dialog.testimonial.name}
          owner="country"
          owners={choice.countries}
          linkedIds={dialog.testimonial.countries.map((c) => c.id)}
          add={(countryId) => link.mutateAsync({ testimonal_ids: [dialog.testimonial.id], country_id: countryId })}
          onClose={close}
          onAdded={refetch}
        />
      ) : null}
      {deleting ? (
        <SharedDeleteDialog
          key={deleting.id}
          what={`the testimonial "${deleting.name}"`}
          scope={
            scopeCountry
              ? {
                  name: scopeCountry.name,
                  unlink: () => unlink.mutateAsync({ testimonal_id: deleting.id, country_id: scopeCountry.id }),
                }
              : null
          }
          remove={(confirm) => remove.mutateAsync({ testimonal_id: deleting.id, confirm })}
          onClose={close}
          onDone={refetch}
        />
      ) : null}
    </Stack>
  );
}

interface TestimonialValues extends Record<string, unknown> {
  name: string;
  relation: string;
  rating: number | string;
  testimonial: string;
  image_id: number | null;
  country_ids: string[];
}

function TestimonialModal({
  testimonial,
  countries,
  defaultCountryId,
  onClose,
  onSaved,
}: {
  testimonial: Testimonial | null;
  countries: { id: number; name: string }[];
  defaultCountryId: number | null;
  onClose: () => void;
  onSaved: () => Promise<void>;
}) {
  const trpc = useTrpc();
  const initial: TestimonialValues = {
    name: testimonial?.name ?? '',
    relation: testimonial?.relation ?? '',
    rating: testimonial?.rating ?? 5,
    testimonial: testimonial?.testimonial ?? '',
    image_id: testimonial?.image.id ?? null,
    country_ids: defaultCountryId ? [String(defaultCountryId)] : [],
  };
  // The form keeps text and strings (inputs' own values); the API takes numbers.
  const fieldsOf = (values: TestimonialValues) => ({
    name: values.name,
    relation: values.relation,
    rating: values.rating === '' ? Number.NaN : Number(values.rating),
    testimonial: values.testimonial,
    image_id: values.image_id ?? 0,
  });
  const toInput = (values: TestimonialValues) =>
    testimonial
      ? { id: testimonial.id, ...fieldsOf(values) }
      : { ...fieldsOf(values), country_ids: values.country_ids.map(Number) };
  const { form, canSubmit, saveFeedback } = useAdminForm(
    testimonial ? updateTestimonialInput : addTestimonialInput,
    initial,
    toInput,
  );
  const handlers = saveFeedback(testimonial !== null, onSaved);
  const add = useMutation(trpc.testimonial.add.mutationOptions(handlers));
  const update = useMutation(trpc.testimonial.update.mutationOptions(handlers));

  return (
    <AdminModal opened onClose={onClose} title={testimonial ? 'Edit Testimonial' : 'Add Testimonial'}>
      <form
        noValidate
        onSubmit={form.onSubmit((values) =>
          testimonial
            ? update.mutate({ id: testimonial.id, ...fieldsOf(values) })
            : add.mutate({ ...fieldsOf(values), country_ids: values.country_ids.map(Number) }),
        )}
      >
        <Stack gap="md">
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
          <Textarea
            label="Testimonial"
            required
            autosize
            minRows={3}
            maxRows={8}
            {...form.getInputProps('testimonial')}
          />
          <ImagePicker
            label="Photo"
            category="TESTIMONALS"
            kind="testimonial"
            current={testimonial?.image ?? null}
            {...form.getInputProps('image_id')}
          />
          {testimonial ? null : (
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
