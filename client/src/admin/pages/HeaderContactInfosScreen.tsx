import { Group, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import {
  addHeaderContactInfosInput,
  updateHeaderContactInfosInput,
} from '../../../../shared/header-contact-info.schema.js';
import { useTrpc, useTrpcClient } from '../../trpc.js';
import { CountryRecordScreen, type CountryRecordKind } from '../content/country-record.js';
import { FieldsModal, longText, text } from '../ui/fields.js';

interface ContactInfo {
  id: number;
  email: string;
  phone_number: string;
  address: string;
}

/** The contact strip of each country site (spec §2 "Public layout"): one per country. */
const CONTACT_DETAILS: CountryRecordKind<ContactInfo> = {
  what: 'contact details',
  domain: 'headerContactInfo',
  useRecord: (country) => {
    const trpc = useTrpc();
    return useQuery({
      ...trpc.headerContactInfo.get.queryOptions({ country_id: country?.id ?? 0 }),
      enabled: country !== undefined,
    });
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
    const { headerContactInfo } = useTrpcClient();
    return (
      <FieldsModal
        title={`Contact details · ${country.name}`}
        fields={[
          text('email', 'Email', { type: 'email', required: true }),
          text('phone_number', 'Phone number', { type: 'tel', required: true }),
          longText('address', 'Address', { minRows: 2 }),
        ]}
        item={current}
        context={{ countries: [], shown: country, actor: undefined }}
        api={{
          schemas: { add: addHeaderContactInfosInput, update: updateHeaderContactInfosInput },
          add: headerContactInfo.add.mutate,
          update: headerContactInfo.update.mutate,
        }}
        newInput={{ country_id: country.id }}
        onClose={onClose}
        onSaved={onSaved}
      />
    );
  },
};

export function HeaderContactInfosScreen() {
  return <CountryRecordScreen kind={CONTACT_DETAILS} />;
}
