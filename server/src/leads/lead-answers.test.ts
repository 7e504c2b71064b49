/**
 * Also run on PostgreSQL (decision 056): mails through the job queue.
 * @module-tag database-engine
 */
import { randomUUID } from 'node:crypto';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import type { FastifyInstance } from 'fastify';
import MailComposer from 'nodemailer/lib/mail-composer';
import type Mail from 'nodemailer/lib/mailer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildFormsTestApp, sendEnquiryLead } from '../../test/forms.js';
import { errorCode, gql, staffMember, trpcCall } from '../../test/graphql.js';
import { storedMails } from '../../test/mails.js';
import { startSmtpServer } from '../../test/smtp.js';
import { NO_REPLY_NEEDED_ONLY } from '../../../shared/leads.js';

const REPLY_ADDRESS = 'replies@in.horizon.example';
const SECRET = 'an-inbound-mail-secret-for-the-test-0123456789';
/** The receiving server whose verdicts the site believes (INBOUND_MAIL_AUTHSERV_ID). */
const AUTHSERV_ID = 'mx.in.horizon.example';

interface Lead {
  status: string;
  appointment_response: string | null;
  awaiting_reply_since: string | null;
  history: { kind: string; from_value: string | null; to_value: string | null; actor: { name: string } | null }[];
  answers: { from_address: string; subject: string; text: string; by_staff: boolean }[];
  answers_come_back: boolean;
}

/** A raw message as a mail program writes it. */
const compose = (mail: Mail.Options) => new MailComposer(mail).compile().build();

