import { Alert, Stack } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { MAIL_PURPOSE_LABELS, type MailStatus } from '../../../../shared/mail.js';
import { MAIL_STATUS_DOTS } from './mail-statuses.js';
import { useTrpc } from '../../trpc.js';
import { columnsOf, formatWhen, OpenCell, StatusDot } from '../ui/list-cells.js';
import { LIVE_LOG, LogTable, useLog } from '../ui/list-log.js';
import { MailReader, type Mail } from './MailReader.js';

/**
 * Outbox: every mail the site sent or will send, newest first. Without an SMTP server (the embedded default) mails
 * are kept here instead of sent, so staff can see exactly what would go out.
 */
export function OutboxScreen() {
  const trpc = useTrpc();
  const log = useLog<MailStatus>();
  const [reading, setReading] = useState<Mail | null>(null);
  const list = useQuery({ ...trpc.mail.outbox.queryOptions(log.args), ...LIVE_LOG });
  const columns = useMemo(
    () =>
      columnsOf<Mail>({
        'Queued at': (mail) => formatWhen(mail.created_at),
        To: (mail) => mail.to_address,
        // The start of the body, so staff find a mail without opening each one.
        Subject: (mail) => (
          <OpenCell onOpen={() => setReading(mail)} detail={mail.text_body}>
            {mail.subject}
          </OpenCell>
        ),
        Kind: (mail) => MAIL_PURPOSE_LABELS[mail.purpose],
        Country: (mail) => mail.country_name ?? '',
        Status: (mail) => <StatusDot statuses={MAIL_STATUS_DOTS} status={mail.status} />,
      }),
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
      <LogTable
        log={log}
        statuses={MAIL_STATUS_DOTS}
        label="Mails, newest first"
        empty="No mails yet. Each new enquiry sends staff a notification and the visitor a confirmation; those, replies written in the Enquiries inbox and follow-up reminders are listed here."
        noun="mail"
        columns={columns}
        list={list}
      />
      {reading ? <MailReader mail={reading} onClose={() => setReading(null)} /> : null}
    </Stack>
  );
}
