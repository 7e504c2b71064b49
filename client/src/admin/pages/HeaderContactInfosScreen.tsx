import { Button, Card, Group, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { IconPencil, IconPlus } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import {
  addHeaderContactInfosInput,
  updateHeaderContactInfosInput,
} from '../../../../shared/header-contact-info.schema.js';
import { useTrpc } from '../../trpc.js';
import { FormModal } from '../ui/FormModal.js';
import { CountrySelect, useCountryChoice } from '../ui/CountrySelect.js';
import { errorMessage } from '../ui/errors.js';
import { useAdminForm } from '../ui/use-admin-form.js';

interface ContactInfo {
  id: number;
  email: string;
  phone_number: string;
  address: string;
}

/**
 * The contact strip of each country site (spec §2 "Public layout"): one per country — add it when missing,
 * otherwise edit it.
 */
export function HeaderContactInfosScreen() {
  const trpc = useTrpc();
  const queryClient = useQueryClient();
  const choice = useCountryChoice();
  const { country } = choice;
  const info = useQuery({
    ...trpc.headerContactInfo.get.queryOptions({ country_id: country?.id ?? 0 }),
    enabled: country !== undefined,
  });
  const [editing, setEditing] = useState(false);
  const current = info.data ?? null;

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end">
        <CountrySelect choice={choice} />
        {country ? (
          <Button
            leftSection={current ? <IconPencil size={16} aria-hidden /> : <IconPlus size={16} aria-hidden />}
            onClick={() => setEditing(true)}
            disabled={info.isPending}
          >
            {current ? 'Edit' : 'Add'}
          </Button>
        ) : null}
      </Group>
      {info.isError ? (
        <Text c="red.9">{errorMessage(info.error)}</Text>
      ) : current ? (
        <Card withBorder>
          <dl style={{ margin: 0 }}>
            {(
              [
                ['Email', current.email],
                ['Phone number', current.phone_number],
                ['Address', current.address],
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
        </Card>
      ) : info.isSuccess ? (
        <Text>No contact details yet for {country?.name}.</Text>
      ) : null}
      {country && editing ? (
        <ContactInfoModal
          country={country}
          current={current}
          onClose={() => setEditing(false)}
          onSaved={async () => {
            setEditing(false);
            await queryClient.invalidateQueries({ queryKey: trpc.headerContactInfo.pathKey() });
          }}
        />
      ) : null}
    </Stack>
  );
}

function ContactInfoModal({
  country,
  current,
  onClose,
  onSaved,
}: {
  country: { id: number; name: string };
  current: ContactInfo | null;
  onClose: () => void;
  onSaved: () => Promise<void>;
}) {
  const trpc = useTrpc();
  const initial = {
    email: current?.email ?? '',
    phone_number: current?.phone_number ?? '',
    address: current?.address ?? '',
  };
  const { form, canSubmit, saveFeedback } = useAdminForm(
    current ? updateHeaderContactInfosInput : addHeaderContactInfosInput,
    initial,
    (values) => (current ? { id: current.id, ...values } : { country_id: country.id, ...values }),
  );
  const handlers = saveFeedback(current !== null, onSaved);
  const add = useMutation(trpc.headerContactInfo.add.mutationOptions(handlers));
  const update = useMutation(trpc.headerContactInfo.update.mutationOptions(handlers));

  return (
    <FormModal
      title={`Contact details · ${country.name}`}
      onClose={onClose}
      onSubmit={form.onSubmit((values) =>
        current ? update.mutate({ id: current.id, ...values }) : add.mutate({ country_id: country.id, ...values }),
      )}
      canSubmit={canSubmit}
      saving={add.isPending || update.isPending}
    >
      <TextInput label="Email" type="email" required {...form.getInputProps('email')} />
      <TextInput label="Phone number" type="tel" required {...form.getInputProps('phone_number')} />
      <Textarea label="Address" required autosize minRows={2} {...form.getInputProps('address')} />
    </FormModal>
  );
}
