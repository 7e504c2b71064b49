/** What a stored mail is for (decision 029). */
export const MAIL_PURPOSES = ['LEAD_NOTIFICATION', 'VISITOR_CONFIRMATION', 'FOLLOW_UP_REMINDER'] as const;
export type MailPurpose = (typeof MAIL_PURPOSES)[number];

/**
 * Where a stored mail is: QUEUED until its job runs (or while it is retried), SENT once the SMTP server accepted it,
 * KEPT when no SMTP server is set (it stays in the Outbox), FAILED when every retry failed.
 */
export const MAIL_STATUSES = ['QUEUED', 'SENT', 'KEPT', 'FAILED'] as const;
export type MailStatus = (typeof MAIL_STATUSES)[number];
