import { Group, Text, TextInput, Textarea } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  addHeaderContactInfosInput,
  updateHeaderContactInfosInput,
} from '../../../../shared/header-contact-info.schema.js';
import { useTrpc } from '../../trpc.js';
import { CountryRecordScreen, type CountryRecordKind } from '../content/country-record.js';
import { SaveModal } from '../ui/FormModal.js';

interface ContactInfo {
  id: number;
  email: string;
  phone_number: string;
  address: string;
}

/** The contact strip of each country site (spec §2 "Public layout"): one per country. */
const CONTACT_DETAILS: CountryRecordKind<ContactInfo> = {
  what: 'contact details',
  useRecord: (country) => {
    const trpc = useTrpc();
    const queryClient = useQueryClient();
    return {
      query: useQuery({
        ...trpc.headerContactInfo.get.queryOptions({ country_id: country?.id ?? 0 }),
        enabled: country !== undefined,
      }),
      refetch: () => queryClient.invalidateQueries({ queryKey: trpc.headerContactInfo.pathKey() }),
    };
  },
  Show: ({ record }) => (
    <dl style={{ margin: 0 }}>
      {(
        [
          ['Email', record.email],
          ['Phone number', record.phone_number],
          ['Address', record.address],
        ] as const
      ).map(([label, value]) => (
        <Group key={label} gap="xs" wrap="nowrap" align="baseline">
          <Text component="dt" fw={600} w={130}>
            {label}
          </Text>
          <Text component="dd" m={0}>
            {value}
          </Text>
        </Group>
      ))}
    </dl>
  ),
  Modal: ({ country, current, onClose, onSaved }) => {
    const trpc = useTrpc();
    const add = useMutation(trpc.headerContactInfo.add.mutationOptions());
    const update = useMutation(trpc.headerContactInfo.update.mutationOptions());
    return (
      <SaveModal
        title={`Contact details · ${country.name}`}
        schema={current ? updateHeaderContactInfosInput : addHeaderContactInfosInput}
        initialValues={{
          email: current?.email ?? '',
          phone_number: current?.phone_number ?? '',
          address: current?.address ?? '',
        }}
        toInput={(values) => (current ? { id: current.id, ...values } : { country_id: country.id, ...values })}
        save={(input) => ('id' in input ? update.mutateAsync(input) : add.mutateAsync(input))}
        editing={current !== null}
        onClose={onClose}
        onSaved={onSaved}
      >
        {(form) => (
          <>
            <TextInput label="Email" type="email" required {...form.getInputProps('email')} />
            <TextInput label="Phone number" type="tel" required {...form.getInputProps('phone_number')} />
            <Textarea label="Address" required autosize minRows={2} {...form.getInputProps('address')} />
          </>
        )}
      </SaveModal>
    );
  },
};

export function HeaderContactInfosScreen() {
  return <CountryRecordScreen kind={CONTACT_DETAILS} />;
}
