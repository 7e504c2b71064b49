import type { FastifyInstance } from 'fastify';
import type { MailPurpose } from '../../shared/mail.js';

/** The stored mails of one purpose, with what tests read of them, in the order asked for. */
export function storedMails(
  app: FastifyInstance,
  purpose: MailPurpose,
  orderBy: 'id' | 'subject' | 'to_address' = 'id',
) {
  return app.db
    .selectFrom('mails')
    .select(['to_address', 'reply_to', 'subject', 'text_body', 'html_body', 'calendar', 'country_id', 'message_id'])
    .where('purpose', '=', purpose)
    .orderBy(orderBy)
    .execute();
}
