import { Button, Checkbox, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconDownload, IconTrash } from '@tabler/icons-react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { privacyRequestInput } from '../../../../../shared/leads.js';
import { notifyError, notifySuccess } from '../../../notify.js';
import { useTrpc, type ApiOutputs } from '../../../trpc.js';
import { ConfirmModal } from '../../ui/ConfirmModal.js';
import { DataTable, listRows } from '../../ui/DataTable.js';
import { downloadText } from '../../ui/csv.js';
import { errorMessage } from '../../ui/errors.js';
import { datedFileName } from '../../ui/csv.js';
import { columnsOf, formatWhen } from '../../ui/list-cells.js';
import { useLeadsChanged } from './lead-parts.js';

type PrivacyRequest = ApiOutputs['leads']['privacyRequests'][number];
const HISTORY_COLUMNS = columnsOf<PrivacyRequest>({
  When: (request) => formatWhen(request.created_at),
  What: (request) => (request.action === 'EXPORT' ? 'Export' : 'Erasure'),
  By: (request) => request.actor_name ?? 'Former staff member',
  Enquiries: (request) => request.leads,
  Mails: (request) => request.mails,
});

/**
 * Privacy: when a visitor asks what is stored about them, or to be forgotten, an ADMIN exports it as JSON or erases
 * it by their e-mail address. Every export and erasure is listed below (without the address).
 */
export function PrivacyScreen() {
  const trpc = useTrpc();
  const leadsChanged = useLeadsChanged();
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [erasing, setErasing] = useState(false);
  const [understood, setUnderstood] = useState(false);
  const history = useQuery(trpc.leads.privacyRequests.queryOptions());

  /** The address, checked as the server checks it; null (and the message shown) when it is not one. */
  const checkedEmail = (): string | null => {
    const parsed = privacyRequestInput.safeParse({ email });
    setError(parsed.success ? null : (parsed.error.issues[0]?.message ?? 'Enter a valid email address'));
    return parsed.success ? parsed.data.email : null;
  };

  const exportData = useMutation(
    trpc.leads.exportByEmail.mutationOptions({
      onSuccess: async (data) => {
        downloadText(
          datedFileName('json', 'privacy-export', data.email),
          JSON.stringify(data, null, 2),
          'application/json',
        );
        notifySuccess(`Exported ${data.enquiries.length} enquiries and ${data.mails.length} mails`);
        await history.refetch();
      },
      onError: (failure) => notifyError(errorMessage(failure)),
    }),
  );
  const erase = useMutation(
    trpc.leads.eraseByEmail.mutationOptions({
      onSuccess: async (result) => {
        setErasing(false);
        setUnderstood(false);
        notifySuccess(`Erased ${result.leads} enquiries and ${result.mails} mails`);
        await Promise.all([history.refetch(), leadsChanged()]);
      },
      onError: (failure) => notifyError(errorMessage(failure)),
    }),
  );

  return (
    <Stack gap="lg">
      <Text maw={720}>
        When someone asks what we store about them, export it and send them the file. When they ask to be forgotten,
        erase it: their enquiries keep only what the counts need (form, country, status, dates) and every mail to or
        about them is deleted. Leads are also anonymised on their own once they are older than the retention period.
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
      <ConfirmModal
        opened={erasing}
        onClose={() => setErasing(false)}
        title="Erase everything about this address?"
        confirmLabel="Erase"
        color="red.8"
        disabled={!understood}
        confirming={erase.isPending}
        onConfirm={() => erase.mutate({ email: email.trim(), confirm: true })}
      >
        <Stack gap="md">
          <Text>
            Every enquiry, note and mail of <strong>{email.trim()}</strong> is removed. This cannot be undone.
          </Text>
          <Checkbox
            label="I understand that this cannot be undone"
            checked={understood}
            onChange={(event) => setUnderstood(event.currentTarget.checked)}
          />
        </Stack>
      </ConfirmModal>
      <section aria-labelledby="privacy-history">
        <Title order={2} size="h4" id="privacy-history" mb="xs">
          Requests acted on
        </Title>
        <DataTable
          label="Exports and erasures, newest first"
          columns={HISTORY_COLUMNS}
          {...listRows(history)}
          rowKey={(row) => row.id}
          empty="No request acted on yet."
        />
      </section>
    </Stack>
  );
}
