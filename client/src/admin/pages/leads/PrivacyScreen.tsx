import { Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { IconDownload, IconTrash } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { privacyRequestInput } from '../../../../../shared/leads.js';
import { useTrpc } from '../../../trpc.js';
import { formatMonths } from '../../ui/list-cells.js';
import { EraseDialog, PrivacyHistory, useVisitorExport } from './privacy-parts.js';

/**
 * Privacy: when a visitor asks what is stored about them, or to be forgotten, an ADMIN exports it as JSON or erases
 * it by their e-mail address.
 */
export function PrivacyScreen() {
  const trpc = useTrpc();
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [erasing, setErasing] = useState(false);
  const retention = useQuery(trpc.leads.retention.queryOptions());

  /** The address, checked as the server checks it; null (and the message shown) when it is not one. */
  const checkedEmail = (): string | null => {
    const parsed = privacyRequestInput.safeParse({ email });
    setError(parsed.success ? null : (parsed.error.issues[0]?.message ?? 'Enter a valid email address'));
    return parsed.success ? parsed.data.email : null;
  };

  const exportData = useVisitorExport();
  return (
    <Stack gap="lg">
      <Text maw={720}>
        When someone asks what we store about them, export it and send them the file. When they ask to be forgotten,
        erase it: their enquiries keep only what the counts need (form, country, status, dates) and every mail to or
        about them is deleted. Leads are also anonymised on their own once they are older than{' '}
        {retention.data ? formatMonths(retention.data.months) : 'the retention period'}.
      </Text>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          const valid = checkedEmail();
          if (valid) exportData.mutate({ email: valid });
        }}
      >
        <Group align="flex-start" gap="sm">
          <TextInput
            label="Visitor's email address"
            type="email"
            w={{ base: '100%', sm: 360 }}
            value={email}
            error={error}
            onChange={(event) => setEmail(event.currentTarget.value)}
          />
          <Group gap="sm" mt={{ base: 0, sm: 25 }}>
            <Button type="submit" leftSection={<IconDownload size={16} aria-hidden />} loading={exportData.isPending}>
              Export JSON
            </Button>
            <Button
              color="red.8"
              variant="outline"
              leftSection={<IconTrash size={16} aria-hidden />}
              onClick={() => checkedEmail() && setErasing(true)}
            >
              Erase…
            </Button>
          </Group>
        </Group>
      </form>
      <EraseDialog email={email.trim()} opened={erasing} onClose={() => setErasing(false)} />
      <PrivacyHistory />
    </Stack>
  );
}
