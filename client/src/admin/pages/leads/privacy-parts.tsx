import { Checkbox, Stack, Text, Title } from '@mantine/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { notifyError, notifySuccess } from '../../../notify.js';
import { useTrpc, type ApiOutputs } from '../../../trpc.js';
import { countOf } from '../../../../../shared/words.js';
import { ConfirmModal } from '../../ui/ConfirmModal.js';
import { datedFileName, downloadText } from '../../ui/csv.js';
import { DataTable, listRows } from '../../ui/DataTable.js';
import { errorMessage } from '../../ui/errors.js';
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

/** Every export and erasure, newest first (without the address). */
export function PrivacyHistory() {
  const trpc = useTrpc();
  const history = useQuery(trpc.leads.privacyRequests.queryOptions());
  return (
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
  );
}

/** Exporting what is stored about an address: the JSON file is downloaded, and the request recorded. */
export function useVisitorExport() {
  const trpc = useTrpc();
  const leadsChanged = useLeadsChanged();
  return useMutation(
    trpc.leads.exportByEmail.mutationOptions({
      onSuccess: async (data) => {
        const json = JSON.stringify(data, null, 2);
        downloadText(datedFileName('json', 'privacy-export', data.email), json, 'application/json');
        notifySuccess(
          `Exported ${countOf(data.enquiries.length, 'enquiry')} and ${countOf(data.mails.length, 'mail')}`,
        );
        await leadsChanged();
      },
      onError: (failure) => notifyError(errorMessage(failure)),
    }),
  );
}

/** Erasing what is stored about `email`, once the staff member has ticked that it cannot be undone. */
export function EraseDialog({ email, opened, onClose }: { email: string; opened: boolean; onClose: () => void }) {
  const trpc = useTrpc();
  const leadsChanged = useLeadsChanged();
  const [understood, setUnderstood] = useState(false);
  const erase = useMutation(
    trpc.leads.eraseByEmail.mutationOptions({
      onSuccess: async (result) => {
        onClose();
        setUnderstood(false);
        notifySuccess(`Erased ${countOf(result.leads, 'enquiry')} and ${countOf(result.mails, 'mail')}`);
        await leadsChanged();
      },
      onError: (failure) => notifyError(errorMessage(failure)),
    }),
  );
  return (
    <ConfirmModal
      opened={opened}
      onClose={onClose}
      title="Erase everything about this address?"
      confirmLabel="Erase"
      color="red.8"
      disabled={!understood}
      confirming={erase.isPending}
      onConfirm={() => erase.mutate({ email: email, confirm: true })}
    >
      <Stack gap="md">
        <Text>
          Every enquiry, note and mail of <strong>{email}</strong> is removed. This cannot be undone.
        </Text>
        <Checkbox
          label="I understand that this cannot be undone"
          checked={understood}
          onChange={(event) => setUnderstood(event.currentTarget.checked)}
        />
      </Stack>
    </ConfirmModal>
  );
}
