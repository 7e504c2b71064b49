import { z } from 'zod';
import { enumeration } from './enumeration.js';
import { paginateInput } from './pagination.schema.js';

/** What a stored mail is for (decision 029). */
export const [MAIL_PURPOSES, MAIL_PURPOSE_LABELS] = enumeration({
  LEAD_NOTIFICATION: 'New lead (to staff)',
  VISITOR_CONFIRMATION: 'Confirmation (to visitor)',
  FOLLOW_UP_REMINDER: 'Follow-up reminder',
  // Written by a staff member in the Enquiries inbox (decision 046).
  LEAD_REPLY: 'Reply (to visitor)',
  // The morning before an appointment arranged on a lead (decision 049).
  APPOINTMENT_REMINDER: 'Appointment reminder (to visitor)',
  // When staff arrange, move or call off an appointment, with a calendar invitation (decision 050).
  APPOINTMENT_INVITATION: 'Appointment invitation (to visitor)',
  // The visitor answered, or declined the appointment, and waits for their counsellor (decision 054).
  ANSWER_NOTICE: "Visitor's answer (to staff)",
});
export type MailPurpose = (typeof MAIL_PURPOSES)[number];

/**
 * Where a stored mail is: QUEUED until its job runs (or while it is retried), SENT once the SMTP server accepted it,
 * KEPT when no SMTP server is set (it stays in the Outbox), FAILED when every retry failed.
 */
export const [MAIL_STATUSES, MAIL_STATUS_LABELS] = enumeration({
  QUEUED: 'Queued',
  SENT: 'Sent',
  KEPT: 'Kept',
  FAILED: 'Failed',
});
export type MailStatus = (typeof MAIL_STATUSES)[number];

/** The Outbox's filter: every mail the caller may see, or those of one status. */
export const outboxArgs = z.object({
  status: z
    .enum(MAIL_STATUSES)
    .nullish()
    .transform((value) => value ?? null),
  paginate: paginateInput,
});
export type OutboxArgs = z.output<typeof outboxArgs>;
