import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyPluginCallback, FastifyReply, FastifyRequest } from 'fastify';
import type { InboundMail } from '../config.js';
import { securityEvent } from '../http/security-events.js';
import { createMailReader, MailReaderBusy, UnreadableMail } from './inbound-mail-reader.js';
import { recordAnswer } from './lead-answers.js';

/** A mail with its attachments: what a provider posts is refused above this (413). */
export const INBOUND_MAIL_MAX_BYTES = 10 * 1024 * 1024;

/** The secret a request carries: `Authorization: Bearer <secret>`, or Basic with it as the password. */
function secretOf(header: string | undefined): string | null {
  const [scheme, value] = (header ?? '').split(' ', 2);
  if (!value) return null;
  if (scheme?.toLowerCase() === 'bearer') return value;
  if (scheme?.toLowerCase() !== 'basic') return null;
  const decoded = Buffer.from(value, 'base64').toString('utf8');
  return decoded.slice(decoded.indexOf(':') + 1);
}

/** Compared as digests, so neither the length nor the content of the secret shows in the time taken. */
const digest = (text: string) => createHash('sha256').update(text).digest();

/**
 * POST /api/inbound-mail (decision 053): the mail provider posts each mail that reached the reply address, as the
 * raw message (`Content-Type: message/rfc822`), with the shared secret. Answers are kept in their lead; anything else
 * is answered 200 with `recorded: false`, so the provider does not post it again. Without REPLY_ADDRESS and
 * INBOUND_MAIL_SECRET it answers 404, saying so (a provider's test post tells the operator what is missing).
 * A mail that cannot be read is refused 406, which providers take as "do not post again"; while too many mails are
 * being read, 503 asks for it later (decision 060).
 */
export const inboundMailRoutes: FastifyPluginCallback<{
  inbound: InboundMail | undefined;
  publicUrl: string;
  timeZone: string;
}> = (app, { inbound, publicUrl, timeZone }, done) => {
  const expected = inbound && digest(inbound.secret);
  const reader = createMailReader();
  app.addHook('onClose', () => reader.close());
  app.addContentTypeParser(
    'message/rfc822',
    { parseAs: 'buffer', bodyLimit: INBOUND_MAIL_MAX_BYTES },
    (_r, body, done) => done(null, body),
  );
  // Who posts is checked before the body is read: without the secret, nobody makes the server take in 10 MB.
  const allowed = async (request: FastifyRequest, reply: FastifyReply) => {
    if (!expected) {
      return reply.code(404).send({ error: 'Not Found', message: 'REPLY_ADDRESS and INBOUND_MAIL_SECRET are not set' });
    }
    const given = secretOf(request.headers.authorization);
    if (given === null || !timingSafeEqual(digest(given), expected)) {
      securityEvent(request.log, 'unauthenticated', { ip: request.ip, route: 'inbound-mail' });
      return reply.code(401).send({ error: 'Unauthorized', message: 'The inbound mail secret is missing or wrong' });
    }
  };
  app.post('/api/inbound-mail', { bodyLimit: INBOUND_MAIL_MAX_BYTES, onRequest: allowed }, async (request, reply) => {
    if (!Buffer.isBuffer(request.body) || request.body.length === 0) {
      return reply
        .code(415)
        .send({ error: 'Unsupported Media Type', message: 'Post the raw message as message/rfc822' });
    }
    // (Set: without it, `allowed` answered 404.)
    const { address, secret, authservId } = inbound!;
    const notice = { queueMail: app.queueMail, publicUrl, replyAddress: address, secret, authservId, timeZone };
    try {
      const outcome = await recordAnswer(app.db, request.body, notice, reader);
      request.log.info({ inboundMail: outcome }, 'inbound mail read');
      return outcome;
    } catch (error) {
      if (error instanceof UnreadableMail) {
        request.log.warn({ err: error.cause ?? error }, 'inbound mail unreadable');
        return reply.code(406).send({ error: 'Not Acceptable', message: error.message });
      }
      if (error instanceof MailReaderBusy) {
        return reply
          .code(503)
          .header('retry-after', '60')
          .send({ error: 'Service Unavailable', message: error.message });
      }
      throw error;
    }
  });
  done();
};