describe("visitors' answers come back into their lead (decision 053)", () => {
  let app: FastifyInstance;
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let nepal: Awaited<ReturnType<typeof staffMember>>;

  beforeAll(async () => {
    smtp = await startSmtpServer();
    app = await buildFormsTestApp({
      config: {
        mail: { smtpUrl: `smtp://127.0.0.1:${smtp.port}`, from: 'Horizon <no-reply@horizon.example>' },
        leads: {
          timeZone: 'Asia/Kathmandu',
          retentionMonths: 24,
          inbound: { address: REPLY_ADDRESS, secret: SECRET, authservId: AUTHSERV_ID },
        },
      },
    });
    nepal = await staffMember(app, { role: 'EDITOR', countryIds: [2], name: 'Anita Gurung' });
  });

  afterAll(async () => {
    await app?.close();
    await smtp?.close();
  });

  const post = (raw: Buffer, authorization = `Bearer ${SECRET}`, type = 'message/rfc822') =>
    app.inject({
      method: 'POST',
      url: '/api/inbound-mail',
      headers: { 'content-type': type, authorization },
      payload: raw,
    });
  const lead = async (id: number) => (await trpcCall<Lead>(app, 'leads.get', { id }, { token: nepal.token })).data!;

  /** Replies to a new lead from the inbox; answers the mail as the SMTP server received it. */
  async function replied(subject: string) {
    const id = await sendEnquiryLead(app, { first_name: 'Sita', email_address: `sita-${randomUUID()}@example.com` });
    const sent = await trpcCall(
      app,
      'leads.reply',
      { enquiry_id: id, key: randomUUID(), subject, text: 'Come on Sunday with your transcripts.' },
      { token: nepal.token, mutation: true },
    );
    expect(sent.error).toBeUndefined();
    await expect.poll(() => smtp.received.some((mail) => mail.raw.includes(subject)), { timeout: 20_000 }).toBe(true);
    const raw = smtp.received.find((mail) => mail.raw.includes(subject))!.raw;
    // Long headers are folded onto the next line.
    const headers = raw.slice(0, raw.indexOf('\r\n\r\n')).replace(/\r\n[ \t]+/g, ' ');
    return { id, messageId: /^Message-ID: (<[^>]+>)$/im.exec(headers)![1]!, headers };
  }

  it('names the reply address beside the writer as Reply-To, and keeps the answer to it without what it quotes', async () => {
    const { id, messageId, headers } = await replied('Nursing in Sydney');
    expect(headers).toMatch(new RegExp(`^Reply-To: .*@example\\.com, ${REPLY_ADDRESS}$`, 'm'));

    const answer = compose({
      from: 'Sita Sharma <Sita@Example.com>',
      to: REPLY_ADDRESS,
      subject: 'Re: Nursing in Sydney',
      inReplyTo: messageId,
      references: [messageId],
      messageId: `<${randomUUID()}@mail.example.com>`,
      text: 'Sunday works for me.\n\nOn Tue, 1 Dec 2026 at 10:00, Anita Gurung <anita@example.com> wrote:\n> Come on Sunday with your transcripts.\n',
    });
    const response = await post(await answer);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ recorded: true, enquiry_id: id });

    const detail = await lead(id);
    expect(detail.answers_come_back).toBe(true);
    expect(detail.answers).toEqual([
      expect.objectContaining({
        from_address: 'sita@example.com',
        subject: 'Re: Nursing in Sydney',
        text: 'Sunday works for me.',
      }),
    ]);
    expect(detail.history.at(-1)).toMatchObject({ kind: 'ANSWER', to_value: 'Re: Nursing in Sydney', actor: null });

    // The provider posts again when unsure it was taken: one answer, one line.
    expect((await post(await answer)).json()).toEqual({ recorded: false, reason: 'ALREADY_RECORDED' });
    const again = await lead(id);
    expect(again.answers).toHaveLength(1);
    expect(again.history.filter((event) => event.kind === 'ANSWER')).toHaveLength(1);
  });

  it('finds the answered mail through References when In-Reply-To is missing, and takes Basic credentials', async () => {
    const { id, messageId } = await replied('Visa documents');
    const answer = await compose({
      from: 'sita@example.com',
      to: REPLY_ADDRESS,
      subject: 'Re: Visa documents',
      references: [`<unknown-${randomUUID()}@elsewhere.example>`, messageId],
      html: '<p>Which <b>bank statement</b> do you need?</p>',
    });
    const basic = `Basic ${Buffer.from(`provider:${SECRET}`).toString('base64')}`;
    expect((await post(answer, basic)).json()).toEqual({ recorded: true, enquiry_id: id });
    expect((await lead(id)).answers[0]).toMatchObject({ text: 'Which bank statement do you need?' });
  });

  it('keeps nothing that answers none of our mails, and nothing for a lead whose visitor was removed', async () => {
    const stray = await compose({
      from: 'someone@example.com',
      to: REPLY_ADDRESS,
      subject: 'Hello',
      inReplyTo: `<${randomUUID()}@horizon.example>`,
      text: 'Buy now',
    });
    expect((await post(stray)).json()).toEqual({ recorded: false, reason: 'NOT_AN_ANSWER' });

    const { id, messageId } = await replied('Before the erasure');
    const first = compose({ from: 'sita@example.com', to: REPLY_ADDRESS, inReplyTo: messageId, text: 'Thanks!' });
    expect((await post(await first)).json()).toEqual({ recorded: true, enquiry_id: id });
    const admin = await staffMember(app, { role: 'ADMIN' });
    const email = (
      await app.db.selectFrom('leads').select('email_address').where('id', '=', id).executeTakeFirstOrThrow()
    ).email_address;
    const exported = await trpcCall<{ enquiries: { answers: { text: string }[] }[] }>(
      app,
      'leads.exportByEmail',
      { email },
      { token: admin.token, mutation: true },
    );
    expect(exported.data!.enquiries[0]!.answers.map((answer) => answer.text)).toEqual(['Thanks!']);
    const erased = await trpcCall(
      app,
      'leads.eraseByEmail',
      { email, confirm: true },
      { token: admin.token, mutation: true },
    );
    expect(erased.error).toBeUndefined();
    const left = await app.db.selectFrom('lead_answers').select('id').where('lead_id', '=', id).execute();
    expect(left).toEqual([]);
    const subjects = await app.db
      .selectFrom('lead_events')
      .select('to_value')
      .where('lead_id', '=', id)
      .where('kind', '=', 'ANSWER')
      .execute();
    expect(subjects).toEqual([{ to_value: null }]);
    // No one is left to reply to: the lead does not wait.
    expect(
      (await app.db.selectFrom('leads').select('awaiting_reply_since').where('id', '=', id).executeTakeFirstOrThrow())
        .awaiting_reply_since,
    ).toBeNull();
    // The mail it answered is gone with the lead's other mails: a late answer matches nothing.
    const late = compose({ from: 'sita@example.com', to: REPLY_ADDRESS, inReplyTo: messageId, text: 'One more thing' });
    expect((await post(await late)).json()).toEqual({ recorded: false, reason: 'NOT_AN_ANSWER' });
  });

  it('does not take a visitor posing as the office: a staff From answering their own confirmation (decision 062)', async () => {
    const email = `sita-${randomUUID()}@example.com`;
    const id = await sendEnquiryLead(app, { first_name: 'Sita', email_address: email });
    const confirmation = (await storedMails(app, 'VISITOR_CONFIRMATION')).find((mail) => mail.to_address === email);
    const { email: anita } = await app.db
      .selectFrom('staff_users')
      .select('email')
      .where('id', '=', nepal.id)
      .executeTakeFirstOrThrow();
    const forged = await compose({
      from: `Anita Gurung <${anita}>`,
      to: REPLY_ADDRESS,
      subject: 'Re: Your enquiry',
      inReplyTo: confirmation!.message_id,
      text: 'Your visa is approved, no documents needed.',
    });
    expect((await post(forged)).json()).toEqual({ recorded: false, reason: 'UNPROVEN_SENDER' });
    const detail = await lead(id);
    expect(detail.status).toBe('NEW');
    expect(detail.answers).toEqual([]);
    expect(detail.history.map((event) => event.kind)).not.toContain('REPLY');
    expect(detail.awaiting_reply_since).toBeNull();
  });

  describe('a visitor waiting for a reply (decision 054)', () => {
    const update = (input: Record<string, unknown>) =>
      trpcCall<Lead>(app, 'leads.update', input, { token: nepal.token, mutation: true });
    const toAnswer = async () =>
      (await trpcCall<number>(app, 'leads.toAnswerCount', null, { token: nepal.token })).data!;
    const waiting = async () =>
      (
        await trpcCall<{ data: { id: number }[] }>(
          app,
          'leads.list',
          { filter: { awaiting_reply: true }, paginate: { page: 1, perPage: 100 } },
          { token: nepal.token },
        )
      ).data!.data.map((row) => row.id);
    const answer = (messageId: string, text: string) =>
      compose({ from: 'sita@example.com', to: REPLY_ADDRESS, subject: 'Re: Waiting', inReplyTo: messageId, text });
    const emailOf = async (staffId: number) =>
      (await app.db.selectFrom('staff_users').select('email').where('id', '=', staffId).executeTakeFirstOrThrow())
        .email;
    const notices = async (to: string) =>
      (await storedMails(app, 'ANSWER_NOTICE')).filter((mail) => mail.to_address === to);

    it('waits from the first answer until staff reply, and tells the counsellor unless they wrote what was answered', async () => {
      const { id, messageId } = await replied('Waiting for Anita');
      const before = await toAnswer();
      expect((await lead(id)).awaiting_reply_since).toBeNull();

      expect((await post(await answer(messageId, 'Is Sunday still fine?'))).json()).toMatchObject({ recorded: true });
      // No one holds the lead yet: the branch's address, where it was announced, is told instead.
      const branchOfLead = app.db.selectFrom('leads').select('branch_id').where('id', '=', id);
      const branch = await app.db
        .selectFrom('branches')
        .select('email')
        .where('id', '=', branchOfLead)
        .executeTakeFirstOrThrow();
      const ofLead = (await notices(branch.email)).filter((mail) => mail.text_body.includes(`?lead=${id}\n`));
      expect(ofLead.map((mail) => mail.text_body)).toEqual([expect.stringContaining('> Is Sunday still fine?')]);
      const since = (await lead(id)).awaiting_reply_since;
      expect(since).not.toBeNull();
      expect(await waiting()).toContain(id);
      expect(await toAnswer()).toBe(before + 1);
      // A second answer does not move the wait's start.
      expect((await post(await answer(messageId, 'Hello?'))).json()).toMatchObject({ recorded: true });
      expect((await lead(id)).awaiting_reply_since).toBe(since);
      // Anita wrote the answered reply (its Reply-To names her) and is its counsellor: she has the answer already.
      expect((await update({ id, assignee_id: nepal.id })).error).toBeUndefined();
      expect((await post(await answer(messageId, 'Third try'))).json()).toMatchObject({ recorded: true });
      expect(await notices(await emailOf(nepal.id))).toEqual([]);

      // A reply answers it.
      const replied2 = await trpcCall<Lead>(
        app,
        'leads.reply',
        { enquiry_id: id, key: randomUUID(), subject: 'Sunday', text: 'Yes, Sunday at ten.' },
        { token: nepal.token, mutation: true },
      );
      expect(replied2.data!.awaiting_reply_since).toBeNull();
      expect(await waiting()).not.toContain(id);
      expect(await toAnswer()).toBe(before);

      // Given to a colleague, who did not write what the visitor answers: they are told, by a mail they can answer.
      const bishnu = await staffMember(app, { role: 'EDITOR', countryIds: [2], name: 'Bishnu Rai' });
      expect((await update({ id, assignee_id: bishnu.id })).error).toBeUndefined();
      expect((await post(await answer(messageId, 'Can my brother come too?'))).json()).toMatchObject({
        recorded: true,
      });
      const bishnuEmail = await emailOf(bishnu.id);
      const [notice] = await notices(bishnuEmail);
      expect(notice?.subject).toBe('Sita Sharma answered: Re: Waiting');
      // Answering the notice reaches only the site (decision 062): Bishnu's own reply address, which the visitor never
      // sees, so it proves the answer is his.
      expect(notice?.reply_to).toMatch(new RegExp(`^replies\\+s${id}\\.[A-Za-z0-9_-]{22}@in\\.horizon\\.example$`));
      expect(notice!.text_body).toContain('> Can my brother come too?');
      expect(notice!.text_body).toContain(`/admin/enquiries?lead=${id}`);
      await expect
        .poll(() => smtp.received.some((mail) => mail.to.includes(bishnuEmail)), { timeout: 20_000 })
        .toBe(true);

      // And their morning mail lists the visitors waiting for them.
      await app.jobs.send(app.db, 'follow-up-reminders', {});
      const morning = async () =>
        (await storedMails(app, 'FOLLOW_UP_REMINDER')).find((mail) => mail.to_address === bishnuEmail);
      await expect.poll(async () => (await morning()) !== undefined, { timeout: 20_000 }).toBe(true);
      const { subject, text_body } = (await morning())!;
      expect(subject).toBe('1 visitor waiting for your reply');
      expect(text_body).toMatch(
        new RegExp(
          `These visitors answered and are waiting for your reply:\\n\\n- Sita Sharma \\(Enquiry, Nepal\\), since \\d{4}-\\d{2}-\\d{2}: .*/admin/enquiries\\?lead=${id}\\n`,
        ),
      );

      // Bishnu answers the notice from his mail program: the site sends it on to the visitor as his reply, under the
      // subject she wrote, and the lead keeps it (decision 062).
      const bishnusReply = await compose({
        from: bishnuEmail,
        to: notice!.reply_to!,
        subject: 'Re: Sita Sharma answered: Re: Waiting',
        inReplyTo: notice!.message_id,
        text: 'Of course, bring him along.\n\nOn Wed, 2 Dec 2026, Horizon wrote:\n> Sita Sharma answered\n',
      });
      expect((await post(bishnusReply)).json()).toEqual({ recorded: true, enquiry_id: id });
      expect((await post(bishnusReply)).json()).toEqual({ recorded: false, reason: 'ALREADY_RECORDED' });
      const sentOn = (await storedMails(app, 'LEAD_REPLY')).filter((mail) => mail.text_body.includes('bring him'));
      expect(sentOn).toHaveLength(1);
      expect(sentOn[0]).toMatchObject({ subject: 'Re: Waiting', reply_to: `${bishnuEmail}, ${REPLY_ADDRESS}` });
      expect(sentOn[0]!.text_body).toMatch(/^Of course, bring him along\.\n\nBishnu Rai\n/);
      expect(sentOn[0]!.to_address).toMatch(/^sita-.*@example\.com$/);
      const after = await lead(id);
      expect(after.history.at(-1)).toMatchObject({
        kind: 'REPLY',
        to_value: 'Re: Waiting',
        actor: { name: 'Bishnu Rai' },
      });
      expect(after.answers.filter((answer) => answer.by_staff)).toEqual([]);
      expect(await waiting()).not.toContain(id);

      // Anita holds no notice about this lead: the same answer from her address, to Bishnu's address, is not hers.
      const posing = await compose({
        from: await emailOf(nepal.id),
        to: notice!.reply_to!,
        subject: 'Re: Waiting',
        inReplyTo: notice!.message_id,
        text: 'Not mine to say.',
      });
      expect((await post(posing)).json()).toEqual({ recorded: false, reason: 'UNPROVEN_SENDER' });
    });

    it('stops waiting when staff say no reply is needed, or close the lead', async () => {
      const { id, messageId } = await replied('Thank-you ahead');
      await post(await answer(messageId, 'Thank you!'));
      // The longest waiting first, when asked.
      const inTurn = await trpcCall<{ data: { awaiting_reply_since: string }[] }>(
        app,
        'leads.list',
        { filter: { awaiting_reply: true }, order: 'WAITING', paginate: { page: 1, perPage: 100 } },
        { token: nepal.token },
      );
      const since = inTurn.data!.data.map((row) => Date.parse(row.awaiting_reply_since));
      expect(since.length).toBeGreaterThan(2);
      expect(since).toEqual([...since].sort((a, b) => a - b));
      // External callers see and filter it too.
      const listed = await gql<{ getEnquiries: { data: { id: number; awaiting_reply_since: string | null }[] } }>(
        app,
        `query ($filter: EnquiryFilter) {
          getEnquiries(filter: $filter, paginate: { page: 1, perPage: 100 }) { data { id awaiting_reply_since } }
        }`,
        { filter: { awaiting_reply: true } },
        nepal.token,
      );
      expect(listed.data!.getEnquiries.data.find((row) => row.id === id)?.awaiting_reply_since).toEqual(
        expect.any(String),
      );
      const notTrue = await gql(
        app,
        'mutation ($input: UpdateEnquiryInput!) { updateEnquiry(input: $input) { id } }',
        { input: { id, awaiting_reply: true } },
        nepal.token,
      );
      expect(errorCode(notTrue)).toBe('BAD_USER_INPUT');
      const refused = await update({ id, awaiting_reply: true });
      expect(refused.error?.code).toBe('BAD_REQUEST');
      expect(refused.error?.message).toBe(NO_REPLY_NEEDED_ONLY);
      const handled = await update({ id, awaiting_reply: false });
      expect(handled.data!.awaiting_reply_since).toBeNull();
      expect((await lead(id)).history.at(-1)).toMatchObject({
        kind: 'NO_REPLY_NEEDED',
        actor: { name: 'Anita Gurung' },
      });
      // Nothing waits: saying so again records nothing.
      await update({ id, awaiting_reply: false });
      expect((await lead(id)).history.filter((event) => event.kind === 'NO_REPLY_NEEDED')).toHaveLength(1);

      await post(await answer(messageId, 'One more question'));
      expect((await lead(id)).awaiting_reply_since).not.toBeNull();
      const closed = await update({ id, status: 'LOST' });
      expect(closed.data!.awaiting_reply_since).toBeNull();
      expect((await lead(id)).history.at(-1)).toMatchObject({ kind: 'STATUS' });
    });

    it("keeps a counsellor's Reply all from their mail program as the office's reply when its sender is verified (decisions 055, 062)", async () => {
      const { id, messageId } = await replied('Documents to bring');
      const anita = await emailOf(nepal.id);
      // The visitor answers the reply: to Anita and to the reply address (its Reply-To named both).
      const visitorsAnswer = `<${randomUUID()}@mail.example.com>`;
      const asked = await compose({
        from: 'sita@example.com',
        to: [anita, REPLY_ADDRESS],
        subject: 'Re: Documents to bring',
        messageId: visitorsAnswer,
        inReplyTo: messageId,
        references: [messageId],
        text: 'Which documents exactly?',
      });
      expect((await post(asked)).json()).toEqual({ recorded: true, enquiry_id: id });
      expect((await lead(id)).awaiting_reply_since).not.toBeNull();

      // Anita answers it in her mail program with Reply all: to the visitor, the reply address copied. Her mail
      // server signed it, and the receiving server the site believes says so at the top (decision 062).
      const replyAll = (verdicts: string[]) =>
        compose({
          from: `Anita Gurung <${anita.toUpperCase()}>`,
          to: 'sita@example.com',
          cc: REPLY_ADDRESS,
          subject: 'Re: Documents to bring',
          inReplyTo: visitorsAnswer,
          references: [messageId, visitorsAnswer],
          messageId: `<${randomUUID()}@example.com>`,
          headers: verdicts.map((value) => ({ key: 'Authentication-Results', value })),
          text: 'Your transcripts and your passport.\n\nOn Tue, 1 Dec 2026, Sita wrote:\n> Which documents exactly?\n',
        });
      // Without that proof it is not kept: the visitor holds every Message-ID of this thread and could write it.
      const unproven = [
        [],
        [`${AUTHSERV_ID}; dmarc=fail (p=REJECT) header.from=example.com`],
        // A verdict from a server the site does not name, or below the named one's, came with the mail.
        [`mx.elsewhere.example; dmarc=pass header.from=example.com`],
        [
          `${AUTHSERV_ID}; spf=none; dmarc=none header.from=example.com`,
          `${AUTHSERV_ID}; dmarc=pass header.from=example.com`,
        ],
        [`${AUTHSERV_ID}; dmarc=pass header.from=elsewhere.example`],
      ];
      for (const verdicts of unproven) {
        expect((await post(await replyAll(verdicts))).json()).toEqual({ recorded: false, reason: 'UNPROVEN_SENDER' });
      }
      expect((await lead(id)).awaiting_reply_since).not.toBeNull();
      const verified = [`${AUTHSERV_ID}; dkim=pass header.d=example.com; dmarc=pass (p=NONE) header.from=example.com`];
      expect((await post(await replyAll(verified))).json()).toEqual({ recorded: true, enquiry_id: id });
      const after = await lead(id);
      // Kept in the conversation as the office's, in the history as her reply, and the visitor no longer waits.
      expect(after.answers.map(({ from_address, text, by_staff }) => ({ from_address, text, by_staff }))).toEqual([
        { from_address: 'sita@example.com', text: 'Which documents exactly?', by_staff: false },
        { from_address: anita.toLowerCase(), text: 'Your transcripts and your passport.', by_staff: true },
      ]);
      expect(after.history.at(-1)).toMatchObject({
        kind: 'REPLY',
        to_value: 'Re: Documents to bring',
        actor: { name: 'Anita Gurung' },
      });
      expect(after.history.filter((event) => event.kind === 'ANSWER')).toHaveLength(1);
      expect(after.awaiting_reply_since).toBeNull();
      // No one is told of it as of a visitor's answer.
      const notices = await storedMails(app, 'ANSWER_NOTICE');
      expect(notices.filter((mail) => mail.text_body.includes('Your transcripts'))).toEqual([]);
    });
  });

  describe("the visitor's calendar answering the appointment's invitation", () => {
    const update = (input: Record<string, unknown>) =>
      trpcCall<Lead>(app, 'leads.update', input, { token: nepal.token, mutation: true });
    /** The invitation last queued for the lead, as its calendar part was sent. */
    const invitation = async (id: number) => {
      const { kind, entry_id } = await app.db
        .selectFrom('leads')
        .select(['kind', 'entry_id'])
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      const { calendar } = await app.db
        .selectFrom('mails')
        .select('calendar')
        .where('dedupe_key', 'like', `lead:${kind}:${entry_id}:invitation:%`)
        .orderBy('id', 'desc')
        .executeTakeFirstOrThrow();
      const line = (name: string) =>
        new RegExp(`^${name}[;:](.*)$`, 'm').exec(calendar!.replace(/\r\n[ \t]/g, ''))![1]!;
      return { uid: line('UID'), sequence: line('SEQUENCE'), organizer: line('ORGANIZER') };
    };
    /** What a calendar program sends when the visitor answers (an iTIP REPLY), as Google Calendar writes it. */
    const calendarAnswer = (sent: { uid: string; sequence: string | null }, attendee: string, partstat: string) =>
      compose({
        from: attendee,
        to: REPLY_ADDRESS,
        subject: `${partstat === 'ACCEPTED' ? 'Accepted' : 'Declined'}: Appointment with Kathmandu`,
        text: `${attendee} has answered this invitation.`,
        icalEvent: {
          method: 'REPLY',
          content: [
            'BEGIN:VCALENDAR',
            'PRODID:-//Google Inc//Google Calendar 70.9054//EN',
            'VERSION:2.0',
            'METHOD:REPLY',
            'BEGIN:VEVENT',
            'DTSTART:20270112T094500Z',
            `UID:${sent.uid}`,
            ...(sent.sequence === null ? [] : [`SEQUENCE:${sent.sequence}`]),
            `ORGANIZER;CN=Kathmandu:mailto:${REPLY_ADDRESS}`,
            `ATTENDEE;CUTYPE=INDIVIDUAL;ROLE=REQ-PARTICIPANT;PARTSTAT=${partstat};CN=Sita:mailto:${attendee}`,
            'END:VEVENT',
            'END:VCALENDAR',
          ].join('\r\n'),
        },
      });

    it('keeps Accept and Decline of the latest invitation on the lead, from the visitor only, until it changes', async () => {
      const email = `sita-${randomUUID()}@example.com`;
      const id = await sendEnquiryLead(app, { first_name: 'Sita', email_address: email });
      const arranged = { day: '2027-01-12', time: '15:30', meeting: 'IN_PERSON' };
      expect((await update({ id, appointment: arranged, tell_visitor: true })).error).toBeUndefined();
      const first = await invitation(id);
      // Accept or Decline goes to the organizer: the reply address, so it comes back here.
      expect(first.organizer).toMatch(new RegExp(`mailto:${REPLY_ADDRESS}$`));

      // Someone else's calendar (or a forged From) answering the visitor's invitation is not believed.
      const forged = await calendarAnswer(first, 'mallory@example.com', 'DECLINED');
      expect((await post(forged)).json()).toEqual({ recorded: false, reason: 'NOT_AN_ANSWER' });
      // Nor someone who knows the visitor's address and guesses the event (decision 062): its UID holds a random key.
      const { kind, entry_id } = await app.db
        .selectFrom('leads')
        .select(['kind', 'entry_id'])
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      expect(first.uid).toMatch(new RegExp(`^appointment-${kind}-${entry_id}-[A-Za-z0-9_-]{22}@horizon\\.example$`));
      for (const uid of [
        `appointment-${kind}-${entry_id}@horizon.example`,
        `appointment-${kind}-${entry_id}-${'A'.repeat(22)}@horizon.example`,
      ]) {
        const guessed = await calendarAnswer({ uid, sequence: null }, email, 'DECLINED');
        expect((await post(guessed)).json()).toEqual({ recorded: false, reason: 'NOT_AN_ANSWER' });
      }

      const accepted = await calendarAnswer(first, email, 'ACCEPTED');
      expect((await post(accepted)).json()).toEqual({ recorded: true, enquiry_id: id });
      expect((await post(accepted)).json()).toEqual({ recorded: false, reason: 'ALREADY_RECORDED' });
      let lead = (await trpcCall<Lead>(app, 'leads.get', { id }, { token: nepal.token })).data!;
      expect(lead.appointment_response).toBe('ACCEPTED');
      expect(lead.answers).toEqual([]);
      expect(lead.history.at(-1)).toMatchObject({ kind: 'APPOINTMENT_ANSWER', from_value: null, to_value: 'ACCEPTED' });

      expect(lead.awaiting_reply_since).toBeNull();

      // A calendar that leaves SEQUENCE out answers the latest invitation. Declined, the appointment needs another
      // time: the visitor waits, and the counsellor (no one else hears of it) is told (decision 054).
      expect((await update({ id, assignee_id: nepal.id })).error).toBeUndefined();
      const declined = await calendarAnswer({ ...first, sequence: null }, email, 'DECLINED');
      expect((await post(declined)).json()).toEqual({ recorded: true, enquiry_id: id });
      lead = (await trpcCall<Lead>(app, 'leads.get', { id }, { token: nepal.token })).data!;
      expect(lead.history.at(-1)).toMatchObject({ from_value: 'ACCEPTED', to_value: 'DECLINED' });
      expect(lead.awaiting_reply_since).not.toBeNull();
      const notice = await app.db
        .selectFrom('mails')
        .innerJoin('staff_users', 'staff_users.email', 'mails.to_address')
        .select('mails.subject')
        .where('mails.purpose', '=', 'ANSWER_NOTICE')
        .where('staff_users.id', '=', nepal.id)
        .where('mails.subject', 'like', 'Sita Sharma declined%')
        .executeTakeFirst();
      expect(notice?.subject).toBe(
        'Sita Sharma declined the appointment of Tuesday, 12 January 2027 at 15:30 · At a branch',
      );

      // Moved: the answer was to the appointment as it was, and a late answer to the old invitation is stale.
      const moved = await update({ id, appointment: { ...arranged, time: '16:00' }, tell_visitor: true });
      expect(moved.data!.appointment_response).toBeNull();
      // The visitor told of the new time has their answer.
      expect(moved.data!.awaiting_reply_since).toBeNull();
      expect((await invitation(id)).sequence).not.toBe(first.sequence);
      // The same event, so the visitor's calendar moves it rather than adding another.
      expect((await invitation(id)).uid).toBe(first.uid);
      expect((await post(await calendarAnswer(first, email, 'ACCEPTED'))).json()).toEqual({
        recorded: false,
        reason: 'STALE',
      });
      expect((await post(await calendarAnswer(await invitation(id), email, 'TENTATIVE'))).json()).toEqual({
        recorded: true,
        enquiry_id: id,
      });
    });
  });

  describe("mail read within bounds, off the server's thread (decision 060)", () => {
    /** A raw message from its header lines and body, as a hostile sender writes it. */
    const rawMail = (headers: string[], body: string) => Buffer.from(`${headers.join('\r\n')}\r\n\r\n${body}`);
    /** 9.9 MB of HTML, no text part: converting all of it took the server's thread 16 s. */
    const heavyHtml = (answering?: string) =>
      rawMail(
        [
          'From: someone@example.net',
          `To: ${REPLY_ADDRESS}`,
          'Subject: Re: Heavy',
          `Message-ID: <${randomUUID()}@example.net>`,
          ...(answering ? [`In-Reply-To: ${answering}`] : []),
          'MIME-Version: 1.0',
          'Content-Type: text/html; charset=utf-8',
          'Content-Transfer-Encoding: 8bit',
        ],
        '<p>Sunday suits me.</p>\r\n' + '<p>a</p>\r\n'.repeat(990_000),
      );
    /** Multiparts inside multiparts, `depth` deep. */
    const nested = (answering: string, depth: number) => {
      let body = 'Content-Type: text/plain\r\n\r\nDeep down.\r\n';
      for (let level = depth; level > 0; level--) {
        body = `Content-Type: multipart/mixed; boundary="b${level}"\r\n\r\n--b${level}\r\n${body}\r\n--b${level}--\r\n`;
      }
      const header = ['From: someone@example.net', `To: ${REPLY_ADDRESS}`, `In-Reply-To: ${answering}`];
      return Buffer.from(`${header.join('\r\n')}\r\nMIME-Version: 1.0\r\n${body}`);
    };

    /** The longest the test's own thread (the server's) went without turning, while `work` ran. */
    async function longestStall(work: () => Promise<unknown>) {
      const histogram = monitorEventLoopDelay({ resolution: 10 });
      histogram.enable();
      try {
        await work();
      } finally {
        histogram.disable();
      }
      return histogram.max / 1e6;
    }

    it("costs a stranger's 9.9 MB mail that answers nothing about what a one-line one costs: its header", async () => {
      /** Processor time (every thread's) taken to post `raw`, which answers nothing. */
      const cost = async (raw: Buffer) => {
        const before = process.cpuUsage();
        expect((await post(raw)).json()).toEqual({ recorded: false, reason: 'NOT_AN_ANSWER' });
        const { user, system } = process.cpuUsage(before);
        return user + system;
      };
      const oneLine = () => rawMail(['From: someone@example.net', `Message-ID: <${randomUUID()}@example.net>`], 'Hi');
      await cost(oneLine());
      const baseline = Math.min(await cost(oneLine()), await cost(oneLine()), await cost(oneLine()));
      // The least of two: a collection of an earlier test's garbage may fall into either.
      const heavy = Math.min(await cost(heavyHtml()), await cost(heavyHtml()));
      console.log(`a stranger's 9.9 MB mail costs ${(heavy / baseline).toFixed(1)} × a one-line one`);
      // Taking in 10 MB costs something (25 to 150 times); reading all of it cost 1,300 times as much.
      expect(heavy / baseline).toBeLessThan(400);
    });

    it("reads a 9.9 MB HTML answer's top on a worker while the server goes on answering", async () => {
      const { id, messageId } = await replied('Heavy');
      const healthz: number[] = [];
      let reading = true;
      const poll = (async () => {
        while (reading) {
          const started = performance.now();
          expect((await app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
          healthz.push(performance.now() - started);
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
      })();
      // Ten at once, each answering the lead, so each body is read.
      const stall = await longestStall(async () => {
        const answers = await Promise.all(Array.from({ length: 10 }, () => post(heavyHtml(messageId))));
        reading = false;
        expect(answers.map((answer) => answer.statusCode)).toEqual(Array(10).fill(200));
      });
      await poll;
      const p99 = [...healthz].sort((a, b) => a - b)[Math.floor(healthz.length * 0.99)]!;
      console.log(
        `/healthz p99 ${p99.toFixed(1)} ms over ${healthz.length} polls; longest stall ${stall.toFixed(0)} ms`,
      );
      // Converting the whole HTML on the server's thread stalled it for 16 s per mail.
      expect(stall).toBeLessThan(1_500);
      const detail = await lead(id);
      expect(detail.answers[0]).toMatchObject({ subject: 'Re: Heavy' });
      expect(detail.answers[0]!.text).toMatch(/^Sunday suits me\.\n/);
      expect(detail.answers[0]!.text.length).toBeLessThanOrEqual(10_000);
    });

    it('refuses with 406, so the provider does not post it again, a mail too deep, of too many parts or with a huge header', async () => {
      const { messageId } = await replied('Hostile');
      const refusals = [
        nested(messageId, 5_000),
        rawMail(
          ['From: someone@example.net', `In-Reply-To: ${messageId}`, 'Content-Type: multipart/mixed; boundary="x"'],
          '--x\r\nContent-Type: text/plain\r\n\r\nhi\r\n'.repeat(5_000) + '--x--\r\n',
        ),
        rawMail(['From: someone@example.net', `In-Reply-To: ${messageId}`, `X-Filler: ${'a'.repeat(70_000)}`], 'hi'),
      ];
      for (const raw of refusals) {
        const answer = await post(raw);
        expect(answer.statusCode).toBe(406);
        expect(answer.json<{ message: string }>().message).toMatch(/^The message could not be read: /);
      }
      // A mail a little deep is still read.
      expect((await post(nested(messageId, 20))).json()).toMatchObject({ recorded: true });
    });
  });

  it('refuses a post without the secret, with a wrong one, or that is not a raw message', async () => {
    const raw = await compose({ from: 'a@example.com', to: REPLY_ADDRESS, text: 'Hi' });
    expect((await post(raw, '')).statusCode).toBe(401);
    expect((await post(raw, `Bearer ${SECRET}x`)).statusCode).toBe(401);
    // Checked before the body is read: an oversized post without the secret is refused as unauthorised, not as 413.
    const huge = Buffer.alloc(11 * 1024 * 1024, 'a');
    expect((await post(huge, 'Bearer wrong')).statusCode).toBe(401);
    expect((await post(huge)).statusCode).toBe(413);
    expect((await post(raw, `Basic ${Buffer.from(`provider:wrong`).toString('base64')}`)).statusCode).toBe(401);
    const json = await app.inject({
      method: 'POST',
      url: '/api/inbound-mail',
      headers: { authorization: `Bearer ${SECRET}` },
      payload: { raw: raw.toString() },
    });
    expect(json.statusCode).toBe(415);
  });
});
