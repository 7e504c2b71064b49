import EmailReplyParser from 'email-reply-parser';
import type { Kysely } from 'kysely';
import { simpleParser, type AddressObject } from 'mailparser';
import { LEAD_KINDS, type LeadKind } from '../../../shared/leads.js';
import { inTransaction } from '../db/transaction.js';
import type { DB } from '../db/schema.js';
import * as repository from './leads.repository.js';

/*
 * Visitors' answers come back into their lead (decision 053). A reply from the inbox names the site's reply address
 * beside its writer's; the mail provider posts what arrives there, as the raw message, to POST /api/inbound-mail.
 * An answer is matched to the lead by the mail it answers (In-Reply-To, else References): every mail about a lead
 * carries a Message-ID of our own, a random one, and its key names the lead. Nothing else is believed: a mail that
 * answers none of them is not kept.
 */

/** The most of an answer kept: as much as a reply may hold. Longer ones are cut (the writer has the whole mail). */
export const LEAD_ANSWER_MAX = 10_000;

/** What became of a posted mail. */
export type InboundOutcome =
  | { recorded: true; enquiry_id: number }
  | { recorded: false; reason: 'NOT_AN_ANSWER' | 'LEAD_ANONYMISED' | 'ALREADY_RECORDED' };

const LEAD_KEY = new RegExp(`^lead:(${LEAD_KINDS.join('|')}):(\\d+):`);

/** Reads a raw message (RFC 5322) and keeps it in its lead when it answers one of the lead's mails. */
export async function recordAnswer(db: Kysely<DB>, raw: Buffer): Promise<InboundOutcome> {
  const mail = await simpleParser(raw, { skipImageLinks: true, skipTextLinks: true, keepCidLinks: false });
  const answered = await answeredMail(db, [mail.inReplyTo, ...[mail.references ?? []].flat().reverse()]);
  const key = answered && LEAD_KEY.exec(answered.dedupe_key);
  if (!answered || !key) return { recorded: false, reason: 'NOT_AN_ANSWER' };
  const [, kind, entryId] = key as unknown as [string, LeadKind, string];
  const from = firstAddress(mail.replyTo) ?? firstAddress(mail.from) ?? '';
  const text = visibleText(mail.text ?? '');
  return inTransaction(db, async (trx) => {
    const lead = await trx
      .selectFrom('leads')
      .select(['id', 'email_address'])
      .where('kind', '=', kind)
      .where('entry_id', '=', Number(entryId))
      .forUpdate()
      .executeTakeFirst();
    // An anonymised lead keeps nothing of the visitor's (its mails, and so this one, are gone already).
    if (!lead || lead.email_address === '') return { recorded: false, reason: 'LEAD_ANONYMISED' } as const;
    const stored = await trx
      .insertInto('lead_answers')
      .values({
        lead_id: lead.id,
        answered_mail_id: answered.id,
        // A message without one (rare) is keyed by what it says, so the provider's second post is still one answer.
        message_id: mail.messageId ?? `${from}:${mail.subject ?? ''}:${text}`.slice(0, 500),
        from_address: from,
        subject: oneLine(mail.subject ?? ''),
        text,
      })
      .onConflict((conflict) => conflict.constraint('lead_answers_message').doNothing())
      .returning('id')
      .executeTakeFirst();
    if (!stored) return { recorded: false, reason: 'ALREADY_RECORDED' } as const;
    await repository.insertEvents(trx, [
      { lead_id: lead.id, actor_id: null, kind: 'ANSWER', to_value: oneLine(mail.subject ?? '').slice(0, 120) },
    ]);
    await trx.updateTable('leads').set({ updated_at: new Date() }).where('id', '=', lead.id).execute();
    return { recorded: true, enquiry_id: lead.id } as const;
  });
}

/** The newest of our mails about a lead among the Message-IDs an answer names. */
function answeredMail(db: Kysely<DB>, messageIds: (string | undefined)[]) {
  const named = [...new Set(messageIds.filter((id): id is string => Boolean(id)))].slice(0, 50);
  if (named.length === 0) return Promise.resolve(undefined);
  return db
    .selectFrom('mails')
    .select(['id', 'dedupe_key'])
    .where('message_id', 'in', named)
    .where('dedupe_key', 'like', 'lead:%')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

function firstAddress(field: AddressObject | AddressObject[] | undefined): string | undefined {
  const addresses = [field ?? []].flat().flatMap((object) => object.value);
  return addresses.find((address) => address.address)?.address?.toLowerCase();
}

const oneLine = (text: string) => text.replace(/\s+/g, ' ').trim();

/**
 * What the visitor wrote above the mail they answer (quoted lines, "On … wrote:" and signatures below it left out),
 * or all of it when nothing is left; at most LEAD_ANSWER_MAX characters, cut before reading (the reader's patterns
 * take longer the longer the text).
 */
function visibleText(text: string): string {
  const bounded = text.replace(/\r\n/g, '\n').slice(0, LEAD_ANSWER_MAX);
  const visible = new EmailReplyParser().parseReply(bounded).trim();
  return visible || bounded.trim();
}
