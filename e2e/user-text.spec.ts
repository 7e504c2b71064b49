import { readFileSync } from 'node:fs';
import { solveChallenge } from 'altcha-lib/v1';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { utcDayFromToday } from '../shared/calendar-days.js';
import { altchaToken, CAPTCHA_CHALLENGE_PATH, type AltchaChallenge } from '../shared/captcha.js';
import { chooseCountry } from './support/admin.js';
import type { RunningApp } from './support/app.js';
import { visitorPage } from './support/site.js';
import { graphql, staffSession } from './support/staff.js';

/**
 * Hostile text sent by visitors through the public APIs, and by staff into public content. Every value is markup or
 * script in some form; several start with a character a spreadsheet would run as a formula. The payloads call
 * alert() and set window.__xss, so an injection would show as a dialog, a global, or an element in the page.
 */
const ENQUIRY = {
  first_name: '<img src=x onerror="window.__xss=1;alert(1)">',
  last_name: "@SUM(1+1)*cmd|' /C calc'!A0",
  email_address: 'o.brien+test@example.com',
  phone_number: '+61 400 000 000',
  subject: '<script>window.__xss=2;alert(2)</script>',
  message: '"><svg onload=window.__xss=3> =HYPERLINK("http://evil.example","x") \n second line & &amp; done',
};
const APPOINTMENT = {
  first_name: "=cmd|' /C calc'!A0",
  last_name: '<a href="javascript:window.__xss=5">Tremblay</a>',
  email_address: 'appointment@example.com',
  contact_number: '-1 416 555 0123',
  comment: '-2+3 <iframe srcdoc="<script>parent.__xss=4</script>"></iframe>\n<b>not bold</b>',
};
const OSHC = {
  phone_no: '-1 (416) 555-0100',
  email: '-hostile+oshc@example.com',
};
/** Staff-entered text shown on the public home page. */
const TESTIMONIAL = {
  name: '<b>Bold</b> Name',
  testimonial: '<b>bold</b><script>window.__xss=6;alert(6)</script> & &amp; <img src=x onerror=window.__xss=7>',
  relation: '"><svg onload=window.__xss=8>',
};

/** A cell a spreadsheet would run as a formula. */
const FORMULA_START = /^[=+\-@\t\r]/;
const BOM = '\uFEFF';

/** RFC 4180 records (quoted fields may hold commas, quotes and line breaks), the byte order mark removed. */
function parseCsv(text: string): string[][] {
  const source = text.startsWith(BOM) ? text.slice(BOM.length) : text;
  const records: string[][] = [];
  let record: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < source.length; i++) {
    const c = source[i]!;
    if (quoted) {
      if (c !== '"') field += c;
      else if (source[i + 1] === '"') {
        field += '"';
        i++;
      } else quoted = false;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      record.push(field);
      field = '';
    } else if (c === '\r' && source[i + 1] === '\n') {
      record.push(field);
      records.push(record);
      record = [];
      field = '';
      i++;
    } else field += c;
  }
  if (field !== '' || record.length > 0) records.push([...record, field]);
  return records;
}

/** The data records of a CSV file as objects keyed by the header. */
function csvRows(text: string): Record<string, string>[] {
  const [header, ...rows] = parseCsv(text);
  return rows.map((row) => Object.fromEntries(header!.map((name, i) => [name, row[i]!])));
}

/**
 * Visitors' text in the staff area, and staff text on the public site, is shown as text: it reads exactly as
 * written, no element is made from it, no script runs, and the CSV export neither runs formulas nor loses markup.
 */
