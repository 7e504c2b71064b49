import { Group, Image, Loader, Select, Stack, Text, TextInput, Textarea } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { imageVariantUrl } from '../../../../shared/media.js';
import { addTeamInput, updateTeamInput } from '../../../../shared/team.schema.js';
import { pagedRows } from '../ui/DataTable.js';
import { useTrpc, type ApiOutputs } from '../../trpc.js';
import { errorMessage } from '../ui/errors.js';
import { ImagePicker } from '../ui/ImagePicker.js';
import { CountriesField, type Country, type SharedContentKind, type SharedValues } from './shared-content.js';

type Member = ApiOutputs['team']['getAll']['data'][number];
type Certificate = ApiOutputs['team']['getCountryCertificates'][number];

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
  certifications: CertificationValues[];
}

/**
 * The About Us team (spec §3 "Team member"), shared between countries, with the registrations each member holds in
 * their countries (e.g. ECAN in Nepal, MARN in Australia).
 */
export const TEAM: SharedContentKind<Member, MemberValues, ReturnType<typeof fieldsOf>> = {
  title: 'Team Member',
  one: 'team member',
  Many: 'Team members',
  nameOf: (member) => member.name,
  columns: [
    {
      id: 'image',
      header: 'Photo',
      cell: ({ row }) => (
        <Image src={imageVariantUrl(row.original.image.image_url, 160)} alt="" w={48} h={48} radius="xl" fit="cover" />
      ),
    },
    { id: 'name', header: 'Name', cell: ({ row }) => row.original.name },
    { id: 'position', header: 'Position', cell: ({ row }) => row.original.position },
  ],
  columnsAfterCountries: [
    {
      id: 'certificates',
      header: 'Certificates',
      cell: ({ row }) => (
        <Stack gap={2}>
          {row.original.teamsCountriesCertifications.map((certification) => (
            <Text key={certification.id} size="sm">
              {`${certification.countries_certifications.certificate_name} ${certification.certificate_code}`}
            </Text>
          ))}
        </Stack>
      ),
    },
  ],
  useApi: ({ ownerId: countryId, paging }) => {
    const trpc = useTrpc();
    const queryClient = useQueryClient();
    const list = useQuery(trpc.team.getAll.queryOptions({ paginate: paging.paging, country_id: countryId }));
    const add = useMutation(trpc.team.add.mutationOptions());
    const update = useMutation(trpc.team.update.mutationOptions());
    const link = useMutation(trpc.team.addToOtherCountry.mutationOptions());
    const unlink = useMutation(trpc.team.deleteFromCountry.mutationOptions());
    const remove = useMutation(trpc.team.delete.mutationOptions());
    return {
      list: pagedRows(list),
      add: add.mutateAsync,
      update: update.mutateAsync,
      link: (id, countryId) => link.mutateAsync({ team_ids: [id], country_id: countryId }),
      unlink: (id, countryId) => unlink.mutateAsync({ team_id: id, country_id: countryId }),
      remove: (id, confirm) => remove.mutateAsync({ team_id: id, confirm }),
      refetch: () => queryClient.invalidateQueries({ queryKey: trpc.team.pathKey() }),
    };
  },
  schemas: { add: addTeamInput, update: updateTeamInput },
  valuesOf: (member) => ({
    name: member?.name ?? '',
    position: member?.position ?? '',
    description: member?.description ?? '',
    email: member?.email ?? '',
    whatsapp: member?.whatsapp ?? '',
    image_id: member?.image.id ?? null,
    certifications: (member?.teamsCountriesCertifications ?? []).map((certification) => ({
      country_certificate_id: String(certification.countries_certifications.id),
      certificate_code: certification.certificate_code,
    })),
  }),
  fieldsOf,
  countriesInFields: true,
  Fields: MemberFields,
};

/** The form keeps the inputs' own values (text, ids as strings); the API takes numbers. */
function fieldsOf(values: MemberValues) {
  return {
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
  };
}

function MemberFields({
  form,
  item: member,
  countries,
}: {
  form: UseFormReturnType<SharedValues<MemberValues>>;
  item: Member | null;
  countries: Country[];
}) {
  const trpc = useTrpc();
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
    <>
      <TextInput label="Name" required {...form.getInputProps('name')} />
      <TextInput label="Position" description="e.g. Senior Counsellor" required {...form.getInputProps('position')} />
      <Textarea label="Description" required autosize minRows={3} maxRows={8} {...form.getInputProps('description')} />
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
          Shown in {member.countries.map((c) => c.name).join(', ') || 'no country'}. To change the countries, use “Add
          to another country”, or delete the member in a country.
        </Text>
      ) : (
        <CountriesField countries={countries} {...form.getInputProps('country_ids')} onChange={chooseCountries} />
      )}
      <CertificationFields
        form={form}
        countries={memberCountries}
        certificates={certificates.data}
        loading={certificates.isPending}
        error={certificates.isError ? errorMessage(certificates.error) : null}
      />
    </>
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
  form: UseFormReturnType<SharedValues<MemberValues>>;
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
