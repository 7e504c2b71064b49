/*
 * Reads the body of a mail posted to the reply address, on a worker thread (decision 060): a 10 MB message, or one
 * built to be slow, costs this thread, never the server's. Run by Piscina from inbound-mail-reader.ts; the file
 * imports only packages, so Node runs it as it is, from the source (types stripped) or built.
 */
import { convert } from 'html-to-text';
import { simpleParser } from 'mailparser';

/** What the worker is asked: the raw message, and whether only its calendar parts matter. */
export interface ReadRequest {
  raw: Uint8Array;
  calendarsOnly: boolean;
}

/** What a mail says, as far as an answer needs it. */
export interface MailBody {
  /** The text the writer sees (an HTML-only mail's, converted), at most TEXT_MAX characters. */
  text: string;
  /** Its calendar parts (text/calendar or application/ics), each at most CALENDAR_MAX bytes, at most three. */
  calendars: string[];
}

/** Enough for what a visitor writes above what they answer: the rest is the quoted thread. */
const TEXT_MAX = 50_000;
/** HTML read for an HTML-only mail's text: the answer is at its top, whatever the quoted thread below weighs. */
const HTML_MAX = 200_000;
const CALENDAR_MAX = 100_000;
const CALENDARS_MAX = 3;
/** MIME boundaries a mail may hold: a real one has a few dozen parts, a hostile one hundreds of thousands. */
const DELIMITERS_MAX = 1_000;

/** Counts the lines that may open a MIME part ("--boundary"), stopping past the bound. */
function tooManyParts(raw: Buffer): boolean {
  let count = 0;
  for (let at = raw.indexOf('\n--'); at !== -1; at = raw.indexOf('\n--', at + 3)) {
    if (++count > DELIMITERS_MAX) return true;
  }
  return false;
}

export default async function readMailBody({ raw, calendarsOnly }: ReadRequest): Promise<MailBody> {
  const message = Buffer.from(raw.buffer, raw.byteOffset, raw.byteLength);
  if (tooManyParts(message)) throw new Error(`It has more than ${DELIMITERS_MAX} MIME parts`);
  const mail = await simpleParser(message, {
    // Converting the HTML of the whole mail took 16 s for 10 MB; only its top is converted, below.
    skipHtmlToText: true,
    skipTextToHtml: true,
    skipTextLinks: true,
    skipImageLinks: true,
    keepCidLinks: true,
    checksumAlgo: false,
  });
  const calendars = mail.attachments
    .filter((part) => /^(text\/calendar|application\/ics)$/i.test(part.contentType))
    .filter((part) => part.content.length <= CALENDAR_MAX)
    .slice(0, CALENDARS_MAX)
    .map((part) => part.content.toString('utf8'));
  if (calendarsOnly) return { text: '', calendars };
  const html = typeof mail.html === 'string' ? mail.html : '';
  const text = mail.text?.trim() ? mail.text : html && convert(html.slice(0, HTML_MAX), { wordwrap: false });
  return { text: text.slice(0, TEXT_MAX), calendars };
}