describe('text from visitors and staff is shown as text', () => {
  const session = staffSession();
  let app: RunningApp;
  let browser: Browser;
  let page: Page;
  let token: string;
  let countries: Map<string, number>;
  /** What the browser reported that an injection would cause: dialogs, errors, Content-Security-Policy refusals. */
  const incidents: string[] = [];

  /** This file's own visitor address, so its submissions count against no other test's rate limit. */
  const VISITOR_ADDRESS = '203.0.113.77';

  async function captchaToken(): Promise<string> {
    const challenge = (await fetch(`${app.url}${CAPTCHA_CHALLENGE_PATH}`, {
      headers: { 'x-forwarded-for': VISITOR_ADDRESS },
    }).then((r) => r.json())) as AltchaChallenge;
    const solution = await solveChallenge(challenge.challenge, challenge.salt, 'SHA-256', challenge.maxnumber).promise;
    return altchaToken({ ...challenge, number: solution!.number });
  }

  /** A GraphQL form submission as an external caller makes it (no token). */
  async function submitGraphql(mutation: string, inputType: string, input: Record<string, unknown>): Promise<number> {
    const response = await fetch(`${app.url}/api/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': VISITOR_ADDRESS },
      body: JSON.stringify({
        query: `mutation($input: ${inputType}!) { ${mutation}(input: $input) { success id } }`,
        variables: { input: { ...input, reCaptcha_token: await captchaToken() } },
      }),
    });
    const body = (await response.json()) as {
      data?: Record<string, { success: boolean; id: number }>;
      errors?: { message: string }[];
    };
    if (body.errors?.length) throw new Error(`${mutation}: ${body.errors.map((e) => e.message).join('; ')}`);
    return body.data![mutation]!.id;
  }

  /** A tRPC form submission as the public site's forms make it. */
  async function submitTrpc(procedure: string, input: Record<string, unknown>): Promise<number> {
    const response = await fetch(`${app.url}/api/trpc/${procedure}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': VISITOR_ADDRESS },
      body: JSON.stringify({ ...input, reCaptcha_token: await captchaToken() }),
    });
    const body = (await response.json()) as { result?: { data: { id: number } }; error?: { message: string } };
    if (!body.result) throw new Error(`${procedure}: ${response.status} ${body.error?.message}`);
    return body.result.data.id;
  }

  /** Nothing the hostile text could have become is in the page, and none of its scripts ran. */
  async function expectNothingInjected(target: Page) {
    const found = {
      images: await target.locator('img[src="x"]').count(),
      svgHandlers: await target.locator('svg[onload]').count(),
      frames: await target.locator('iframe[srcdoc]').count(),
      scriptLinks: await target.locator('a[href^="javascript:"]').count(),
      bold: await target.locator('b').count(),
      scripts: await target.evaluate<number>(
        'Array.from(document.scripts).filter((s) => /^\\s*(window|parent)\\.__xss/.test(s.text)).length',
      ),
      xss: await target.evaluate<string>('typeof window.__xss'),
    };
    expect(found).toEqual({
      images: 0,
      svgHandlers: 0,
      frames: 0,
      scriptLinks: 0,
      bold: 0,
      scripts: 0,
      xss: 'undefined',
    });
    expect(incidents).toEqual([]);
  }

  /** Each field of the open detail view (`dt` label → `dd` text), exactly as the DOM holds it. */
  async function detailTexts(dialog: Locator): Promise<Record<string, string>> {
    const labels = await dialog.locator('dt').allTextContents();
    const values = await dialog.locator('dd').allTextContents();
    expect(values).toHaveLength(labels.length);
    return Object.fromEntries(labels.map((label, i) => [label, values[i]!]));
  }

  /** Clicks "Export CSV" and answers the downloaded file's text. */
  async function exportCsv(): Promise<string> {
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export CSV' }).click(),
    ]);
    return readFileSync(await download.path(), 'utf8');
  }

  /** No cell of the file would start a formula in a spreadsheet. */
  function expectNoFormula(csv: string) {
    const cells = parseCsv(csv).flat();
    expect(cells.filter((cell) => FORMULA_START.test(cell))).toEqual([]);
  }

  function watch(target: Page) {
    target.on('dialog', (dialog) => {
      incidents.push(`dialog: ${dialog.message()}`);
      void dialog.dismiss();
    });
    target.on('pageerror', (error) => incidents.push(`page error: ${error.message}`));
    target.on('console', (message) => {
      if (message.type() === 'error') incidents.push(`console: ${message.text()}`);
    });
  }

  beforeAll(async () => {
    ({ app, browser, page, token, countries } = await session.start());
    watch(page);
  });
  beforeEach(() => {
    incidents.length = 0;
  });
  afterAll(() => session.close());

  describe('Contact Us', () => {
    it('stores a hostile enquiry sent through tRPC exactly as sent', async () => {
      const { getAllBranch } = await graphql<{ getAllBranch: { id: number; name: string }[] }>(
        app,
        token,
        'query { getAllBranch { id name } }',
      );
      const branchId = getAllBranch.find((branch) => branch.name === 'Kathmandu')!.id;
      await submitTrpc('forms.contactUs', {
        ...ENQUIRY,
        branch_id: branchId,
        hear_about_us: 'OTHER',
        interested_service: 'OTHER',
        has_agreed_to_terms: true,
      });
      const { getAllContactUsFormData } = await graphql<{
        getAllContactUsFormData: { data: Record<string, unknown>[] };
      }>(
        app,
        token,
        `
          query ($country: Int!) {
            getAllContactUsFormData(country_id: $country) {
              data {
                first_name
                last_name
                email_address
                phone_number
                subject
                message
              }
            }
          }
        `,
        { country: countries.get('Nepal')! },
      );
      expect(getAllContactUsFormData.data).toEqual([ENQUIRY]);
    });

    it('shows it as text in the list and the detail view', async () => {
      await page.goto(`${app.url}/admin/contactUs`);
      await chooseCountry(page, 'Nepal');
      const row = page.getByRole('row').filter({ hasText: ENQUIRY.subject });
      for (const text of [ENQUIRY.first_name, ENQUIRY.last_name, ENQUIRY.phone_number, ENQUIRY.subject]) {
        await row.getByRole('cell', { name: text, exact: true }).waitFor();
        await page.getByText(text, { exact: true }).waitFor();
      }
      await expectNothingInjected(page);

      await page.getByRole('button', { name: `View enquiry from ${ENQUIRY.first_name} ${ENQUIRY.last_name}` }).click();
      const dialog = page.getByRole('dialog', { name: 'Enquiry' });
      await dialog.getByText(ENQUIRY.message, { exact: true }).waitFor();
      expect(await detailTexts(dialog)).toMatchObject({
        'First name': ENQUIRY.first_name,
        'Last name': ENQUIRY.last_name,
        'Phone number': ENQUIRY.phone_number,
        Subject: ENQUIRY.subject,
        // Line breaks and entities as written: nothing decoded, nothing dropped.
        Message: ENQUIRY.message,
      });
      await expectNothingInjected(page);
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'hidden' });
    });

    it('exports it as text with formulas neutralised', async () => {
      const csv = await exportCsv();
      // The markup is in the file as plain text (quotes doubled inside a quoted field).
      expect(csv).toContain('"<img src=x onerror=""window.__xss=1;alert(1)"">"');
      expect(csv).toContain('<script>window.__xss=2;alert(2)</script>');
      const [enquiry] = csvRows(csv);
      expect(enquiry).toMatchObject({
        'First name': ENQUIRY.first_name,
        'Last name': `'${ENQUIRY.last_name}`,
        'Phone number': `'${ENQUIRY.phone_number}`,
        Subject: ENQUIRY.subject,
        // Starts with a quote, not a formula character: kept as written, the formula inside stays text.
        Message: ENQUIRY.message,
      });
      expectNoFormula(csv);
    });
  });

  describe('Appointments', () => {
    it('shows a hostile booking sent through GraphQL as text, in the list, the detail view and the CSV file', async () => {
      const canada = countries.get('Canada')!;
      await submitGraphql('addGeneralFormData', 'GeneralFormInput', {
        ...APPOINTMENT,
        services: 'OTHERS',
        has_agreed_to_terms: true,
        country_id: canada,
      });

      await page.goto(`${app.url}/admin/appointments`);
      await chooseCountry(page, 'Canada');
      for (const text of [APPOINTMENT.first_name, APPOINTMENT.last_name, APPOINTMENT.contact_number]) {
        await page.getByRole('cell', { name: text, exact: true }).waitFor();
      }
      await page.getByText(APPOINTMENT.last_name, { exact: true }).waitFor();
      await expectNothingInjected(page);

      await page
        .getByRole('button', { name: `View appointment of ${APPOINTMENT.first_name} ${APPOINTMENT.last_name}` })
        .click();
      const dialog = page.getByRole('dialog', { name: 'Appointment' });
      await dialog.getByText(APPOINTMENT.comment, { exact: true }).waitFor();
      expect(await detailTexts(dialog)).toMatchObject({
        'First name': APPOINTMENT.first_name,
        'Last name': APPOINTMENT.last_name,
        'Contact number': APPOINTMENT.contact_number,
        Comment: APPOINTMENT.comment,
      });
      await expectNothingInjected(page);
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'hidden' });

      const csv = await exportCsv();
      expect(csv).toContain('<a href=""javascript:window.__xss=5"">Tremblay</a>');
      expect(csvRows(csv)).toEqual([
        expect.objectContaining({
          'First name': `'${APPOINTMENT.first_name}`,
          'Last name': APPOINTMENT.last_name,
          'Contact number': `'${APPOINTMENT.contact_number}`,
          Comment: `'${APPOINTMENT.comment}`,
        }),
      ]);
      expectNoFormula(csv);
    });
  });

  describe('Visa (OSHC form)', () => {
    it('shows a request whose only free-form fields start like formulas as text, and exports them neutralised', async () => {
      // The OSHC form has no free text: its phone number and e-mail are the fields a visitor shapes, and both
      // may start with "-" or "+".
      const [start, end] = [30, 395].map((days) => utcDayFromToday(days));
      await submitGraphql('addOshcFormData', 'OshcFormInput', {
        ...OSHC,
        policy_types: 'COUPLE',
        policy_start_date: start,
        policy_end_date: end,
        country_id: countries.get('Australia')!,
      });

      await page.goto(`${app.url}/admin/visa`);
      await chooseCountry(page, 'Australia');
      await page.getByRole('cell', { name: OSHC.email, exact: true }).waitFor();
      await page.getByRole('cell', { name: OSHC.phone_no, exact: true }).waitFor();
      await page.getByRole('button', { name: `View request from ${OSHC.email}` }).click();
      const dialog = page.getByRole('dialog', { name: 'OSHC request' });
      expect(await detailTexts(dialog)).toMatchObject({ 'Phone number': OSHC.phone_no, Email: OSHC.email });
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'hidden' });
      await expectNothingInjected(page);

      const csv = await exportCsv();
      expect(csvRows(csv)).toEqual([
        expect.objectContaining({ 'Phone number': `'${OSHC.phone_no}`, Email: `'${OSHC.email}` }),
      ]);
      expectNoFormula(csv);
    });
  });

  describe('the public site', () => {
    it('renders a testimonial whose text is markup as that text, on the server and in the browser', async () => {
      const global = countries.get('Global')!;
      const { getHomeTestimonials } = await graphql<{ getHomeTestimonials: { data: { id: number }[] } }>(
        app,
        token,
        'query ($c: Int!) { getHomeTestimonials(country_id: $c) { data { id } } }',
        { c: global },
      );
      const id = getHomeTestimonials.data[0]!.id;
      const update = 'mutation ($input: UpdateTestimonialInput!) { updateTestimonial(input: $input) { id } }';
      await graphql(app, token, update, { input: { id, ...TESTIMONIAL } });

      const html = await visitorPage(app, global);
      // Checked as booleans: a failure names the missing text rather than printing the whole page.
      const escaped = [
        '&lt;b&gt;bold&lt;/b&gt;&lt;script&gt;window.__xss=6;alert(6)&lt;/script&gt; &amp; &amp;amp; ' +
          '&lt;img src=x onerror=window.__xss=7&gt;',
        '&lt;b&gt;Bold&lt;/b&gt; Name',
        '&quot;&gt;&lt;svg onload=window.__xss=8&gt;',
      ];
      for (const text of escaped) expect(html.includes(text), `the page holds ${text}`).toBe(true);
      // Nowhere raw, the state embedded for hydration included.
      for (const raw of ['<b>', '<script>window.__xss', '<img src=x', '<svg onload']) {
        expect(html.includes(raw), `the page holds ${raw}`).toBe(false);
      }

      const visitor = await browser.newPage();
      watch(visitor);
      await visitor.goto(`${app.url}/`, { waitUntil: 'networkidle' });
      for (const text of Object.values(TESTIMONIAL)) await visitor.getByText(text, { exact: true }).waitFor();
      await expectNothingInjected(visitor);
      await visitor.close();
    });
  });
});
