import { randomUUID } from 'node:crypto';
import { simpleParser } from 'mailparser';
import MailComposer from 'nodemailer/lib/mail-composer';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FORM_THANK_YOU } from '../shared/forms.schema.js';
import { startSmtpServer } from '../server/test/smtp.js';
import { checkAdminScreen, expectToast } from './support/admin.js';
import type { RunningApp } from './support/app.js';
import { enquiryForm } from './support/enquiry.js';
import { visitorContext } from './support/site.js';
import { staffSession, trpc, type StaffSession } from './support/staff.js';

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
  let token: string;

  beforeAll(async () => {
    smtp = await startSmtpServer();
    ({ app, page, browser, countries, token } = await session.start({
      SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
      REPLY_ADDRESS,
      INBOUND_MAIL_SECRET: SECRET,
      // The receiving server whose verdict on a sender the site believes (decision 062).
      INBOUND_MAIL_AUTHSERV_ID: 'mx.in.horizon.example',
    }));
  });
  afterAll(async () => {
    await session.close();
    await smtp?.close();
  });

  /** Posts a mail that reached the reply address, as the mail provider does. */
  async function postAsProvider(raw: Buffer): Promise<unknown> {
    const posted = await fetch(`${app.url}/api/inbound-mail`, {
      method: 'POST',
      headers: { 'content-type': 'message/rfc822', authorization: `Bearer ${SECRET}` },
      body: raw,
    });
    return posted.json();
  }

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
    // The open lead has seen its reply sent: what it shows next comes from opening it again.
    await replies.getByText('Sent', { exact: true }).waitFor();

    // The visitor's mail program answers the mail as it arrived, quoting it.
    await expect
      .poll(() => smtp.received.some((mail) => mail.raw.includes('Nursing in Sydney')), { timeout: 30_000 })
      .toBe(true);
    const raw = smtp.received.find((mail) => mail.raw.includes('Nursing in Sydney'))!.raw;
    const messageId = /^Message-ID: (<[^>]+>)/im.exec(raw)![1]!;
    const answerId = `<${randomUUID()}@mail.example.com>`;
    const answer = await new MailComposer({
      from: 'Sita Sharma <sita@example.com>',
      to: REPLY_ADDRESS,
      subject: 'Re: Nursing in Sydney',
      inReplyTo: messageId,
      references: [messageId],
      messageId: answerId,
      text: 'Sunday at 11 works for me. Shall I bring my IELTS result too?\n\nOn Tue, 1 Dec 2026, Administrator wrote:\n> Dear Sita,\n> Come on Sunday with your transcripts.\n',
    })
      .compile()
      .build();
    await expect(postAsProvider(answer)).resolves.toMatchObject({ recorded: true });

    // Opened again, the lead shows the answer after the reply, and its history says the visitor answered.
    await panel.getByRole('button', { name: 'Close the enquiry' }).click();
    await panel.waitFor({ state: 'hidden' });
    await page.getByRole('button', { name: 'Sita Sharma' }).click();
    await replies.getByText('Answer from sita@example.com').waitFor();
    await replies.getByText(/answers go to \S+@\S+ and come back here/).waitFor();
    await expect
      .poll(() => replies.textContent())
      .toMatch(
        /Nursing in Sydney[\s\S]*Re: Nursing in Sydney[\s\S]*Sunday at 11 works for me\. Shall I bring my IELTS/,
      );
    await expect(replies.textContent()).resolves.not.toContain('> Come on Sunday');
    await panel.getByText('The visitor answered: Re: Nursing in Sydney').waitFor();
    // The visitor waits for a reply now (decision 054): said at the top of the lead.
    const waiting = panel.getByRole('status').filter({ hasText: 'The visitor is waiting for a reply' });
    await waiting.waitFor();
    await checkAdminScreen(page, 'enquiry-answer');
    await panel.getByRole('button', { name: 'Close the enquiry' }).click();

    // The dashboard counts it, and its link lists only the leads waiting, longest first; the inbox marks it and the
    // sidebar counts it.
    await page.goto(`${app.url}/admin`);
    const dashboardLink = page.getByRole('link', { name: '1 visitor waiting for a reply' });
    await dashboardLink.waitFor();
    await checkAdminScreen(page, 'dashboard-waiting');
    await dashboardLink.click();
    await page.waitForURL(/\/admin\/enquiries\?waiting=yes&order=WAITING$/);
    await expect(page.getByRole('combobox', { name: 'Order' }).inputValue()).resolves.toBe('Waiting longest first');
    const row = page.getByRole('row').filter({ hasText: 'Sita Sharma' });
    await row.getByText('Waiting for reply').waitFor();
    await expect(page.getByRole('combobox', { name: "Visitor's answer" }).inputValue()).resolves.toBe(
      'Waiting for our reply',
    );
    await page.getByRole('link', { name: 'Enquiries 1 waiting for an answer' }).waitFor();
    await checkAdminScreen(page, 'enquiries-waiting');

    // Answered by phone: staff say no reply is needed, and it stops waiting.
    await row.getByRole('button', { name: 'Sita Sharma' }).click();
    await waiting.getByRole('button', { name: 'No reply needed' }).click();
    await expectToast(page, 'Successfully Updated!');
    await waiting.waitFor({ state: 'hidden' });
    await panel.getByText('Marked as needing no reply').waitFor();
    await panel.getByRole('button', { name: 'Close the enquiry' }).click();
    await page.getByText('No enquiry matches these filters.').waitFor();

    // The counsellor answers from their own mail program with Reply all (decision 055): the copy to the reply address,
    // its sender verified by the receiving server (decision 062), stands with the office's replies in the lead, and in
    // its history as their reply.
    const replyAll = await new MailComposer({
      from: 'Administrator <admin@example.com>',
      headers: { 'Authentication-Results': 'mx.in.horizon.example; dmarc=pass header.from=example.com' },
      to: 'Sita Sharma <sita@example.com>',
      cc: REPLY_ADDRESS,
      subject: 'Re: Nursing in Sydney',
      inReplyTo: answerId,
      references: [messageId, answerId],
      text: 'Yes, please bring your IELTS result too.\n\nOn Wed, 2 Dec 2026, Sita Sharma wrote:\n> Shall I bring my IELTS result too?\n',
    })
      .compile()
      .build();
    await expect(postAsProvider(replyAll)).resolves.toMatchObject({ recorded: true });
    await page.goto(`${app.url}/admin/enquiries`);
    await page.getByRole('button', { name: 'Sita Sharma' }).click();
    await replies.getByText('Sent by admin@example.com from their mail program', { exact: false }).waitFor();
    await expect(replies.textContent()).resolves.toMatch(/Sunday at 11[\s\S]*Yes, please bring your IELTS result too/);
    await panel.getByText('Replied by e-mail: Re: Nursing in Sydney').waitFor();
    await replies.scrollIntoViewIfNeeded();
    await checkAdminScreen(page, 'enquiry-reply-all');
    await panel.getByRole('button', { name: 'Close the enquiry' }).click();
    // The visitor's form (its captcha's proof of work), the reply, the mail and the answer: a long journey.
  }, 120_000);

  it("shows what the visitor's calendar answered to the appointment's invitation", async () => {
    const { data: leads } = await trpc<{ data: { id: number }[] }>(app, token, 'leads.list', {
      filter: { search: 'sita@example.com' },
      paginate: { page: 1, limit: 10 },
    });
    const lead = leads!.data[0]!;
    const arranged = await trpc(
      app,
      token,
      'leads.update',
      { id: lead.id, appointment: { day: '2027-01-12', time: '15:30', meeting: 'IN_PERSON' }, tell_visitor: true },
      'mutation',
    );
    expect(arranged.error).toBeUndefined();
    // The invitation as it arrived: its event, which the visitor's calendar answers (an iTIP REPLY).
    await expect
      .poll(() => smtp.received.some((mail) => mail.raw.includes('text/calendar')), { timeout: 30_000 })
      .toBe(true);
    const invitation = (
      await simpleParser(smtp.received.find((mail) => mail.raw.includes('text/calendar'))!.raw)
    ).attachments
      .find((part) => part.contentType === 'text/calendar')!
      .content.toString();
    const field = (name: string) => new RegExp(`^${name}[;:](.*)$`, 'm').exec(invitation)![1]!;
    expect(field('ORGANIZER')).toContain(`mailto:${REPLY_ADDRESS}`);
    const accepted = await new MailComposer({
      from: 'sita@example.com',
      to: REPLY_ADDRESS,
      subject: 'Accepted: Appointment with Sydney',
      text: 'Sita Sharma has accepted this invitation.',
      icalEvent: {
        method: 'REPLY',
        content: [
          'BEGIN:VCALENDAR',
          'VERSION:2.0',
          'METHOD:REPLY',
          'BEGIN:VEVENT',
          `UID:${field('UID')}`,
          `SEQUENCE:${field('SEQUENCE')}`,
          'ATTENDEE;PARTSTAT=ACCEPTED;CN=Sita Sharma:mailto:sita@example.com',
          'END:VEVENT',
          'END:VCALENDAR',
        ].join('\r\n'),
      },
    })
      .compile()
      .build();
    await expect(postAsProvider(accepted)).resolves.toMatchObject({ recorded: true });

    await page.goto(`${app.url}/admin/enquiries`);
    // The inbox's row says it under the appointment, too.
    await page.getByRole('row').filter({ hasText: 'Sita Sharma' }).getByText('Accepted by the visitor').waitFor();
    await page.getByRole('button', { name: 'Sita Sharma' }).click();
    const appointment = page.getByRole('dialog').getByRole('region', { name: 'Appointment' });
    await appointment.getByText('Accepted by the visitor').waitFor();
    await page.getByText('Their calendar answered the invitation: Accepted by the visitor').waitFor();
    await checkAdminScreen(page, 'enquiry-appointment-accepted');
  });
});
