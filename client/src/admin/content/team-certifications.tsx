import { Group, Loader, Select, Stack, Text, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { ColumnDef } from '@tanstack/react-table';
import { useTrpc, type ApiOutputs } from '../../trpc.js';
import { errorMessage } from '../ui/errors.js';
import { CountriesField, newItemCountries, type Country, type Field, type FieldProps } from '../ui/fields.js';

/** The registrations a team member holds in their countries (ECAN in Nepal, MARN in Australia): column and fields. */

export type Member = ApiOutputs['team']['getAll']['data'][number];

/** A certification in the form: the chosen certificate (a Select's value) and its code. */
interface CertificationValues {
  country_certificate_id: string;
  certificate_code: string;
}

/** The list's column: each certificate the member holds, with its code. */
export const certificatesColumn: ColumnDef<Member> = {
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
};

/** A new member's countries; a country taken off takes its certificates with it. */
export const memberCountries: Field<Member> = newItemCountries(({ form, context }) => {
  const certificates = useCertificates(null, context.countries);
  // A member holds only certificates of their countries: drop those of a country taken off.
  const chooseCountries = (ids: string[]) => {
    form.setFieldValue('country_ids', ids);
    const kept = new Set(
      (certificates.data ?? []).filter((c) => ids.includes(String(c.country_id))).map((c) => String(c.id)),
    );
    form.setFieldValue(
      'certifications',
      certificationsOf(form).filter((c) => kept.has(c.country_certificate_id)),
    );
  };
  return (
    <CountriesField countries={context.countries} {...form.getInputProps('country_ids')} onChange={chooseCountries} />
  );
});

/** The certificates the member holds, one per country at most. */
export const certifications: Field<Member> = {
  name: 'certifications',
  valueOf: (member) =>
    (member?.teamsCountriesCertifications ?? []).map((certification) => ({
      country_certificate_id: String(certification.countries_certifications.id),
      certificate_code: certification.certificate_code,
    })),
  // Kept in the form's order, so the API's messages (`certifications.<index>.…`) land on the right fields.
  inputOf: (value) =>
    (value as CertificationValues[]).map((certification) => ({
      country_certificate_id: Number(certification.country_certificate_id),
      certificate_code: certification.certificate_code,
    })),
  Input: CertificationFields,
};

const certificationsOf = (form: FieldProps<Member>['form']) => form.getValues().certifications as CertificationValues[];

/** A new member is shown in the countries chosen in the form; a member's certificates are of their countries. */
function countriesOf(member: Member | null, form: FieldProps<Member>['form'], countries: Country[]) {
  if (member) return member.countries;
  const chosen = form.getValues().country_ids as string[];
  return countries.filter((c) => chosen.includes(String(c.id)));
}

/** The certificates the member may hold: those of every country they may be shown in. */
function useCertificates(member: Member | null, countries: Country[]) {
  const trpc = useTrpc();
  const offered = member ? member.countries : countries;
  return useQuery(trpc.team.getCountryCertificates.queryOptions({ country_ids: offered.map((c) => c.id) }));
}

/**
 * For each of the member's countries that has certificates (e.g. ECAN in Nepal, MARN in Australia): the one the
 * member holds, if any, and its code.
 */
function CertificationFields({ form, item: member, context }: FieldProps<Member>) {
  const query = useCertificates(member, context.countries);
  const countries = countriesOf(member, form, context.countries);
  const certificates = query.data;
  if (countries.length === 0) return null;
  if (query.isError) return <Text c="red.9">{errorMessage(query.error)}</Text>;
  if (!certificates) {
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
  const certifications = certificationsOf(form);
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
      {/* About the set as a whole: each certificate once, or changed elsewhere since the form opened. */}
      {form.errors.certifications ? (
        <Text size="sm" c="var(--mantine-color-error)" role="alert">
          {form.errors.certifications}
        </Text>
      ) : null}
    </Stack>
  );
}
