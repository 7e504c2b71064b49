import { randomUUID } from 'node:crypto';
import MailComposer from 'nodemailer/lib/mail-composer/index.js';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FORM_THANK_YOU } from '../shared/forms.schema.js';
import { startSmtpServer } from '../server/test/smtp.js';
import { checkAdminScreen, expectToast } from './support/admin.js';
import type { RunningApp } from './support/app.js';
import { enquiryForm } from './support/enquiry.js';
import { visitorContext } from './support/site.js';
import { staffSession, type StaffSession } from './support/staff.js';

const REPLY_ADDRESS = 'replies@in.horizon.example';
const SECRET = 'an-inbound-mail-secret-for-the-browser-journey';

/**
 * A counsellor replies to an enquiry from the lead; the mail goes out through a real SMTP server, the visitor answers
 * it in their mail program, the mail provider posts the answer to the site, and the counsellor reads it in the lead,
 * under the reply it answers (decision 053).
 */
describe("staff area: a visitor's answer comes back into the lead", () => {
  const session = staffSession();
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let app: RunningApp;
  let page: Page;
  let browser: StaffSession['browser'];
  let countries: Map<string, number>;

  beforeAll(async () => {
    smtp = await startSmtpServer();
    ({ app, page, browser, countries } = await session.start({
      SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
      REPLY_ADDRESS,
      INBOUND_MAIL_SECRET: SECRET,
    }));
  });
  afterAll(async () => {
    await session.close();
    await smtp?.close();
  });

  it('shows the answer in the lead, below the reply it answers, without the mail it quotes', async () => {
    const context = await visitorContext(browser, app, countries.get('Australia')!);
    const visitor = await context.newPage();
    await visitor.goto(`${app.url}/enquiry`, { waitUntil: 'networkidle' });
    const enquiry = enquiryForm(visitor);
    await enquiry.fillSender({ first: 'Sita', last: 'Sharma', email: 'sita@example.com', phone: '+61 400 222 333' });
    await enquiry.field('Subject').fill('Nursing');
    await enquiry.field('Message').fill('Can I study nursing in Sydney?');
    await enquiry.agreeAndSend();
    await visitor.getByRole('status').filter({ hasText: FORM_THANK_YOU }).waitFor();
    await context.close();

    await page.goto(`${app.url}/admin/enquiries`);
    await page.getByRole('button', { name: 'Sita Sharma' }).click();
    const panel = page.getByRole('dialog');
    const replies = panel.getByRole('region', { name: 'Replies' });
    await replies.getByText('their answer comes back here and to your own address').waitFor();
    await replies.getByRole('button', { name: 'Write a reply' }).click();
    const reply = replies.getByRole('form', { name: 'Reply' });
    await reply.getByRole('textbox', { name: 'Subject' }).fill('Nursing in Sydney');
    await reply.getByRole('textbox', { name: 'Message' }).fill('Dear Sita,\n\nCome on Sunday with your transcripts.');
    await reply.getByRole('button', { name: 'Send reply' }).click();
    await expectToast(page, 'Your reply to sita@example.com is on its way');

    // The visitor's mail program answers the mail as it arrived, quoting it.
    await expect
      .poll(() => smtp.received.some((mail) => mail.raw.includes('Nursing in Sydney')), { timeout: 30_000 })
      .toBe(true);
    const raw = smtp.received.find((mail) => mail.raw.includes('Nursing in Sydney'))!.raw;
    const messageId = /^Message-ID: (<[^>]+>)/im.exec(raw)![1]!;
    const answer = await new MailComposer({
      from: 'Sita Sharma <sita@example.com>',
      to: REPLY_ADDRESS,
      subject: 'Re: Nursing in Sydney',
      inReplyTo: messageId,
      references: [messageId],
      messageId: `<${randomUUID()}@mail.example.com>`,
      text: 'Sunday at 11 works for me. Shall I bring my IELTS result too?\n\nOn Tue, 1 Dec 2026, Administrator wrote:\n> Dear Sita,\n> Come on Sunday with your transcripts.\n',
    })
      .compile()
      .build();
    const posted = await fetch(`${app.url}/api/inbound-mail`, {
      method: 'POST',
      headers: { 'content-type': 'message/rfc822', authorization: `Bearer ${SECRET}` },
      body: answer,
    });
    expect(await posted.json()).toMatchObject({ recorded: true });

    // Opened again, the lead shows the answer after the reply, and its history says the visitor answered.
    await panel.getByRole('button', { name: 'Close the enquiry' }).click();
    await panel.waitFor({ state: 'hidden' });
    await page.getByRole('button', { name: 'Sita Sharma' }).click();
    await replies.getByText('Answer from sita@example.com').waitFor();
    await expect
      .poll(() => replies.textContent())
      .toMatch(
        /Nursing in Sydney[\s\S]*Re: Nursing in Sydney[\s\S]*Sunday at 11 works for me\. Shall I bring my IELTS/,
      );
    await expect(replies.textContent()).resolves.not.toContain('> Come on Sunday');
    await panel.getByText('The visitor answered: Re: Nursing in Sydney').waitFor();
    await checkAdminScreen(page, 'enquiry-answer');
  });
});
