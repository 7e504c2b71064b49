import { Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { WEBHOOK_HEADERS } from '../../../../../shared/webhooks.js';
import { useTrpc, useTrpcClient } from '../../../trpc.js';
import { ConfirmDelete, useConfirmedDelete } from '../../ui/ConfirmDelete.js';
import { DataTable, listRows } from '../../ui/DataTable.js';
import { Deliveries } from './WebhookDeliveries.js';
import { useWebhookColumns, type Hook } from './webhook-columns.js';
import { WebhookForm } from './WebhookForm.js';

/**
 * Webhooks (ADMIN): per country, a URL that receives each new lead as signed JSON (for a CRM or a chat channel),
 * and the log of every delivery with its attempts.
 */
export function WebhooksScreen() {
  const trpc = useTrpc();
  const hooks = useQuery(trpc.webhooks.list.queryOptions());
  const [editing, setEditing] = useState<Hook | null>(null);
  const { webhooks } = useTrpcClient();
  const removal = useConfirmedDelete({
    remove: (hook: Hook) => webhooks.remove.mutate({ country_id: hook.country_id }),
    onDone: () => hooks.refetch(),
  });
  const askToRemove = removal.ask;
  const hookColumns = useWebhookColumns(setEditing, askToRemove);
  return (
    <Stack gap="lg">
      <Text maw={760}>
        Each new enquiry, appointment request or OSHC request of a country is sent as JSON to its webhook, signed with
        its secret: the <code>{WEBHOOK_HEADERS.signature}</code> header is <code>sha256=</code> and the HMAC-SHA256 of{' '}
        <code>{'<timestamp>.<body>'}</code>, the timestamp is in <code>{WEBHOOK_HEADERS.timestamp}</code> and the
        delivery&apos;s id in <code>{WEBHOOK_HEADERS.id}</code> (the same on every retry).
      </Text>
      <DataTable
        label="Webhooks per country"
        columns={hookColumns}
        {...listRows(hooks)}
        rowKey={(hook) => hook.country_id}
      />
      {editing ? (
        <WebhookForm
          hook={editing}
          onClose={() => setEditing(null)}
          onSaved={async () => {
            setEditing(null);
            await hooks.refetch();
          }}
        />
      ) : null}
      <ConfirmDelete
        {...removal.dialog}
        what={`The webhook of ${removal.item?.country_name ?? ''}: its new leads are no longer sent.`}
      />
      <Deliveries />
    </Stack>
  );
}
