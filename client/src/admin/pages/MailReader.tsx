import { Alert, Stack, Text } from '@mantine/core';
import { MAIL_STATUS_LABELS } from '../../../../shared/mail.js';
import { countOf } from '../../../../shared/words.js';
import type { ApiOutputs } from '../../trpc.js';
import { AdminModal } from '../ui/AdminModal.js';
import { formatWhen, WRITTEN } from '../ui/list-cells.js';

export type Mail = ApiOutputs['mail']['outbox']['data'][number];

/** One mail of the Outbox as it went (or will go) out: its address, status, calendar part and plain text. */
export function MailReader({ mail, onClose }: { mail: Mail; onClose: () => void }) {
  return (
    <AdminModal opened onClose={onClose} title={mail.subject}>
      <Stack gap="xs">
        <Text size="sm">
          <strong>To:</strong> {mail.to_address}
        </Text>
        <Text size="sm">
          <strong>Status:</strong> {MAIL_STATUS_LABELS[mail.status]}
          {mail.sent_at ? ` (sent ${formatWhen(mail.sent_at)})` : ''}
          {mail.attempts > 0 ? `, ${countOf(mail.attempts, 'attempt')}` : ''}
        </Text>
        {mail.calendar ? (
          <Text size="sm">
            <strong>Calendar:</strong>{' '}
            {/^METHOD:CANCEL/m.test(mail.calendar)
              ? 'a cancellation, which takes the appointment out of their calendar'
              : 'an invitation, which puts the appointment in their calendar'}
          </Text>
        ) : null}
        {mail.last_error ? (
          <Alert color="red" title="Last error">
            {mail.last_error}
          </Alert>
        ) : null}
        {/* The plain-text part: the HTML part says the same, and is never rendered here. */}
        <Text component="pre" size="sm" p="sm" bg="gray.0" style={{ ...WRITTEN, fontFamily: 'inherit' }}>
          {mail.text_body}
        </Text>
      </Stack>
    </AdminModal>
  );
}
