import { Anchor, Button, Group, Stack, Switch, Text, TextInput, Title } from '@mantine/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import {
  WEBHOOK_DELIVERY_STATUSES,
  WEBHOOK_HEADERS,
  WEBHOOK_SECRET_MIN,
  setWebhookInput,
  type WebhookDeliveryStatus,
} from '../../../../shared/webhooks.js';
import { useTrpc, useTrpcClient, type ApiOutputs } from '../../trpc.js';
import { SaveModal } from '../ui/FormModal.js';
import { ConfirmDelete, useConfirmedDelete } from '../ui/ConfirmDelete.js';
import { DataTable, listRows } from '../ui/DataTable.js';
import { columnsOf, formatWhen, StatusDot, type Statuses } from '../ui/list-cells.js';
import { LIVE_LOG, LogTable, useLog } from '../ui/list-log.js';

type Hook = ApiOutputs['webhooks']['list'][number];
type Delivery = ApiOutputs['webhooks']['deliveries']['data'][number];

const STATUSES: Statuses<WebhookDeliveryStatus> = {
  values: WEBHOOK_DELIVERY_STATUSES,
  labels: { PENDING: 'Pending', DELIVERED: 'Delivered', FAILED: 'Failed' },
  colors: { PENDING: 'yellow', DELIVERED: 'green', FAILED: 'red' },
};

/** A random secret for a new webhook: 32 bytes as hex, from the browser's cryptographic generator. */
function newSecret(): string {
  return [...crypto.getRandomValues(new Uint8Array(32))].map((byte) => byte.toString(16).padStart(2, '0')).join('');
}

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
          <Group gap="xs" wrap="nowrap">
            <Button size="xs" variant="default" onClick={() => setEditing(hook)}>
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

function WebhookForm({ hook, onClose, onSaved }: { hook: Hook; onClose: () => void; onSaved: () => Promise<void> }) {
  const trpc = useTrpc();
  const save = useMutation(trpc.webhooks.set.mutationOptions());
  return (
    <SaveModal
      title={`${hook.country_name}: webhook`}
      schema={setWebhookInput}
      initialValues={{ url: hook.url ?? '', secret: hook.url ? '' : newSecret(), is_enabled: hook.is_enabled ?? true }}
      // An empty secret keeps the one set.
      toInput={({ url, secret, is_enabled }) => ({
        country_id: hook.country_id,
        url,
        secret: secret.trim() || null,
        is_enabled,
      })}
      save={(input) => save.mutateAsync(input)}
      editing={Boolean(hook.url)}
      onClose={onClose}
      onSaved={onSaved}
    >
      {(form) => (
        <>
          <TextInput
            label="URL"
            placeholder="https://crm.example.com/hooks/leads"
            required
            {...form.getInputProps('url')}
          />
          <TextInput
            label="Secret"
            description={
              hook.url
                ? `Leave empty to keep the current secret (${hook.secret_hint ?? ''}).`
                : `Copy it into the receiver now: it is not shown again. At least ${WEBHOOK_SECRET_MIN} characters.`
            }
            {...form.getInputProps('secret')}
            rightSectionWidth={96}
            rightSection={
              <Anchor
                component="button"
                type="button"
                size="sm"
                onClick={() => form.setFieldValue('secret', newSecret())}
              >
                New secret
              </Anchor>
            }
          />
          <Switch label="Send new leads" {...form.getInputProps('is_enabled', { type: 'checkbox' })} />
        </>
      )}
    </SaveModal>
  );
}

const DELIVERY_COLUMNS = columnsOf<Delivery>({
  'Queued at': (delivery) => formatWhen(delivery.created_at),
  Country: (delivery) => delivery.country_name ?? '',
  'Delivery id': (delivery) => <code style={{ fontSize: 12 }}>{delivery.delivery_id}</code>,
  Status: (delivery) => <StatusDot statuses={STATUSES} status={delivery.status} />,
  Attempts: (delivery) => delivery.attempts,
  'Last answer': (delivery) =>
    delivery.last_error ?? (delivery.last_status_code ? `HTTP ${delivery.last_status_code}` : ''),
});

function Deliveries() {
  const trpc = useTrpc();
  const log = useLog<WebhookDeliveryStatus>();
  const list = useQuery({ ...trpc.webhooks.deliveries.queryOptions(log.args), ...LIVE_LOG });
  return (
    <section aria-labelledby="webhook-deliveries">
      <LogTable
        log={log}
        statuses={STATUSES}
        heading={
          <Title order={2} size="h4" id="webhook-deliveries">
            Deliveries
          </Title>
        }
        label="Webhook deliveries, newest first"
        columns={DELIVERY_COLUMNS}
        list={list}
      />
    </section>
  );
}
