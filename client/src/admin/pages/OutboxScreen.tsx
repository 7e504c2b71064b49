import { Alert, Anchor, Badge, Select, Stack, Text } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { createColumnHelper } from '@tanstack/react-table';
import { useMemo, useState } from 'react';
import { MAIL_PURPOSE_LABELS, MAIL_STATUS_LABELS, MAIL_STATUSES, type MailStatus } from '../../../../shared/mail.js';
import { useTrpc, type ApiOutputs } from '../../trpc.js';
import { AdminModal } from '../ui/AdminModal.js';
import { DataTable, pagedRows, usePaging } from '../ui/DataTable.js';
import { formatWhen, WHOLE_WORD } from './leads/lead-parts.js';

type Mail = ApiOutputs['mail']['outbox']['data'][number];

// The dot carries the colour; the text stays the page's, for contrast on any row.
const STATUS_COLORS: Record<MailStatus, string> = {
  QUEUED: 'yellow',
  SENT: 'green',
  KEPT: 'blue',
  FAILED: 'red',
};
const column = createColumnHelper<Mail>();

/**
 * Outbox: every mail the site sent or will send, newest first. Without an SMTP server (the embedded default) mails
 * are kept here instead of sent, so staff can see exactly what would go out.
 */
export function OutboxScreen() {
  const trpc = useTrpc();
  const paging = usePaging(10);
  const [status, setStatus] = useState<MailStatus | null>(null);
  const [reading, setReading] = useState<Mail | null>(null);
  const list = useQuery({
    ...trpc.mail.outbox.queryOptions({ status, paginate: paging.paging }),
    placeholderData: keepPreviousData,
    // Queued mails change status within seconds.
    refetchInterval: 15_000,
  });
  const columns = useMemo(
    () => [
      column.accessor('created_at', { header: 'Queued at', cell: (info) => formatWhen(info.getValue()) }),
      column.accessor('to_address', { header: 'To' }),
      column.accessor('subject', {
        header: 'Subject',
        cell: (info) => (
          <Stack gap={2} maw={420}>
            <Anchor component="button" type="button" ta="left" onClick={() => setReading(info.row.original)}>
              {info.getValue()}
            </Anchor>
            {/* The start of the body, so staff find a mail without opening each one. */}
            <Text size="xs" c="dimmed" lineClamp={2}>
              {info.row.original.text_body}
            </Text>
          </Stack>
        ),
      }),
      column.accessor('purpose', { header: 'Kind', cell: (info) => MAIL_PURPOSE_LABELS[info.getValue()] }),
      column.accessor((mail) => mail.country_name ?? '', { id: 'country', header: 'Country' }),
      column.accessor('status', {
        header: 'Status',
        cell: (info) => (
          <Badge color={STATUS_COLORS[info.getValue()]} variant="dot" styles={WHOLE_WORD}>
            {MAIL_STATUS_LABELS[info.getValue()]}
          </Badge>
        ),
      }),
    ],
    [],
  );
  const kept = list.data?.data.some((mail) => mail.status === 'KEPT');
  return (
    <Stack gap="md">
      {kept ? (
        <Alert color="blue" icon={<IconInfoCircle size={18} aria-hidden />} title="Mail is kept, not sent">
          No SMTP server is set (SMTP_URL), so mails wait here. Set it and new mails are sent as they are queued.
        </Alert>
      ) : null}
      <Select
        label="Status"
        placeholder="Any status"
        clearable
        w={220}
        data={MAIL_STATUSES.map((value) => ({ value, label: MAIL_STATUS_LABELS[value] }))}
        value={status}
        onChange={(value) => {
          setStatus(value);
          paging.reset();
        }}
      />
      <DataTable
        label="Mails, newest first"
        columns={columns}
        {...pagedRows(list)}
        paging={paging}
        rowKey={(mail) => mail.id}
      />
      {reading ? (
        <AdminModal opened onClose={() => setReading(null)} title={reading.subject}>
          <Stack gap="xs">
            <Text size="sm">
              <strong>To:</strong> {reading.to_address}
            </Text>
            <Text size="sm">
              <strong>Status:</strong> {MAIL_STATUS_LABELS[reading.status]}
              {reading.sent_at ? ` (sent ${formatWhen(reading.sent_at)})` : ''}
              {reading.attempts > 0 ? `, ${reading.attempts} attempt${reading.attempts === 1 ? '' : 's'}` : ''}
            </Text>
            {reading.last_error ? (
              <Alert color="red" title="Last error">
                {reading.last_error}
              </Alert>
            ) : null}
            {/* The plain-text part: the HTML part says the same, and is never rendered here. */}
            <Text
              component="pre"
              size="sm"
              p="sm"
              bg="gray.0"
              style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', fontFamily: 'inherit' }}
            >
              {reading.text_body}
            </Text>
          </Stack>
        </AdminModal>
      ) : null}
    </Stack>
  );
}
