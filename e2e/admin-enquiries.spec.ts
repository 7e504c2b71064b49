import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { utcDayFromToday } from '../shared/calendar-days.js';
import { APPOINTMENT_THANK_YOU, FORM_THANK_YOU } from '../shared/forms.schema.js';
import { checkAdminScreen, expectToast } from './support/admin.js';
import type { RunningApp } from './support/app.js';
import { enquiryForm } from './support/enquiry.js';
import { nextSundayOpenAsUsual, visitorContext } from './support/site.js';
import { staffSession, trpc, type StaffSession } from './support/staff.js';

/**
 * From enquiry to handled lead: a visitor sends an enquiry on the public site; staff find it in the inbox at once,
 * without choosing a country, assign it, add a note, move it to CONTACTED, and find its mails in the Outbox.
 */
describe('staff area: the Enquiries inbox and the Outbox', () => {
  const session = staffSession();
  let app: RunningApp;
  let page: Page;
  let browser: StaffSession['browser'];
  let countries: Map<string, number>;
  let token: string;

  beforeAll(async () => {
    ({ app, page, browser, countries, token } = await session.start());
  });
  afterAll(() => session.close());

  /**
   * A visitor of the Australia site, brought by a Facebook ad to About Us, goes on to the enquiry form and sends it,
   * as in the browser.
   */
  async function sendEnquiryAsVisitor(first = 'Priya', last = 'Karki'): Promise<void> {
    const context = await visitorContext(browser, app, countries.get('Australia')!);
    const visitor = await context.newPage();
    await visitor.goto(`${app.url}/about-us?utm_source=facebook&utm_medium=paid_social&utm_campaign=Nursing-Feb`, {
      referer: 'https://l.facebook.com/',
      waitUntil: 'networkidle',
    });
    await visitor.goto(`${app.url}/enquiry`, { waitUntil: 'networkidle' });
    const enquiry = enquiryForm(visitor);
    await enquiry.fillSender({ first, last, email: 'priya@example.com', phone: '+61 400 111 222' });
    await enquiry.field('Subject').fill('Master of Nursing');
    await enquiry.field('Message').fill('Which universities take February intakes?');
    await enquiry.agreeAndSend();
    await visitor.getByRole('status').filter({ hasText: FORM_THANK_YOU }).waitFor();
    await context.close();
  }

  it('shows a new enquiry at once, and lets staff assign it, note it and move it on', async () => {
    // Before the first lead, the inbox says what will arrive in it.
    await page.goto(`${app.url}/admin/enquiries`);
    await page.getByText('No enquiries yet. Every enquiry, appointment request and OSHC quote request').waitFor();
    await expect(page.getByRole('button', { name: 'Export CSV' }).isDisabled()).resolves.toBe(true);
    // So do the Outbox and, narrowed to a status, says that none has it.
    await page.goto(`${app.url}/admin/outbox`);
    await page.getByText('No mails yet. Each new enquiry sends staff a notification').waitFor();
    await page.getByRole('combobox', { name: 'Status' }).click();
    await page.getByRole('option', { name: 'Sent', exact: true }).click();
    await page.getByText('No mail has this status.').waitFor();
    await sendEnquiryAsVisitor();

    await page.goto(`${app.url}/admin/enquiries`);
    const sidebar = page.getByRole('navigation', { name: 'Admin sections' });
    // The sidebar counts it as new; the inbox lists it without a country chosen.
    await sidebar.getByRole('link', { name: /^Enquiries\s*1 waiting for an answer$/ }).waitFor();
    const name = page.getByRole('button', { name: 'Priya Karki' });
    await name.waitFor();
    const row = page.locator('tbody tr').filter({ has: name });
    await expect(row.textContent()).resolves.toMatch(/Australia · Sydney.*Education.*New.*Unassigned/);
    await checkAdminScreen(page, 'enquiries');

    await name.click();
    const panel = page.getByRole('dialog');
    await panel.getByRole('heading', { name: 'Priya Karki' }).waitFor();
    await panel.getByText('Which universities take February intakes?').waitFor();
    await expect(panel.getByRole('link', { name: 'priya@example.com' }).getAttribute('href')).resolves.toBe(
      'mailto:priya@example.com',
    );
    // Her number has its country code: WhatsApp's own link opens a chat with her.
    const whatsapp = panel.getByRole('link', { name: 'WhatsApp +61 400 111 222 (opens in a new tab)' });
    await expect(whatsapp.getAttribute('href')).resolves.toBe('https://wa.me/61400111222');
    // Where she came from: the ad that brought her, and the pages of her visit.
    const cameFrom = panel.getByRole('region', { name: 'Came from' });
    await expect(cameFrom.getByRole('row').allTextContents()).resolves.toEqual([
      'ChannelPaid ads',
      'Campaignnursing-feb',
      'Source / mediumfacebook / paid_social',
      'Linked froml.facebook.com',
      'First page/about-us',
      'Sent from/enquiry',
    ]);

    await panel.getByRole('combobox', { name: 'Assigned to' }).click();
    await page.getByRole('option', { name: 'Administrator' }).click();
    await expectToast(page, 'Successfully Updated!');
    await panel.getByText('Assigned to Administrator').waitFor();

    await panel.getByRole('textbox', { name: 'Add a note' }).fill('Called her; sending the February intake list.');
    await panel.getByRole('button', { name: 'Add note' }).click();
    await expectToast(page, 'Note added');
    await panel.getByText('Called her; sending the February intake list.', { exact: true }).waitFor();

    await panel.getByRole('combobox', { name: 'Status' }).click();
    await page.getByRole('option', { name: 'Contacted' }).click();
    await panel.getByText('Status New → Contacted').waitFor();
    // Toasts open away from the panel: none covers its controls while it shows (the toasts' boxes read at once, as
    // an earlier toast may close meanwhile).
    await page.getByRole('alert').filter({ hasText: 'Successfully Updated!' }).first().waitFor();
    type Box = { x: number; y: number; width: number; height: number };
    const toasts = await page.getByRole('alert').evaluateAll((nodes) =>
      nodes.map((node) => {
        const { x, y, width, height } = (
          node as unknown as { getBoundingClientRect: () => Box }
        ).getBoundingClientRect();
        return { x, y, width, height };
      }),
    );
    expect(toasts.length).toBeGreaterThan(0);
    const controls = [
      panel.getByRole('combobox', { name: 'Status' }),
      panel.getByRole('combobox', { name: 'Assigned to' }),
      panel.getByLabel('Follow up on'),
      panel.getByRole('button', { name: 'Close the enquiry' }),
    ];
    for (const control of controls) {
      const b = (await control.boundingBox())!;
      for (const a of toasts) {
        const overlaps = a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
        expect(overlaps, `a toast covers ${String(control)}`).toBe(false);
      }
    }
    await checkAdminScreen(page, 'enquiry-detail');

    await panel.getByRole('button', { name: 'Close the enquiry' }).click();
    await panel.waitFor({ state: 'hidden' });
    await expect(row.textContent()).resolves.toMatch(/Contacted.*Administrator/);
    // Nothing is new any more: the sidebar's count goes.
    await expect
      .poll(() => sidebar.getByRole('link', { name: /Enquiries/ }).textContent(), { timeout: 10_000 })
      .toBe('Enquiries');

    // The inbox as a spreadsheet: every lead of the filters, in plain words.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^enquiries-all-countries-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = readFileSync(await download.path(), 'utf8').replace(/^\uFEFF/, '');
    const [header, lead] = csv.split('\r\n');
    expect(header).toBe(
      'Received at,First name,Last name,Email address,Phone number,Form,Country,Branch,Interested in,Status,' +
        'Waiting for reply since,Assigned to,Follow up,Appointment,Meet by,Length (minutes),Calendar answer,Message,' +
        'Came from,Campaign',
    );
    expect(lead).toMatch(
      /^\d{4}-\d{2}-\d{2}T[\d:.]+Z,Priya,Karki,priya@example\.com,.*,Australia,Sydney,.*,Contacted,,Administrator,/,
    );
    expect(lead).toContain('Which universities take February intakes?');
    expect(lead).toMatch(/,Paid ads,nursing-feb$/);

    // Filters narrow the list: another status shows nothing.
    await page.getByRole('combobox', { name: 'Status' }).click();
    await page.getByRole('option', { name: 'Won' }).click();
    await page.getByText('No enquiry matches these filters.').waitFor();
  });

  it('replies to the visitor from the lead: the draft outlives the panel, and the reply is listed and recorded', async () => {
    await page.goto(`${app.url}/admin/enquiries`);
    await page.getByRole('button', { name: 'Priya Karki' }).click();
    const panel = page.getByRole('dialog');
    const replies = panel.getByRole('region', { name: 'Replies' });
    await replies.getByText('No reply yet.').waitFor();
    await replies.getByRole('button', { name: 'Write a reply' }).click();
    const reply = replies.getByRole('form', { name: 'Reply' });
    await expect(reply.getByRole('textbox', { name: 'To' }).inputValue()).resolves.toBe('priya@example.com');
    const subject = reply.getByRole('textbox', { name: 'Subject' });
    await expect(subject.inputValue()).resolves.toBe('About your enquiry to Horizon Education & Migration');
    // Ready to write: the message has the focus, its caret after the greeting.
    const message = reply.getByRole('textbox', { name: 'Message' });
    await expect
      .poll(() => page.evaluate<string>("document.activeElement?.getAttribute('name') ?? ''"))
      .toBe('message');
    await page.keyboard.type('The February intake list is attached.');
    const written = 'Dear Priya,\n\nThe February intake list is attached.';
    await expect(message.inputValue()).resolves.toBe(written);
    await checkAdminScreen(page, 'enquiry-reply-form');

    // Closing the panel keeps what was written; Discard asks first.
    await panel.getByRole('button', { name: 'Close the enquiry' }).click();
    await panel.waitFor({ state: 'hidden' });
    await page.getByRole('button', { name: 'Priya Karki' }).click();
    await expect(message.inputValue()).resolves.toBe(written);
    await reply.getByRole('button', { name: 'Discard' }).click();
    const discard = page.getByRole('dialog', { name: 'Discard this reply?' });
    await discard.getByRole('button', { name: 'Keep writing' }).click();
    await discard.waitFor({ state: 'hidden' });

    // Australia starts with the demo's templates; the form links to them, and what was written waits meanwhile.
    await reply.getByRole('link', { name: "Add or change Australia's templates" }).click();
    await page.getByRole('button', { name: 'Add Reply Template' }).click();
    const adding = page.getByRole('dialog', { name: 'Add Reply Template' });
    await adding.getByRole('textbox', { name: 'Name' }).fill('Intake dates');
    await adding.getByRole('textbox', { name: 'Subject' }).fill('Intakes in {country}');
    await adding
      .getByRole('textbox', { name: 'Message' })
      .fill('Dear {first_name},\n\nThe February intake list is attached for {branch}.');
    await adding.getByRole('button', { name: 'Save' }).click();
    await expectToast(page, 'Successfully Added!');
    await page.getByRole('table', { name: 'Reply templates of Australia' }).getByText('Intake dates').waitFor();
    await checkAdminScreen(page, 'reply-templates');
    await page.goBack();
    await expect(message.inputValue()).resolves.toBe(written);
    // Starting from the template replaces what was written, after asking; its placeholders are the lead's.
    const templates = reply.getByRole('combobox', { name: 'Start from a template' });
    await templates.click();
    await page.getByRole('option', { name: 'Intake dates' }).click();
    const replace = page.getByRole('dialog', { name: 'Replace what you wrote?' });
    await replace.getByRole('button', { name: 'Keep mine' }).click();
    await replace.waitFor({ state: 'hidden' });
    await expect(message.inputValue()).resolves.toBe(written);
    await templates.click();
    await page.getByRole('option', { name: 'Intake dates' }).click();
    await replace.getByRole('button', { name: 'Use the template' }).click();
    await expect(subject.inputValue()).resolves.toBe('Intakes in Australia');
    await expect(message.inputValue()).resolves.toBe('Dear Priya,\n\nThe February intake list is attached for Sydney.');

    // A reply without a subject is refused where it is written, and nothing is sent.
    await subject.fill('');
    await reply.getByRole('button', { name: 'Send reply' }).click();
    await reply.getByText('Subject is required').waitFor();
    await subject.fill('February intakes');
    await reply.getByRole('button', { name: 'Send reply' }).click();
    await expectToast(page, 'Your reply to priya@example.com is on its way');
    await reply.waitFor({ state: 'detached' });
    const sent = replies.getByText('February intakes', { exact: true });
    await sent.waitFor();
    await replies
      .getByText(/The February intake list is attached for Sydney\.\s+Administrator\s+Horizon Education & Migration/)
      .waitFor();
    // Without an SMTP server the mail is kept in the Outbox, and the reply says so.
    await expect.poll(() => replies.textContent(), { timeout: 30_000 }).toMatch(/February intakes\s*Kept/);
    await panel.getByText('Replied by e-mail: February intakes').waitFor();
    await checkAdminScreen(page, 'enquiry-reply');
    await panel.getByRole('button', { name: 'Close the enquiry' }).click();
  });

  it("lists the lead's mails in the Outbox, kept because no SMTP server is set", async () => {
    await page.goto(`${app.url}/admin/outbox`);
    const notification = page.getByRole('button', { name: 'New enquiry from Priya Karki' });
    const row = page.locator('tbody tr').filter({ has: notification });
    // The queue's worker marks the mail KEPT within seconds; the screen asks again on its own.
    await expect.poll(() => row.textContent(), { timeout: 30_000 }).toMatch(/sydney@example\.com[\s\S]*Kept/);
    // The visitor's confirmation, to their own address.
    await page
      .locator('tbody tr')
      .filter({ has: page.getByRole('button', { name: 'We received your enquiry' }) })
      .filter({ hasText: 'priya@example.com' })
      .waitFor();
    await notification.click();
    const dialog = page.getByRole('dialog', { name: 'New enquiry from Priya Karki' });
    await dialog.getByText('Message: Which universities take February intakes?').waitFor();
    await dialog.getByRole('button', { name: 'Close' }).click();
    // The reply written in the lead, to the visitor.
    await expect(
      page
        .locator('tbody tr')
        .filter({ has: page.getByRole('button', { name: 'February intakes' }) })
        .textContent(),
    ).resolves.toMatch(/priya@example\.com[\s\S]*Reply \(to visitor\)[\s\S]*Australia/);
    await checkAdminScreen(page, 'outbox');
  });

  it('shows the dashboard: new and overdue per country, the chart, and an empty follow-ups list', async () => {
    await page.goto(`${app.url}/admin`);
    await page.getByRole('heading', { name: 'My follow-ups due' }).waitFor();
    // How fast leads were answered: Priya's was moved to Contacted seconds after it arrived.
    const firstResponse = page.getByText('First response', { exact: true }).first().locator('..');
    await expect(firstResponse.textContent()).resolves.toMatch(
      /^First response(under a minute|\d min)Median wait for a reply or a call, last 30 days: 1 of 1 enquiry answered$/,
    );
    await expect(page.getByRole('row', { name: /Australia/ }).textContent()).resolves.toMatch(
      /Australia\s*0\s*0\s*(under a minute|\d min)/,
    );
    await page.getByRole('img', { name: /1 enquiries in the last 12 weeks/ }).waitFor();
    await page.getByText('By service', { exact: true }).click();
    await page.getByRole('img', { name: /by service/ }).waitFor();
    // Where enquiries come from: Priya's Facebook ad, by channel and by campaign.
    const sources = page.getByRole('table', { name: 'By channel' });
    await expect(sources.getByRole('row').nth(1).textContent()).resolves.toBe('Paid ads10');
    await expect(page.getByRole('table', { name: 'By campaign' }).getByRole('row').nth(1).textContent()).resolves.toBe(
      'nursing-feb10',
    );
    await checkAdminScreen(page, 'dashboard');
    // A channel leads to its enquiries in the inbox, filtered by it.
    await sources.getByRole('link', { name: 'Paid ads' }).click();
    await page.getByRole('heading', { name: 'Enquiries', level: 1 }).waitFor();
    await expect.poll(() => page.getByRole('combobox', { name: 'Came from' }).inputValue()).toBe('Paid ads');
    await page.getByRole('button', { name: 'Priya Karki' }).waitFor();
    // So does a campaign.
    await page.goBack();
    await page.getByRole('table', { name: 'By campaign' }).getByRole('link', { name: 'nursing-feb' }).click();
    await expect.poll(() => page.getByRole('textbox', { name: 'Campaign' }).inputValue()).toBe('nursing-feb');
    await expect.poll(() => page.getByRole('combobox', { name: 'Came from' }).inputValue()).toBe('');
    await page.getByRole('button', { name: 'Priya Karki' }).waitFor();
    await page.getByRole('textbox', { name: 'Campaign' }).fill('another-campaign');
    await page.getByText('No enquiry matches these filters').waitFor();
  });

  it('exports what is stored about a visitor, then erases it, and lists both without the address', async () => {
    // Their Contact Us entry, as staff saw it before the erasure.
    const sidebar = page.getByRole('navigation', { name: 'Admin sections' });
    const contactUs = page.getByRole('table', { name: 'Enquiries to Australia' });
    await page.goto(`${app.url}/admin/contactUs?country=${countries.get('Australia')}`);
    await contactUs.getByRole('button', { name: 'View enquiry from Priya Karki' }).waitFor();
    await sidebar.getByRole('link', { name: 'Privacy' }).click();
    // The period the server applies (LEAD_RETENTION_MONTHS, 24 by default), in words.
    await page.getByText('once they are older than 2 years.').waitFor();
    const email = page.getByRole('textbox', { name: "Visitor's email address" });
    await email.fill('Priya@Example.com');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export JSON' }).click(),
    ]);
    const exported = JSON.parse(readFileSync(await download.path(), 'utf8')) as {
      enquiries: { submission: Record<string, string>; notes: { text: string }[] }[];
      mails: unknown[];
    };
    expect(download.suggestedFilename()).toMatch(/^privacy-export-priya-example-com-\d{4}-\d{2}-\d{2}\.json$/);
    expect(exported.enquiries).toHaveLength(1);
    expect(exported.enquiries[0]!.submission).toMatchObject({ Subject: 'Master of Nursing' });
    expect(exported.enquiries[0]!.notes.map((note) => note.text)).toEqual([
      'Called her; sending the February intake list.',
    ]);
    // Their confirmation and the reply.
    expect(exported.mails).toHaveLength(2);

    await page.getByRole('button', { name: 'Erase…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Erase everything about this address?' });
    const confirm = dialog.getByRole('button', { name: 'Erase', exact: true });
    await expect(confirm.isDisabled()).resolves.toBe(true);
    await dialog.getByRole('checkbox', { name: 'I understand that this cannot be undone' }).check();
    await confirm.click();
    await expectToast(page, 'Erased 1 enquiry and 3 mails');
    await dialog.waitFor({ state: 'hidden' });
    const rows = page.locator('tbody tr');
    await expect
      .poll(() => rows.allTextContents())
      .toEqual([
        // 1 enquiry; 3 mails (the notification, the confirmation, the reply) erased, 2 (to the address) exported.
        expect.stringMatching(/Erasure.*Administrator.*13/),
        expect.stringMatching(/Export.*Administrator.*12/),
      ]);
    await checkAdminScreen(page, 'privacy');
    // Back on Contact Us without reloading, the entry is gone too (not shown from what the page had kept).
    await page.goBack();
    await contactUs.getByText('No Data').waitFor();
    await expect(contactUs.getByRole('button', { name: 'View enquiry from Priya Karki' }).count()).resolves.toBe(0);

    // The inbox keeps the lead, without the visitor.
    await page.goto(`${app.url}/admin/enquiries`);
    await page.getByRole('button', { name: 'Anonymised visitor' }).waitFor();
  });

  it('sends a country’s new leads to the webhook an administrator sets, and logs the delivery', async () => {
    const received: string[] = [];
    const receiver = createServer((request, response) => {
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString()));
      request.on('end', () => {
        received.push(body);
        response.end('ok');
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    try {
      const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/leads`;
      await page.goto(`${app.url}/admin/webhooks`);
      await page.getByText('No deliveries yet. Each new enquiry of a country with a webhook').waitFor();
      await page.getByRole('button', { name: 'Add a webhook for Australia' }).click();
      const dialog = page.getByRole('dialog', { name: 'Australia: webhook' });
      await dialog.getByRole('textbox', { name: 'URL' }).fill(url);
      await expect(dialog.getByRole('textbox', { name: 'Secret' }).inputValue()).resolves.toMatch(/^[0-9a-f]{64}$/);
      await dialog.getByRole('button', { name: 'Save' }).click();
      await expectToast(page, 'Successfully Added!');
      await page.getByRole('button', { name: "Edit Australia's webhook" }).waitFor();

      await sendEnquiryAsVisitor('Webhook', 'Tester');
      await expect.poll(() => received.length, { timeout: 30_000 }).toBe(1);
      expect(JSON.parse(received[0]!)).toMatchObject({
        event: 'lead.created',
        lead: { first_name: 'Webhook', country: { name: 'Australia' } },
      });
      await expect
        .poll(() => page.locator('tbody tr').filter({ hasText: 'Australia' }).last().textContent(), { timeout: 30_000 })
        .toMatch(/Delivered/);
      await checkAdminScreen(page, 'webhooks');

      // Its URL changed in another window while the form is open (decision 043): the Save is refused on the field,
      // what the form holds stays, and Save again keeps it.
      await page.getByRole('button', { name: "Edit Australia's webhook" }).click();
      const editing = page.getByRole('dialog', { name: 'Australia: webhook' });
      await editing.getByRole('textbox', { name: 'URL' }).waitFor();
      const elsewhere = {
        country_id: countries.get('Australia'),
        url: `${url}/elsewhere`,
        secret: null,
        is_enabled: true,
      };
      expect((await trpc(app, token, 'webhooks.set', elsewhere, 'mutation')).error).toBeUndefined();
      await editing.getByRole('switch', { name: 'Send new leads' }).click();
      await editing.getByRole('button', { name: 'Save' }).click();
      await editing.getByText(`You changed this in another window to “${url}/elsewhere”`).waitFor();
      await expect(editing.getByRole('textbox', { name: 'URL' }).inputValue()).resolves.toBe(url);
      await checkAdminScreen(page, 'webhook-conflict');
      await editing.getByRole('button', { name: 'Save' }).click();
      await expectToast(page, 'Successfully Updated!');
      const row = page.locator('tbody tr').filter({ hasText: 'Australia' }).first();
      await expect.poll(() => row.textContent()).toMatch(new RegExp(`${url}.*Off`));
    } finally {
      await new Promise((resolve) => receiver.close(resolve));
    }
  });

  it('works at phone width', async () => {
    await page.setViewportSize({ width: 375, height: 812 });
    await page.goto(`${app.url}/admin/enquiries`);
    // The search stays in sight; the other filters fold under "Filters", which shares its line with the export.
    const filters = await page.getByRole('button', { name: /^Filters/ }).boundingBox();
    const exportCsv = await page.getByRole('button', { name: 'Export CSV' }).boundingBox();
    expect(Math.abs(filters!.y - exportCsv!.y)).toBeLessThan(4);
    const search = await page.getByRole('textbox', { name: 'Search' }).boundingBox();
    expect(filters!.y - (search!.y + search!.height)).toBeLessThan(40);
    expect(await page.getByRole('button', { name: /^Filters/ }).getAttribute('aria-expanded')).toBe('false');
    await checkAdminScreen(page, 'enquiries-375');
    await page.getByRole('button', { name: 'Anonymised visitor' }).click();
    await page.getByRole('dialog').getByText("The visitor's details were removed (privacy)").waitFor();
    await checkAdminScreen(page, 'enquiry-detail-375');
    await page.setViewportSize({ width: 1280, height: 900 });
  });

  // A long journey (booking, dashboard, lead, Outbox, inbox and its CSV) checking six screens (axe and two
  // screenshots each): over 150 s on a busy two-core machine running three specs.
  it(
    'lists the day a visitor asked to meet on the dashboard, shows the preferences in the lead, and arranges the appointment (decisions 048 to 050)',
    { timeout: 300_000 },
    async () => {
      const context = await visitorContext(browser, app, countries.get('Australia')!);
      const visitor = await context.newPage();
      await visitor.goto(`${app.url}/book-an-appointment`, { waitUntil: 'networkidle' });
      const form = visitor.getByRole('form', { name: 'Book an appointment' });
      const field = (label: string) => form.getByLabel(new RegExp(`^${label}( \\*)?$`));
      const choose = async (label: string, option: string) => {
        await field(label).click();
        await visitor.getByRole('option', { name: option, exact: true }).click();
      };
      await field('First Name').fill('Mei');
      await field('Last Name').fill('Lin');
      await field('Email Address').fill('mei@example.com');
      await field('Contact Number').fill('+61 400 333 444');
      await choose('Service', 'Study Abroad');
      await form.getByRole('radio', { name: 'At a branch' }).check();
      await choose('Branch', 'Sydney');
      const day = utcDayFromToday(3);
      await field('Preferred date').fill(day);
      await choose('Preferred time', 'Afternoon');
      await form.getByLabel(/Terms & Privacy Policy/).check();
      await field("I'm not a robot").check();
      await form.getByText('Verified', { exact: true }).waitFor({ timeout: 30_000 });
      await form.getByRole('button', { name: 'Book Appointment' }).click();
      await visitor.getByRole('status').filter({ hasText: APPOINTMENT_THANK_YOU }).waitFor();
      await context.close();

      await page.goto(`${app.url}/admin`);
      const agenda = page.getByRole('region', { name: 'Appointments' });
      const weekday = new Intl.DateTimeFormat(undefined, {
        weekday: 'short',
        day: 'numeric',
        month: 'short',
        timeZone: 'UTC',
      });
      await agenda.getByRole('link', { name: 'Mei Lin' }).waitFor();
      await expect(agenda.textContent()).resolves.toContain('At a branch · Sydney');
      await expect(agenda.textContent()).resolves.toContain(
        `${weekday.format(new Date(`${day}T00:00:00Z`))} · Afternoon`,
      );
      await checkAdminScreen(page, 'dashboard-appointments');
      // The lead it opens says how, where and when, in words.
      await agenda.getByRole('link', { name: 'Mei Lin' }).click();
      const panel = page.getByRole('dialog');
      await expect(panel.getByRole('row', { name: /^Meet by/ }).textContent()).resolves.toBe('Meet byAt a branch');
      await expect(panel.getByRole('row', { name: /^Preferred time/ }).textContent()).resolves.toBe(
        'Preferred timeAfternoon',
      );
      await panel.getByRole('row', { name: /^Preferred date/ }).waitFor();
      await checkAdminScreen(page, 'enquiry-booking');

      // A counsellor arranges it (decision 049): a time the day before what was asked, at the branch, where Noah
      // (an enquiry to Sydney, sent after Mei's booking) is already expected from 15:45 to 16:45.
      const arranged = utcDayFromToday(2);
      await sendEnquiryAsVisitor('Noah', 'Park');
      const noah = await trpc<{ data: { id: number }[] }>(app, token, 'leads.list', { filter: { search: 'Noah' } });
      const noahArranged = await trpc(
        app,
        token,
        'leads.update',
        { id: noah.data!.data[0]!.id, appointment: { day: arranged, time: '15:45', meeting: 'IN_PERSON' } },
        'mutation',
      );
      expect(noahArranged.error).toBeUndefined();
      const appointment = panel.getByRole('region', { name: 'Appointment' });
      await appointment.getByText('No appointment arranged yet.').waitFor();
      await appointment.getByRole('button', { name: 'Arrange an appointment' }).click();
      // Sent incomplete, it says what is missing, next to the field.
      await appointment.getByRole('button', { name: 'Save appointment' }).click();
      await appointment.getByText('Appointment date is required').waitFor();
      await appointment.getByLabel(/^Day/).fill(arranged);
      // Its message goes once the field is filled in; the others stay until theirs are.
      await appointment.getByText('Appointment date is required').waitFor({ state: 'detached' });
      await appointment.getByText('Enter the time as HH:MM (24-hour)').waitFor();
      await appointment.getByLabel(/^Time/).fill('15:30');
      await appointment.getByRole('combobox', { name: /^Meet by/ }).click();
      await page.getByRole('option', { name: 'At a branch', exact: true }).click();
      // The demo's Sydney is closed on Sundays (decision 051): a day that is one is warned of, not refused.
      // Not a demo closure's Sunday (decision 052), which is told as that closure.
      await appointment.getByLabel(/^Day/).fill(nextSundayOpenAsUsual());
      const closed = appointment.getByRole('status').filter({ hasText: 'Sydney is closed on Sundays' });
      await closed
        .getByText('This appointment (15:30–16:30) is outside its opening hours. You can still save it.')
        .waitFor();
      await checkAdminScreen(page, 'enquiry-appointment-closed');
      // A day of a closure (decision 052: the demo's Christmas, at its next date) is warned of, however they meet.
      const year = new Date().getUTCFullYear() + (new Date().toISOString().slice(5, 10) > '12-25' ? 1 : 0);
      await appointment.getByLabel(/^Day/).fill(`${year}-12-25`);
      await appointment
        .getByRole('status')
        .filter({ hasText: `Sydney is closed on 25–26 December ${year} (Christmas Day and Boxing Day)` })
        .getByText('This appointment (15:30–16:30) is on a day the branch is closed. You can still save it.')
        .waitFor();
      await appointment.getByLabel(/^Day/).fill(arranged);
      if (new Date(`${arranged}T00:00:00Z`).getUTCDay() !== 0) await closed.waitFor({ state: 'detached' });
      // Half an hour, where an hour is what it starts with.
      await expect(appointment.getByRole('combobox', { name: 'Length' }).inputValue()).resolves.toBe('1 hour');
      await appointment.getByRole('combobox', { name: 'Length' }).click();
      await page.getByRole('option', { name: '30 minutes', exact: true }).click();
      // It overlaps Noah's, at the same branch: a warning, not a refusal.
      const overlaps = appointment.getByRole('status').filter({ hasText: 'It overlaps other appointments' });
      await expect
        .poll(() => overlaps.getByRole('listitem').allTextContents())
        .toEqual([expect.stringMatching(/^Noah Park: .*, 15:45–16:45 · At a branch · at Sydney$/)]);
      // The time is on the clock of the lead's country; the visitor is told, with an invitation, unless unticked.
      await appointment.getByText(/^By the clock of Sydney \(.+\)$/).waitFor();
      await expect(appointment.getByRole('checkbox', { name: 'Tell the visitor' }).isChecked()).resolves.toBe(true);
      await checkAdminScreen(page, 'enquiry-appointment-form');
      await appointment.getByRole('button', { name: 'Save appointment' }).click();
      await expectToast(page, 'Appointment saved. The visitor is sent it by e-mail.');
      await appointment.getByText(/ at 15:30 for 30 minutes · At a branch$/).waitFor();
      await panel.getByText(/^Appointment arranged: .* at 15:30 for 30 minutes · At a branch$/).waitFor();
      await page.keyboard.press('Escape');

      // The invitation is in the Outbox, saying what its calendar part does (decision 050).
      await page.goto(`${app.url}/admin/outbox`);
      const invitation = page.getByRole('button', {
        name: /^Your appointment: .* at 15:30 for 30 minutes · At a branch$/,
      });
      await expect(page.locator('tbody tr').filter({ has: invitation }).textContent()).resolves.toContain(
        'Appointment invitation (to visitor)',
      );
      await invitation.click();
      await page
        .getByRole('dialog')
        .getByText('Calendar: an invitation, which puts the appointment in their calendar')
        .waitFor();
      await page.keyboard.press('Escape');

      // The dashboard lists it arranged, with its time, in place of the day Mei asked for.
      await page.goto(`${app.url}/admin`);
      await agenda.getByRole('link', { name: 'Mei Lin' }).waitFor();
      await expect(agenda.textContent()).resolves.toContain(
        `${weekday.format(new Date(`${arranged}T00:00:00Z`))} · 15:30–16:00Arranged`,
      );
      await checkAdminScreen(page, 'dashboard-agenda');

      // "All arranged" opens the inbox on the upcoming appointments; its CSV says when and how.
      await agenda.getByRole('link', { name: 'All arranged' }).click();
      await expect
        .poll(() => page.getByRole('combobox', { name: 'Appointment' }).inputValue())
        .toBe('Arranged, today or later');
      // Soonest first, each with its day, time and how they meet.
      await expect(page.getByRole('combobox', { name: 'Order' }).inputValue()).resolves.toBe(
        'Soonest appointment first',
      );
      const upcoming = page.getByRole('table', { name: /matching the filters, soonest appointment first$/ });
      await expect(
        upcoming
          .locator('tbody tr')
          .filter({ has: page.getByRole('button', { name: 'Mei Lin' }) })
          .textContent(),
      ).resolves.toContain('15:30At a branch');
      // Mei's at 15:30 before Noah's at 15:45, though Noah's lead is the newer.
      await expect(upcoming.locator('tbody tr td:nth-child(2) button').allTextContents()).resolves.toEqual([
        'Mei Lin',
        'Noah Park',
      ]);
      await checkAdminScreen(page, 'enquiries-upcoming');
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('button', { name: 'Export CSV' }).click(),
      ]);
      const rows = readFileSync(await download.path(), 'utf8')
        .split('\r\n')
        .filter(Boolean);
      expect(rows).toHaveLength(3);
      expect(rows[1]).toContain(`,${arranged} 15:30,At a branch,30,`);
      expect(rows[2]).toContain(`,${arranged} 15:45,At a branch,60,`);
    },
  );
});
