import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildFormsTestApp, captchaToken, CONTACT_US, enquiryInput, OSHC, oshcInput } from '../../test/forms.js';
import { gql, staffMember, trpcCall } from '../../test/graphql.js';

describe("a submitted form's mails", () => {
  let app: FastifyInstance;

  beforeAll(async () => {
    app = await buildFormsTestApp();
  });

  afterAll(() => app?.close());

  const mailsAbout = (key: string) =>
    app.db
      .selectFrom('mails')
      .select(['purpose', 'to_address', 'reply_to', 'subject', 'text_body', 'html_body', 'country_id'])
      .where('dedupe_key', 'like', `${key}:%`)
      .orderBy('purpose')
      .execute();

  it('tells the branch and the visitor about an enquiry, with what the visitor typed escaped in the HTML', async () => {
    const submissionId = randomUUID();
    const input = await enquiryInput(app, {
      first_name: 'Sita <b>',
      message: 'Nursing <script>alert(1)</script> & "more"',
      submission_id: submissionId,
    });
    const sent = await gql<{ addContactUsFormData: { id: number } }>(app, CONTACT_US, { input });
    expect(sent.errors).toEqual([]);
    const id = sent.data!.addContactUsFormData.id;
    // The same submission again (a retry): no second pair of mails.
    const again = await gql(app, CONTACT_US, { input: { ...input, reCaptcha_token: await captchaToken(app) } });
    expect(again.errors).toEqual([]);

    const mails = await mailsAbout(`lead:CONTACT_US:${id}`);
    // Each mail's Reply-To is the other side: answering either reaches a person, not the no-reply From.
    expect(mails.map((mail) => [mail.purpose, mail.to_address, mail.reply_to, mail.subject])).toEqual([
      ['LEAD_NOTIFICATION', 'kathmandu@example.com', 'sita@example.com', 'New enquiry from Sita <b> Sharma'],
      ['VISITOR_CONFIRMATION', 'sita@example.com', 'kathmandu@example.com', 'We received your enquiry'],
    ]);
    // The notification links to the lead in the inbox.
    const lead = await app.db
      .selectFrom('leads')
      .select('id')
      .where('kind', '=', 'CONTACT_US')
      .where('entry_id', '=', id)
      .executeTakeFirstOrThrow();
    const inbox = `${app.config.publicUrl}/admin/enquiries?lead=${lead.id}`;
    expect(mails[0]!.text_body).toContain(`Open it in the inbox (reply there, and the lead records it): ${inbox}`);
    expect(mails[0]!.html_body).toContain(`<a href="${inbox}">Open it in the inbox</a>`);
    expect(mails[1]!.text_body).not.toContain('/admin/');
    for (const mail of mails) {
      expect(mail.country_id).toBe(2);
      expect(mail.text_body).toContain('Message: Nursing <script>alert(1)</script> & "more"');
      expect(mail.html_body).toContain('Nursing &lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;more&quot;');
      expect(mail.html_body).not.toContain('<script>');
      expect(mail.html_body).not.toContain('<b>');
    }
  });

  it("tells the country's contact address about an OSHC quote request, and the visitor", async () => {
    const sent = await gql<{ addOshcFormData: { id: number } }>(app, OSHC, { input: await oshcInput(app) });
    expect(sent.errors).toEqual([]);
    const mails = await mailsAbout(`lead:OSHC:${sent.data!.addOshcFormData.id}`);
    expect(mails.map((mail) => [mail.purpose, mail.to_address, mail.reply_to, mail.subject])).toEqual([
      [
        'LEAD_NOTIFICATION',
        'australia@example.com',
        'cover@example.com',
        'New OSHC quote request from cover@example.com',
      ],
      ['VISITOR_CONFIRMATION', 'cover@example.com', 'australia@example.com', 'We received your OSHC quote request'],
    ]);
  });

  it('stores neither the entry nor any mail when the entry is refused', async () => {
    const before = await app.db.selectFrom('mails').select('id').execute();
    const refused = await gql(app, CONTACT_US, { input: await enquiryInput(app, { branch_id: 9999 }) });
    expect(refused.errors[0]?.extensions?.code).toBe('NOT_FOUND');
    expect(await app.db.selectFrom('mails').select('id').execute()).toHaveLength(before.length);
  });

  it('keeps the mails in the Outbox without SMTP, shown to the staff of their country', async () => {
    const sent = await gql<{ addContactUsFormData: { id: number } }>(app, CONTACT_US, {
      input: await enquiryInput(app, { first_name: 'Outbox' }),
    });
    expect(sent.errors).toEqual([]);
    const admin = await staffMember(app, { role: 'ADMIN' });
    const nepal = await staffMember(app, { role: 'EDITOR', countryIds: [2] });
    const canada = await staffMember(app, { role: 'EDITOR', countryIds: [3] });
    interface Outbox {
      data: { subject: string; status: string; to_address: string; country_name: string | null }[];
      pagination: { total: number };
    }
    const outbox = (token: string, status: string | null = null) =>
      trpcCall<Outbox>(app, 'mail.outbox', { status, paginate: { page: 1, perPage: 100 } }, { token });
    // The job marks them KEPT as soon as it runs (the queue polls every few seconds).
    await expect
      .poll(async () => (await outbox(admin.token, 'KEPT')).data!.data.filter((m) => m.subject.includes('Outbox')), {
        timeout: 20_000,
        interval: 250,
      })
      .toHaveLength(1);
    const kept = (await outbox(nepal.token, 'KEPT')).data!.data.map((mail) => [mail.subject, mail.country_name]);
    expect(kept).toContainEqual(['New enquiry from Outbox Sharma', 'Nepal']);
    expect(kept).toContainEqual(['We received your enquiry', 'Nepal']);
    const others = (await outbox(canada.token)).data!.data;
    expect(others.filter((mail) => mail.country_name === 'Nepal')).toEqual([]);
    const refused = await trpcCall(app, 'mail.outbox', { status: 'LOST' }, { token: admin.token });
    expect(refused.error?.code).toBe('BAD_REQUEST');
  });
});
