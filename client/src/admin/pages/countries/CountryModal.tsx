import { FileInput, Group, Image, Progress, Select, Text, TextInput } from '@mantine/core';
import { IconPhoto } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { z } from 'zod';
import { addCountryInput, updateCountryInput } from '../../../../../shared/country.schema.js';
import { ENABLE_STATUSES, GLOBAL_COUNTRY_ID, type EnableStatus } from '../../../../../shared/enums.js';
import { FLAG_IMAGE_TYPES, flagFileProblem } from '../../../../../shared/media.js';
import { timeZoneChoices } from '../../../../../shared/time-zone.js';
import { useTrpc } from '../../../trpc.js';
import { useEditConflicts } from '../../ui/fields.js';
import { SaveModal } from '../../ui/FormModal.js';
import { useUploadProgress } from '../../ui/upload.js';
import { graphqlUpload } from '../../graphql-upload.js';
import type { Country } from './CountriesScreen.js';

/** Adding or changing a country site: its name, its flag (uploaded with progress) and whether it is live. */

const FIELDS = 'id name flag_url is_enabled time_zone code';
const ADD_COUNTRY = `mutation AddCountry($name: String!, $image: Upload, $is_enabled: EnableStatus, $time_zone: String,
  $code: String) {
  addCountry(name: $name, image: $image, is_enabled: $is_enabled, time_zone: $time_zone, code: $code) { ${FIELDS} } }`;
const UPDATE_COUNTRY = `mutation UpdateCountry($id: Int!, $name: String, $image: Upload, $is_enabled: EnableStatus,
  $time_zone: String, $code: String) {
  updateCountry(id: $id, name: $name, image: $image, is_enabled: $is_enabled, time_zone: $time_zone, code: $code) {
    ${FIELDS} } }`;

/**
 * The chosen flag file, checked before sending (type and size) with the messages the server would give. A flag
 * may be SVG; the server keeps only a sanitised copy (decision 017).
 */
const flagFile = z
  .custom<File | null>((value) => value === null || value instanceof File)
  .superRefine((file, ctx) => {
    const problem = file && flagFileProblem(file);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });

interface CountryValues extends Record<string, unknown> {
  name: string;
  is_enabled: EnableStatus;
  /** Empty: the site's time zone. */
  time_zone: string;
  /** The site's address code; empty when adding: the country's own ISO code. */
  code: string;
  image: File | null;
}

/**
 * A URL showing the chosen file, made when it is chosen and revoked when another is chosen or the form closes.
 * A file the form refuses gets none.
 */
function usePreviewUrl() {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(
    () => () => {
      if (url) URL.revokeObjectURL(url);
    },
    [url],
  );
  const show = (file: File | null) => setUrl(file && !flagFileProblem(file) ? URL.createObjectURL(file) : null);
  return [url, show] as const;
}

export function CountryModal({
  country,
  onClose,
  onSaved,
}: {
  country: Country | null;
  onClose: () => void;
  onSaved: () => Promise<void>;
}) {
  const trpc = useTrpc();
  const isGlobal = country?.id === GLOBAL_COUNTRY_ID;
  const initialValues: CountryValues = {
    name: country?.name ?? '',
    is_enabled: country?.is_enabled ?? 'ENABLE',
    time_zone: country?.time_zone ?? '',
    code: country?.code ?? '',
    image: null,
  };
  const { progress, track } = useUploadProgress();
  const [preview, showPreview] = usePreviewUrl();
  const add = useMutation(trpc.country.add.mutationOptions());
  const update = useMutation(trpc.country.update.mutationOptions());

  const conflicts = useEditConflicts(
    country
      ? {
          id: country.id,
          name: initialValues.name,
          is_enabled: initialValues.is_enabled,
          time_zone: initialValues.time_zone,
          code: initialValues.code,
        }
      : {},
  );

  /**
   * A change sends only what staff changed, checked against what the form opened with (decisions 042 and 043): a
   * status a colleague set meanwhile survives a rename, and a name they changed is not silently replaced.
   */
  function change(input: Omit<CountryValues, 'image'>, id: number) {
    return conflicts.sent(update.mutateAsync(conflicts.input({ ...input, id }, false)));
  }

  // A new flag travels as a GraphQL multipart upload (tRPC has no upload path); other changes go through tRPC.
  async function save({ image, ...input }: CountryValues & { id?: number }) {
    if (!image) return input.id === undefined ? add.mutateAsync(input) : change(input, input.id);
    const files = [{ path: 'image', file: image }];
    return track((onProgress) => graphqlUpload(country ? UPDATE_COUNTRY : ADD_COUNTRY, input, files, onProgress));
  }

  return (
    <SaveModal
      title={country ? `Edit ${country.name}` : 'Add Country'}
      schema={country ? updateCountryInput.extend({ image: flagFile }) : addCountryInput.extend({ image: flagFile })}
      initialValues={initialValues}
      toInput={(values) => (country ? { id: country.id, ...values } : values)}
      save={save}
      editing={country !== null}
      onClose={onClose}
      onSaved={onSaved}
    >
      {(form) => (
        <>
          <TextInput label="Name" required {...form.getInputProps('name')} />
          {isGlobal ? null : (
            <TextInput
              label="Address code"
              description={
                country
                  ? `The site is at /${form.values.code || '…'}. Changing it moves every page of the site to the new address.`
                  : 'Two letters, the country’s ISO code: the site is at /np for np. Empty: found from the name, if it is a country’s.'
              }
              maxLength={2}
              w={220}
              autoCapitalize="none"
              {...form.getInputProps('code')}
            />
          )}
          <FileInput
            label="Flag"
            description="PNG, JPEG, WebP, AVIF or GIF (at most 10 MB), or SVG (at most 1 MB)"
            placeholder={country?.flag_url ? 'Keep the current flag' : 'Choose an image'}
            accept={FLAG_IMAGE_TYPES.join(',')}
            clearable
            clearButtonProps={{ 'aria-label': 'Remove the chosen file' }}
            leftSection={<IconPhoto size={16} aria-hidden />}
            {...form.getInputProps('image')}
            onChange={(file) => {
              form.setFieldValue('image', file);
              showPreview(file);
              // A wrong file is named at once, not only when the field loses focus.
              form.validateField('image');
            }}
          />
          {preview || country?.flag_url ? (
            <Group gap="sm">
              <Image
                src={preview ?? country?.flag_url}
                alt={preview ? 'Preview of the chosen flag' : `${country?.name} flag`}
                w={96}
                h={64}
                fit="contain"
                radius="xs"
                bd="1px solid var(--mantine-color-gray-4)"
              />
              <Text size="sm">{preview ? 'The chosen flag' : 'The current flag'}</Text>
            </Group>
          ) : null}
          <Select
            label="Status"
            required
            allowDeselect={false}
            data={ENABLE_STATUSES.map((status) => ({ value: status, label: status }))}
            disabled={isGlobal}
            description={
              isGlobal ? 'Global is every visitor’s fallback site, so it is always enabled.' : 'DISABLE hides the site.'
            }
            {...form.getInputProps('is_enabled')}
          />
          <Select
            label="Time zone"
            description="The clock of this country's appointments: their calendar invitations and reminders use it."
            placeholder="Site default"
            searchable
            clearable
            nothingFoundMessage="No time zone has that name"
            data={timeZoneChoices()}
            {...form.getInputProps('time_zone')}
            onChange={(value: string | null) => form.setFieldValue('time_zone', value ?? '')}
          />
          {progress !== null ? <Progress value={progress * 100} aria-label="Upload progress" /> : null}
        </>
      )}
    </SaveModal>
  );
}
