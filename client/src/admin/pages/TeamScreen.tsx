import { Button, Group, Image, Loader, MultiSelect, Select, Stack, Text, TextInput, Textarea } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { IconPlus } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { createColumnHelper } from '@tanstack/react-table';
import type { inferRouterOutputs } from '@trpc/server';
import { useMemo, useState } from 'react';
import type { AppRouter } from '../../../../server/src/trpc/router.js';
import { imageVariantUrl } from '../../../../shared/media.js';
import { addTeamInput, updateTeamInput } from '../../../../shared/team.schema.js';
import { NOT_YOUR_ITEM_MESSAGE } from '../../../../shared/access.js';
import { mayChange, useActor } from '../actor.js';
import { useTrpc } from '../../trpc.js';
import { AdminModal } from '../ui/AdminModal.js';
import { CountrySelect, useCountryChoice } from '../ui/CountrySelect.js';
import { DataTable, usePaging } from '../ui/DataTable.js';
import { errorMessage } from '../ui/errors.js';
import { ImagePicker } from '../ui/ImagePicker.js';
import { SharedDeleteDialog } from '../ui/SharedDelete.js';
import { RowActions } from '../ui/RowActions.js';
import { AddToOtherModal, OwnerBadges, removalScope } from '../ui/shared-items.js';
import { useAdminForm } from '../ui/use-admin-form.js';

type Member = inferRouterOutputs<AppRouter>['team']['getAll']['data'][number];
type Certificate = inferRouterOutputs<AppRouter>['team']['getCountryCertificates'][number];
type Country = { id: number; name: string };

type Dialog =
  | { kind: 'add' }
  | { kind: 'edit'; member: Member }
  | { kind: 'link'; member: Member }
  | { kind: 'delete'; member: Member };

const column = createColumnHelper<Member>();

/**
 * The About Us team (spec §3 "Team member"), shared between countries: every member or one country's, with the
 * countries each is shown in and their registrations; add, edit, add to another country, and delete with the
 * shared-item rules.
 */
export function TeamScreen() {
  const actor = useActor();
  const trpc = useTrpc();
  const queryClient = useQueryClient();
  const choice = useCountryChoice({ startWithAll: true });
  const { country, countryId } = choice;
  const paging = usePaging();
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const close = () => setDialog(null);
  const refetch = () => queryClient.invalidateQueries({ queryKey: trpc.team.pathKey() });

  const list = useQuery(trpc.team.getAll.queryOptions({ paginate: paging.paging, country_id: countryId }));
  const link = useMutation(trpc.team.addToOtherCountry.mutationOptions());
  const remove = useMutation(trpc.team.delete.mutationOptions());
  const unlink = useMutation(trpc.team.deleteFromCountry.mutationOptions());

  const columns = useMemo(
    () => [
      column.accessor('image', {
        header: 'Photo',
        cell: ({ getValue }) => (
          <Image src={imageVariantUrl(getValue().image_url, 160)} alt="" w={48} h={48} radius="xl" fit="cover" />
        ),
      }),
      column.accessor('name', { header: 'Name' }),
      column.accessor('position', { header: 'Position' }),
      column.accessor('countries', {
        header: 'Countries',
        cell: ({ getValue }) => <OwnerBadges owners={getValue()} />,
      }),
      column.accessor('teamsCountriesCertifications', {
        header: 'Certificates',
        cell: ({ getValue }) => (
          <Stack gap={2}>
            {getValue().map((certification) => (
              <Text key={certification.id} size="sm">
                {`${certification.countries_certifications.certificate_name} ${certification.certificate_code}`}
              </Text>
            ))}
          </Stack>
        ),
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
            onEdit={() => setDialog({ kind: 'edit', member: row.original })}
            link={{ owner: 'country', onClick: () => setDialog({ kind: 'link', member: row.original }) }}
            onDelete={() => setDialog({ kind: 'delete', member: row.original })}
          />
        ),
      }),
    ],
    [actor.data],
  );

  const deleting = dialog?.kind === 'delete' ? dialog.member : null;
  // "Remove from <country>" is offered when the list shows one country the member is in.
  const scopeCountry = deleting ? removalScope(country, deleting.countries) : null;

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end">
        <CountrySelect choice={choice} clearable placeholder="All countries" onChange={paging.reset} />
        <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setDialog({ kind: 'add' })}>
          Add Team Member
        </Button>
      </Group>
      <DataTable
        label={country ? `Team members shown in ${country.name}` : 'Team members of every country'}
        columns={columns}
        rows={list.data?.data}
        pagination={list.data?.pagination}
        paging={paging}
        loading={list.isFetching}
        error={list.isError ? errorMessage(list.error) : null}
        rowKey={(member) => member.id}
      />
      {dialog?.kind === 'add' || dialog?.kind === 'edit' ? (
        <MemberModal
          member={dialog.kind === 'edit' ? dialog.member : null}
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
          name={dialog.member.name}
          owner="country"
          owners={choice.countries}
          linkedIds={dialog.member.countries.map((c) => c.id)}
          add={(countryId) => link.mutateAsync({ team_ids: [dialog.member.id], country_id: countryId })}
          onClose={close}
          onAdded={refetch}
        />
      ) : null}
      {deleting ? (
        <SharedDeleteDialog
          key={deleting.id}
          what={`the team member "${deleting.name}"`}
          scope={
            scopeCountry
              ? {
                  name: scopeCountry.name,
                  unlink: () => unlink.mutateAsync({ team_id: deleting.id, country_id: scopeCountry.id }),
                }
              : null
          }
          remove={(confirm) => remove.mutateAsync({ team_id: deleting.id, confirm })}
          onClose={close}
          onDone={refetch}
        />
      ) : null}
    </Stack>
  );
}

