import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildFormsTestApp, sendEnquiryLead } from '../../test/forms.js';
import { gql, staffMember, trpcCall } from '../../test/graphql.js';
import { startSmtpServer } from '../../test/smtp.js';
import { ANONYMISED_REPLY_MESSAGE } from './leads.service.js';

interface Lead {
  status: string;
  history: { kind: string; from_value: string | null; to_value: string | null; actor: { name: string } | null }[];
  replies: { subject: string; text_body: string; status: string; reply_to: string | null }[];
}

describe('a reply to a lead from the inbox (decision 046)', () => {
  let app: FastifyInstance;
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let nepal: Awaited<ReturnType<typeof staffMember>>;
  let canada: Awaited<ReturnType<typeof staffMember>>;

  beforeAll(async () => {
    smtp = await startSmtpServer();
    app = await buildFormsTestApp({
      config: { mail: { smtpUrl: `smtp://127.0.0.1:${smtp.port}`, from: 'Horizon <no-reply@horizon.example>' } },
    });
    nepal = await staffMember(app, { role: 'EDITOR', countryIds: [2], name: 'Anita Gurung' });
    canada = await staffMember(app, { role: 'EDITOR', countryIds: [3] });
  });

  afterAll(async () => {
    await app?.close();
    await smtp?.close();
  });

  const reply = (token: string, input: Record<string, unknown>) =>
    trpcCall<Lead>(
      app,
      'leads.reply',
      { key: randomUUID(), subject: 'Your enquiry', text: 'Hello', ...input },
      { token, mutation: true },
    );
  const lead = async (id: number) => (await trpcCall<Lead>(app, 'leads.get', { id }, { token: nepal.token })).data!;
  const emailOf = async (staffId: number) =>
    (await app.db.selectFrom('staff_users').select('email').where('id', '=', staffId).executeTakeFirstOrThrow()).email;

  it("mails the visitor what was written, signed, with their message quoted and the writer's address to answer", async () => {
    const id = await sendEnquiryLead(app, { first_name: 'Sita', message: 'Can I study nursing in Sydney?' });
    const key = randomUUID();
    const text = 'Namaste Sita,\n\nYes: come to the branch on Sunday <b>with your transcripts</b>.';
    const sent = await reply(nepal.token, { enquiry_id: id, key, subject: 'Nursing in\r\nBcc: x@evil.example', text });
    expect(sent.error).toBeUndefined();
    expect(sent.data!.status).toBe('CONTACTED');

    await expect
      .poll(() => smtp.received.filter((mail) => mail.raw.includes('Nursing in')).length, { timeout: 20_000 })
      .toBe(1);
    const received = smtp.received.find((mail) => mail.raw.includes('Nursing in'))!;
    expect(received.to).toEqual(['sita@example.com']);
    const headers = received.raw.slice(0, received.raw.indexOf('\r\n\r\n'));
    expect(headers).toMatch(/^Subject: Nursing in Bcc: x@evil\.example$/m);
    expect(headers).not.toMatch(/^Bcc:/m);
    expect(headers).toContain(`Reply-To: ${await emailOf(nepal.id)}`);

    const detail = await lead(id);
    expect(detail.replies).toHaveLength(1);
    const [stored] = detail.replies;
    expect(stored!.text_body).toContain('Yes: come to the branch on Sunday <b>with your transcripts</b>.');
    expect(stored!.text_body).toContain('Anita Gurung\nHorizon Education & Migration');
    expect(stored!.text_body).toMatch(/Your enquiry of \d{1,2} \w+ \d{4}:\n> Can I study nursing in Sydney\?/);
    const html = await app.db
      .selectFrom('mails')
      .select('html_body')
      .where('purpose', '=', 'LEAD_REPLY')
      .where('dedupe_key', 'like', `%:reply:${key}`)
      .executeTakeFirstOrThrow();
    expect(html.html_body).toContain('&lt;b&gt;with your transcripts&lt;/b&gt;');
    expect(html.html_body).not.toContain('<b>');
    await expect.poll(async () => (await lead(id)).replies[0]!.status, { timeout: 20_000 }).toBe('SENT');

    const history = detail.history.map((event) => [event.kind, event.from_value, event.to_value, event.actor?.name]);
    expect(history).toEqual([
      ['CREATED', null, 'New', undefined],
      ['REPLY', null, 'Nursing in Bcc: x@evil.example', 'Anita Gurung'],
      ['STATUS', 'New', 'Contacted', 'Anita Gurung'],
    ]);
  });

  it('sends a reply once however often it is sent with its key, and leaves a status past New alone', async () => {
    const id = await sendEnquiryLead(app, { first_name: 'Twice' });
    await trpcCall(app, 'leads.update', { id, status: 'QUALIFIED' }, { token: nepal.token, mutation: true });
    const key = randomUUID();
    for (let i = 0; i < 2; i += 1) {
      const sent = await reply(nepal.token, { enquiry_id: id, key, subject: 'Your visa documents' });
      expect(sent.error).toBeUndefined();
    }
    const detail = await lead(id);
    expect(detail.status).toBe('QUALIFIED');
    expect(detail.replies.map((mail) => mail.subject)).toEqual(['Your visa documents']);
    expect(detail.history.filter((event) => event.kind === 'REPLY')).toHaveLength(1);
    // A second reply (a new key) is a second mail.
    await reply(nepal.token, { enquiry_id: id, subject: 'One more thing' });
    expect((await lead(id)).replies.map((mail) => mail.subject)).toEqual(['Your visa documents', 'One more thing']);
  });

  it('refuses an empty reply, a lead of another country, an unknown lead and a visitor who was erased', async () => {
    const id = await sendEnquiryLead(app, { first_name: 'Refused' });
    const empty = await reply(nepal.token, { enquiry_id: id, subject: '  ', text: '' });
    expect(empty.error?.code).toBe('BAD_REQUEST');
    expect(empty.error?.fields).toMatchObject({ subject: 'Subject is required', text: 'Message is required' });
    // A NUL, which PostgreSQL cannot store, is refused as a field's mistake, not a database failure.
    const nul = await reply(nepal.token, { enquiry_id: id, text: 'Hello\u0000' });
    expect(nul.error?.fields).toMatchObject({ text: 'Contains an invalid character' });
    expect((await reply(canada.token, { enquiry_id: id })).error?.code).toBe('FORBIDDEN');
    expect((await reply(nepal.token, { enquiry_id: 999_999 })).error?.code).toBe('NOT_FOUND');
    expect((await lead(id)).replies).toEqual([]);

    const admin = await staffMember(app, { role: 'ADMIN' });
    const sent = await reply(nepal.token, { enquiry_id: id, subject: 'About Refused Sharma' });
    expect(sent.error).toBeUndefined();
    const erased = await trpcCall(
      app,
      'leads.eraseByEmail',
      { email: 'sita@example.com', confirm: true },
      { token: admin.token, mutation: true },
    );
    expect(erased.error).toBeUndefined();
    // The reply went with the lead's other mails, and its subject (it could name the visitor) left the history.
    const after = await lead(id);
    expect(after.replies).toEqual([]);
    expect(after.history.filter((event) => event.kind === 'REPLY').map((event) => event.to_value)).toEqual([null]);
    const again = await reply(nepal.token, { enquiry_id: id });
    expect(again.error).toMatchObject({ code: 'BAD_REQUEST', message: ANONYMISED_REPLY_MESSAGE });
  });

  it('receives no answers while no reply address is set (decision 053)', async () => {
    // As a provider's test post arrives: the operator reads what is missing.
    const raw = { 'content-type': 'message/rfc822' };
    const response = await app.inject({ method: 'POST', url: '/api/inbound-mail', headers: raw, payload: 'Hi' });
    expect([response.statusCode, response.json<{ message: string }>().message]).toEqual([
      404,
      'REPLY_ADDRESS and INBOUND_MAIL_SECRET are not set',
    ]);
  });

  it('is offered to external callers as replyToEnquiry', async () => {
    const id = await sendEnquiryLead(app, { first_name: 'Graph', email_address: 'graph@example.com' });
    const mutation = `mutation($input: ReplyToEnquiryInput!) { replyToEnquiry(input: $input) { id status } }`;
    const input = { enquiry_id: id, key: randomUUID(), subject: 'From our CRM', text: 'We will call you today.' };
    const sent = await gql<{ replyToEnquiry: { id: number; status: string } }>(app, mutation, { input }, nepal.token);
    expect(sent.errors).toEqual([]);
    expect(sent.data!.replyToEnquiry).toEqual({ id, status: 'CONTACTED' });
    const refused = await gql(app, mutation, { input: { ...input, key: 'not-a-uuid' } }, nepal.token);
    expect(refused.errors[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    expect((await lead(id)).replies.map((mail) => mail.subject)).toEqual(['From our CRM']);
  });
});
