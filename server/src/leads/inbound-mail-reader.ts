import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { simpleParser, type AddressObject } from 'mailparser';
import { Piscina } from 'piscina';
import type { MailBody, ReadRequest } from './inbound-mail.worker.js';

export type { MailBody } from './inbound-mail.worker.js';

/*
 * How a mail posted to the reply address is read (decision 060). Its header, bounded, is read here: it names the
 * mails it answers, and most mail that reaches the address (spam, forwards) answers none of ours and costs nothing
 * more. A body is read only for a mail that answers one of ours, or may carry a calendar's answer, and on a worker
 * thread with a bounded queue, a time limit and a memory limit, so the server answers everyone else meanwhile.
 */

/** A header this long is not a mail program's (theirs are a few kilobytes). */
const HEADER_MAX = 64 * 1024;
/** How long a body may take, from the post: past it the provider is asked to post again later. */
const READ_TIMEOUT_MS = 20_000;

/** A mail that cannot be read, whatever the time: the provider should not post it again. */
export class UnreadableMail extends Error {}
/** Too many mails are being read: the provider should post this one again later. */
export class MailReaderBusy extends Error {}

/** What a mail's header says, as far as an answer needs it. */
export interface MailHeader {
  messageId: string | undefined;
  /** The Message-IDs it answers: In-Reply-To first, then References newest first. */
  answers: string[];
  from: string | undefined;
  replyTo: string | undefined;
  subject: string;
  /** Where it was sent: its To and Cc, and what the receiving server says it was delivered to. */
  recipients: string[];
  /** Its Authentication-Results headers, top first (the receiving server's own is the topmost, decision 062). */
  authenticationResults: string[];
}

/** Where the header ends: after its blank line, or the whole message when it has no body. */
function headerEnd(raw: Buffer): number {
  const crlf = raw.indexOf('\r\n\r\n');
  const lf = raw.indexOf('\n\n');
  const ends = [crlf === -1 ? -1 : crlf + 4, lf === -1 ? -1 : lf + 2].filter((end) => end !== -1);
  return ends.length > 0 ? Math.min(...ends) : raw.length;
}

export async function readHeader(raw: Buffer): Promise<MailHeader> {
  const end = headerEnd(raw);
  if (end > HEADER_MAX)
    throw new UnreadableMail(`The message could not be read: its header is longer than ${HEADER_MAX / 1024} KB`);
  const mail = await simpleParser(raw.subarray(0, end), { skipHtmlToText: true, skipTextToHtml: true });
  return {
    messageId: mail.messageId,
    answers: [mail.inReplyTo, ...[mail.references ?? []].flat().reverse()].filter((id): id is string => Boolean(id)),
    from: firstAddress(mail.from),
    replyTo: firstAddress(mail.replyTo),
    subject: mail.subject ?? '',
    recipients: [
      ...[mail.to ?? [], mail.cc ?? []].flat().flatMap((object) => object.value),
      ...headerValues(mail.headerLines, ['delivered-to', 'x-original-to']).map((address) => ({ address })),
    ]
      .map((address) => address.address?.trim().toLowerCase())
      .filter((address): address is string => Boolean(address)),
    authenticationResults: headerValues(mail.headerLines, ['authentication-results']),
  };
}

/** The values of the header lines named `keys`, top first, unfolded. */
function headerValues(lines: readonly { key: string; line: string }[], keys: string[]): string[] {
  return lines
    .filter((line) => keys.includes(line.key))
    .map((line) =>
      line.line
        .slice(line.line.indexOf(':') + 1)
        .replace(/\r?\n[ \t]+/g, ' ')
        .trim(),
    );
}

function firstAddress(field: AddressObject | AddressObject[] | undefined): string | undefined {
  const addresses = [field ?? []].flat().flatMap((object) => object.value);
  return addresses.find((address) => address.address)?.address?.toLowerCase();
}

/**
 * Whether a mail may carry a calendar part: its Content-Type names one. Looked for as mail programs write it, as
 * bytes (a case-blind pattern over 10 MB took 33 ms of the server's thread; this takes 1 ms).
 */
export function mayCarryCalendar(raw: Buffer): boolean {
  return ['text/calendar', 'TEXT/CALENDAR', 'Text/Calendar', 'application/ics', 'APPLICATION/ICS'].some((type) =>
    raw.includes(type),
  );
}

export interface MailReader {
  /** The body of a mail; only its calendar parts when that is all that matters. */
  readBody(raw: Buffer, calendarsOnly: boolean): Promise<MailBody>;
  close(): Promise<void>;
}

/** The worker file beside this one: the source's when run from the source, the built one when built. */
const workerFile = fileURLToPath(new URL(`./inbound-mail.worker${path.extname(import.meta.url)}`, import.meta.url));

/**
 * One worker thread (the machine's other core serves visitors), started on the first body and stopped when idle;
 * sixteen mails wait their turn and more are refused for later.
 */
export function createMailReader(): MailReader {
  let pool: Piscina<ReadRequest, MailBody> | undefined;
  return {
    async readBody(raw, calendarsOnly) {
      pool ??= new Piscina({
        filename: workerFile,
        minThreads: 0,
        maxThreads: 1,
        maxQueue: 16,
        idleTimeout: 30_000,
        resourceLimits: { maxOldGenerationSizeMb: 256, stackSizeMb: 4 },
      });
      try {
        return await pool.run(
          { raw: new Uint8Array(raw.buffer, raw.byteOffset, raw.byteLength), calendarsOnly },
          { signal: AbortSignal.timeout(READ_TIMEOUT_MS) },
        );
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        if (/queue is at limit/i.test(message) || (error instanceof Error && error.name === 'AbortError')) {
          throw new MailReaderBusy('Too many mails are being read: post it again later', { cause: error });
        }
        // Our own refusals say why; the parser's and the thread's (a stack or memory limit reached) only that.
        const why = message.startsWith('It has') ? message : 'its MIME structure is broken or too deep';
        throw new UnreadableMail(`The message could not be read: ${why}`, { cause: error });
      }
    },
    async close() {
      await pool?.destroy();
    },
  };
}
