import { Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { WEBHOOK_DELIVERY_STATUSES, type WebhookDeliveryStatus } from '../../../../../shared/webhooks.js';
import { useTrpc, type ApiOutputs } from '../../../trpc.js';
import { columnsOf, formatWhen, StatusDot, type Statuses } from '../../ui/list-cells.js';
import { LIVE_LOG, LogTable, useLog } from '../../ui/list-log.js';

/** The log of every webhook delivery, with its attempts and the last answer. */

type Delivery = ApiOutputs['webhooks']['deliveries']['data'][number];

const STATUSES: Statuses<WebhookDeliveryStatus> = {
  values: WEBHOOK_DELIVERY_STATUSES,
  labels: { PENDING: 'Pending', DELIVERED: 'Delivered', FAILED: 'Failed' },
  colors: { PENDING: 'yellow', DELIVERED: 'green', FAILED: 'red' },
};

const DELIVERY_COLUMNS = columnsOf<Delivery>({
  'Queued at': (delivery) => formatWhen(delivery.created_at),
  Country: (delivery) => delivery.country_name ?? '',
  'Delivery id': (delivery) => <code style={{ fontSize: 12 }}>{delivery.delivery_id}</code>,
  Status: (delivery) => <StatusDot statuses={STATUSES} status={delivery.status} />,
  Attempts: (delivery) => delivery.attempts,
  'Last answer': (delivery) =>
    delivery.last_error ?? (delivery.last_status_code ? `HTTP ${delivery.last_status_code}` : ''),
});

export function Deliveries() {
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
        empty="No deliveries yet. Each new enquiry of a country with a webhook is sent to it and listed here."
        noun="delivery"
        columns={DELIVERY_COLUMNS}
        list={list}
      />
    </section>
  );
}
