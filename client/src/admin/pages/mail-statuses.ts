import { MAIL_STATUS_LABELS, MAIL_STATUSES, type MailStatus } from '../../../../shared/mail.js';
import type { Statuses } from '../ui/list-cells.js';

/** Where a stored mail is, as a coloured dot: the Outbox and a lead's replies. */
export const MAIL_STATUS_DOTS: Statuses<MailStatus> = {
  values: MAIL_STATUSES,
  labels: MAIL_STATUS_LABELS,
  colors: { QUEUED: 'yellow', SENT: 'green', KEPT: 'blue', FAILED: 'red' },
};