/** A certification in the form: the chosen certificate (a Select's value) and its code. */
interface CertificationValues {
  country_certificate_id: string;
  certificate_code: string;
}

interface MemberValues extends Record<string, unknown> {
  name: string;
  position: string;
  description: string;
  email: string;
  whatsapp: string;
  image_id: number | null;
  country_ids: string[];
  certifications: CertificationValues[];
}

function MemberModal({
  member,
  countries,
  defaultCountryId,
  onClose,
  onSaved,
}: {
  member: Member | null;
  countries: Country[];
  defaultCountryId: number | null;
  onClose: () => void;
  onSaved: () => Promise<void>;
}) {
  const trpc = useTrpc();
  const initial: MemberValues = {
    name: member?.name ?? '',
    position: member?.position ?? '',
    description: member?.description ?? '',
    email: member?.email ?? '',
    whatsapp: member?.whatsapp ?? '',
    image_id: member?.image.id ?? null,
    country_ids: defaultCountryId ? [String(defaultCountryId)] : [],
    certifications: (member?.teamsCountriesCertifications ?? []).map((certification) => ({
      country_certificate_id: String(certification.countries_certifications.id),
      certificate_code: certification.certificate_code,
    })),
  };
  // The form keeps the inputs' own values (text, ids as strings); the API takes numbers, and null for no email.
  const fieldsOf = (values: MemberValues) => ({
    name: values.name,
    position: values.position,
    description: values.description,
    email: values.email,
    whatsapp: values.whatsapp,
    image_id: values.image_id ?? 0,
    // Kept in the form's order, so the API's messages (`certifications.<index>.…`) land on the right fields.
    certifications: values.certifications.map((certification) => ({
      country_certificate_id: Number(certification.country_certificate_id),
      certificate_code: certification.certificate_code,
    })),
  });
  const toInput = (values: MemberValues) =>
    member
      ? { id: member.id, ...fieldsOf(values) }
      : { ...fieldsOf(values), country_ids: values.country_ids.map(Number) };
  const { form, canSubmit, saveFeedback } = useAdminForm(member ? updateTeamInput : addTeamInput, initial, toInput);
  const handlers = saveFeedback(member !== null, onSaved);
  const add = useMutation(trpc.team.add.mutationOptions(handlers));
  const update = useMutation(trpc.team.update.mutationOptions(handlers));

  // A new member is shown in the countries chosen here; a member's countries change with "Add to another country"
  // and "Remove from <country>" (as testimonials).
  const memberCountries: Country[] = member
    ? member.countries
    : countries.filter((c) => form.values.country_ids.includes(String(c.id)));
  const offeredCountries = member ? member.countries : countries;
  const certificates = useQuery(
    trpc.team.getCountryCertificates.queryOptions({ country_ids: offeredCountries.map((c) => c.id) }),
  );

  const chooseCountries = (ids: string[]) => {
    form.setFieldValue('country_ids', ids);
    // A member holds only certificates of their countries: drop those of a country taken off.
    const kept = new Set(
      (certificates.data ?? []).filter((c) => ids.includes(String(c.country_id))).map((c) => String(c.id)),
    );
    form.setFieldValue(
      'certifications',
      form.values.certifications.filter((c) => kept.has(c.country_certificate_id)),
    );
  };

  return (
    <AdminModal opened onClose={onClose} title={member ? 'Edit Team Member' : 'Add Team Member'}>
      <form
        noValidate
        onSubmit={form.onSubmit((values) =>
          member
            ? update.mutate({ id: member.id, ...fieldsOf(values) })
            : add.mutate({ ...fieldsOf(values), country_ids: values.country_ids.map(Number) }),
        )}
      >
        <Stack gap="md">
          <TextInput label="Name" required {...form.getInputProps('name')} />
          <TextInput
            label="Position"
            description="e.g. Senior Counsellor"
            required
            {...form.getInputProps('position')}
          />
          <Textarea
            label="Description"
            required
            autosize
            minRows={3}
            maxRows={8}
            {...form.getInputProps('description')}
          />
          <TextInput label="Email" type="email" {...form.getInputProps('email')} />
          <TextInput
            label="WhatsApp"
            type="tel"
            description="Phone number with the country code, e.g. +977 980 0000000"
            {...form.getInputProps('whatsapp')}
          />
          <ImagePicker
            label="Photo"
            category="TEAM"
            kind="team"
            current={member?.image ?? null}
            {...form.getInputProps('image_id')}
          />
          {member ? (
            <Text size="sm">
              Shown in {member.countries.map((c) => c.name).join(', ') || 'no country'}. To change the countries, use
              “Add to another country”, or delete the member in a country.
            </Text>
          ) : (
            <MultiSelect
              label="Countries"
              required
              data={countries.map((c) => ({ value: String(c.id), label: c.name }))}
              comboboxProps={{ withinPortal: true }}
              {...form.getInputProps('country_ids')}
              onChange={chooseCountries}
            />
          )}
          <CertificationFields
            form={form}
            countries={memberCountries}
            certificates={certificates.data}
            loading={certificates.isPending}
            error={certificates.isError ? errorMessage(certificates.error) : null}
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

/**
 * For each of the member's countries that has certificates (e.g. ECAN in Nepal, MARN in Australia): the one the
 * member holds, if any, and its code.
 */
function CertificationFields({
  form,
  countries,
  certificates,
  loading,
  error,
}: {
  form: UseFormReturnType<MemberValues>;
  countries: Country[];
  certificates: Certificate[] | undefined;
  loading: boolean;
  error: string | null;
}) {
  if (countries.length === 0) return null;
  if (error) return <Text c="red.9">{error}</Text>;
  if (loading || !certificates) {
    return (
      <Group gap="xs" aria-busy>
        <Loader size="sm" aria-hidden />
        <Text size="sm">Loading certificates…</Text>
      </Group>
    );
  }
  const withCertificates = countries.filter((country) => certificates.some((c) => c.country_id === country.id));
  if (withCertificates.length === 0) {
    return <Text size="sm">The member’s countries have no certificates to record.</Text>;
  }
  const { certifications } = form.values;
  return (
    <Stack gap="sm">
      {withCertificates.map((country) => {
        const offered = certificates.filter((c) => c.country_id === country.id);
        const offeredIds = new Set(offered.map((c) => String(c.id)));
        const index = certifications.findIndex((c) => offeredIds.has(c.country_certificate_id));
        const chosen = index >= 0 ? certifications[index] : undefined;
        return (
          <Group key={country.id} grow align="flex-start">
            <Select
              label={`Certificate in ${country.name}`}
              placeholder="None"
              clearable
              clearButtonProps={{ 'aria-label': `No certificate in ${country.name}` }}
              data={offered.map((c) => ({ value: String(c.id), label: c.certificate_name }))}
              value={chosen?.country_certificate_id ?? null}
              error={chosen ? form.errors[`certifications.${index}.country_certificate_id`] : undefined}
              comboboxProps={{ withinPortal: true }}
              onChange={(value) => {
                if (value === null) form.removeListItem('certifications', index);
                else if (chosen) form.setFieldValue(`certifications.${index}.country_certificate_id`, value);
                else form.insertListItem('certifications', { country_certificate_id: value, certificate_code: '' });
              }}
            />
            {chosen ? (
              <TextInput
                label={`Certificate code in ${country.name}`}
                required
                {...form.getInputProps(`certifications.${index}.certificate_code`)}
              />
            ) : null}
          </Group>
        );
      })}
    </Stack>
  );
}
