import { Button, Group, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { WEBHOOK_HEADERS } from '../../../../../shared/webhooks.js';
import { useTrpc, useTrpcClient, type ApiOutputs } from '../../../trpc.js';
import { ConfirmDelete, useConfirmedDelete } from '../../ui/ConfirmDelete.js';
import { DataTable, listRows } from '../../ui/DataTable.js';
import { columnsOf } from '../../ui/list-cells.js';
import { Deliveries } from './WebhookDeliveries.js';
import { WebhookForm } from './WebhookForm.js';

export type Hook = ApiOutputs['webhooks']['list'][number];

/** A button whose words wrap in a narrow card (a phone) instead of being cut off. */
const WRAPPING = { root: { height: 'auto', minHeight: 30, paddingBlock: 4 }, label: { whiteSpace: 'normal' } } as const;

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
  const hookColumns = useMemo(
    () =>
      columnsOf<Hook>({
        Country: (hook) => hook.country_name,
        URL: (hook) => (
          <Text span inherit style={{ overflowWrap: 'anywhere' }} c={hook.url ? undefined : 'dimmed'}>
            {hook.url ?? 'None'}
          </Text>
        ),
        Secret: (hook) => hook.secret_hint ?? '',
        State: (hook) => (hook.url ? (hook.is_enabled ? 'On' : 'Off') : ''),
        Action: (hook) => (
          <Group gap="xs">
            <Button size="xs" variant="default" styles={WRAPPING} onClick={() => setEditing(hook)}>
              {hook.url ? `Edit ${hook.country_name}'s webhook` : `Add a webhook for ${hook.country_name}`}
            </Button>
            {hook.url ? (
              <Button size="xs" variant="default" c="red.8" onClick={() => askToRemove(hook)}>
                Remove
              </Button>
            ) : null}
          </Group>
        ),
      }),
    [askToRemove],
  );
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
