import { readFileSync } from 'node:fs';
import { solveChallenge } from 'altcha-lib/v1';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { altchaToken, CAPTCHA_CHALLENGE_PATH, type AltchaChallenge } from '../shared/captcha.js';
import { clockAt, utcDayFromToday as dayFromToday } from '../shared/calendar-days.js';
import { doorSign, weekOf } from '../shared/opening-hours.js';
import { SITE_COUNTRY_COOKIE } from '../shared/site-country.js';
import { checkAdminScreen, chooseCountry, expectToast } from './support/admin.js';
import type { RunningApp } from './support/app.js';
import { graphql, staffSession } from './support/staff.js';

interface NamedRow {
  id: number;
  name: string;
}

const BOM = '\uFEFF';

/** The Branch screen and the three form-entry screens: Visa (OSHC form), Contact Us and Appointments. */
describe('staff area: branches and form entries', () => {
  const session = staffSession();
  let app: RunningApp;
  let page: Page;
  let token: string;
  let countries: Map<string, number>;

  /** A captcha answer, solved here as the widget would solve it (a second or two of hashing at the real difficulty). */
  async function captchaToken(): Promise<string> {
    const challenge = (await fetch(`${app.url}${CAPTCHA_CHALLENGE_PATH}`).then((r) => r.json())) as AltchaChallenge;
    const solution = await solveChallenge(challenge.challenge, challenge.salt, 'SHA-256', challenge.maxnumber).promise;
    return altchaToken({ ...challenge, number: solution!.number });
  }

  /** A form sent as a visitor would (no staff token), with a captcha answer (`token`, or one solved now). */
  async function submitForm(
    mutation: string,
    inputType: string,
    input: Record<string, unknown>,
    token?: string,
  ): Promise<number> {
    const reCaptcha_token = token ?? (await captchaToken());
    const response = await fetch(`${app.url}/api/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        query: `mutation($input: ${inputType}!) { ${mutation}(input: $input) { success id } }`,
        variables: { input: { ...input, reCaptcha_token } },
      }),
    });
    const body = (await response.json()) as {
      data?: Record<string, { success: boolean; id: number }>;
      errors?: { message: string }[];
    };
    if (body.errors?.length) throw new Error(`${mutation}: ${body.errors.map((e) => e.message).join('; ')}`);
    return body.data![mutation]!.id;
  }

  /** The public Contact Us page of a country site, as the "More Sites" choice shows it. */
  const contactUsPage = (countryId: number) =>
    fetch(`${app.url}/contact-us`, { headers: { cookie: `${SITE_COUNTRY_COOKIE}=${countryId}` } }).then((r) =>
      r.text(),
    );

  /** Clicks "Export CSV" and answers the downloaded file's name and text. */
  async function exportCsv(): Promise<{ name: string; text: string }> {
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export CSV' }).click(),
    ]);
    const path = await download.path();
    return { name: download.suggestedFilename(), text: readFileSync(path, 'utf8') };
  }

  /** The records of a CSV file without embedded line breaks, header first. */
  const records = (csv: string) => csv.slice(BOM.length).split('\r\n').slice(0, -1);

  const rowCount = () => page.locator('tbody tr').count();
  const pageOf = () => page.getByTestId('page-of').textContent();

  beforeAll(async () => {
    ({ app, page, token, countries } = await session.start());
  });
  afterAll(() => session.close());

  describe('Branch', () => {
    const field = (dialog: Locator, name: string) => dialog.getByRole('textbox', { name, exact: true });
    const branchesOf = async (countryId: number) =>
      (
        await graphql<{ getCountryBranch: Record<string, unknown>[] }>(
          app,
          token,
          `
            query ($c: Int!) {
              getCountryBranch(country_id: $c) {
                id
                name
                email
                phone_number
                address
                google_map_link
                messenger_url
                whatsapp_number
                time_zone
                country {
                  name
                }
              }
            }
          `,
          { c: countryId },
        )
      ).getCountryBranch;

    it('adds a branch to a country; it shows on that country’s Contact Us page', async () => {
      const canada = countries.get('Canada')!;
      await page.goto(`${app.url}/admin/branch`);
      await expect.poll(() => page.getByRole('combobox', { name: 'Country' }).inputValue()).toBe('Global');
      await chooseCountry(page, 'Canada');
      await page.getByRole('cell', { name: 'No Data' }).waitFor();
      await expect(page.getByRole('columnheader').allTextContents()).resolves.toEqual([
        'Name',
        'Email',
        'Phone number',
        'Address',
        'Action',
      ]);

      await page.getByRole('button', { name: 'Add Branch' }).click();
      const dialog = page.getByRole('dialog', { name: 'Add Branch' });
      await expect(dialog.getByRole('combobox', { name: 'Country' }).inputValue()).resolves.toBe('Canada');
      const save = dialog.getByRole('button', { name: 'Save' });
      await expect(save.isDisabled()).resolves.toBe(true);
      await field(dialog, 'Name').fill('Toronto Downtown');
      await field(dialog, 'Email').fill('toronto@example.com');
      await field(dialog, 'Phone number').fill('+1 416 555 0199');
      await field(dialog, 'Address').fill('100 Queen Street West, Toronto');
      await field(dialog, 'Messenger link').fill('javascript:alert(1)');
      await field(dialog, 'Messenger link').blur();
      await dialog.getByText('Messenger link must be an http(s) link').waitFor();
      await expect(save.isDisabled()).resolves.toBe(true);
      await field(dialog, 'Messenger link').fill('https://m.me/horizon.toronto.example');
      await field(dialog, 'WhatsApp number').fill('416 555 0199');
      await field(dialog, 'WhatsApp number').blur();
      await dialog.getByText('Enter the WhatsApp number with its country code, e.g. +61 491 570 156').waitFor();
      await field(dialog, 'WhatsApp number').fill('+1 416 555 0199');
      await field(dialog, 'Google map link').fill('https://maps.google.com/?q=100+Queen+St+W+Toronto');
      await expect.poll(() => save.isEnabled()).toBe(true);
      await save.click();
      await expectToast(page, 'Successfully Added!');
      await dialog.waitFor({ state: 'hidden' });
      await page.getByRole('cell', { name: 'Toronto Downtown', exact: true }).waitFor();
      await checkAdminScreen(page, 'branch');

      expect(await branchesOf(canada)).toEqual([
        expect.objectContaining({
          name: 'Toronto Downtown',
          email: 'toronto@example.com',
          phone_number: '+1 416 555 0199',
          address: '100 Queen Street West, Toronto',
          google_map_link: 'https://maps.google.com/?q=100+Queen+St+W+Toronto',
          messenger_url: 'https://m.me/horizon.toronto.example',
          whatsapp_number: '+1 416 555 0199',
          time_zone: null,
          country: { name: 'Canada' },
        }),
      ]);
      const html = await contactUsPage(canada);
      expect(html).toContain('Toronto Downtown');
      expect(html).toContain('href="https://wa.me/14165550199"');
      expect(html).toContain('100 Queen Street West, Toronto');
      // Other countries' Contact Us pages list their own branches (the chat dialog offers every branch by name).
      expect(await contactUsPage(countries.get('Nepal')!)).not.toContain('100 Queen Street West, Toronto');
    });

    it('edits the branch; the Contact Us page shows the change', async () => {
      const canada = countries.get('Canada')!;
      await page.getByRole('button', { name: 'Edit Toronto Downtown' }).click();
      const dialog = page.getByRole('dialog', { name: 'Edit Branch · Toronto Downtown' });
      const save = dialog.getByRole('button', { name: 'Save' });
      // Unchanged: nothing to save.
      await expect(save.isDisabled()).resolves.toBe(true);
      await expect(field(dialog, 'Messenger link').inputValue()).resolves.toBe('https://m.me/horizon.toronto.example');
      await field(dialog, 'Address').fill('200 Bay Street, Toronto');
      await field(dialog, 'Google map link').fill('');
      // Its own clock (decision 050), found by the city's name.
      await dialog.getByRole('combobox', { name: 'Time zone' }).fill('toronto');
      await page.getByRole('option', { name: 'America/Toronto', exact: true }).click();
      await expect.poll(() => save.isEnabled()).toBe(true);
      await save.click();
      await expectToast(page, 'Successfully Updated!');
      await dialog.waitFor({ state: 'hidden' });
      await page.getByRole('cell', { name: '200 Bay Street, Toronto', exact: true }).waitFor();

      expect(await branchesOf(canada)).toEqual([
        expect.objectContaining({
          address: '200 Bay Street, Toronto',
          google_map_link: null,
          time_zone: 'America/Toronto',
        }),
      ]);
      const html = await contactUsPage(canada);
      expect(html).toContain('200 Bay Street, Toronto');
      expect(html).not.toContain('100 Queen Street West');
    });

    it('gives the branch its opening hours, day by day; the Contact Us page shows them (decision 051)', async () => {
      const canada = countries.get('Canada')!;
      await page.getByRole('button', { name: 'Edit Toronto Downtown' }).click();
      const dialog = page.getByRole('dialog', { name: 'Edit Branch · Toronto Downtown' });
      const hours = dialog.getByRole('group', { name: 'Opening hours' });
      await expect(hours.getByText('Closed', { exact: true }).count()).resolves.toBe(7);
      await hours.getByRole('checkbox', { name: 'Monday' }).check();
      await hours.getByLabel('Monday opens').fill('08:30');
      await hours.getByLabel('Monday closes').fill('17:00');
      // A day opened takes the hours of the open day before it.
      await hours.getByRole('checkbox', { name: 'Tuesday' }).check();
      await expect(hours.getByLabel('Tuesday opens').inputValue()).resolves.toBe('08:30');
      await hours.getByRole('checkbox', { name: 'Saturday' }).check();
      await hours.getByLabel('Saturday closes').fill('08:00');
      await hours.getByLabel('Saturday closes').blur();
      await hours.getByText('Closing time must be after opening time').waitFor();
      const save = dialog.getByRole('button', { name: 'Save' });
      await expect(save.isDisabled()).resolves.toBe(true);
      await hours.getByLabel('Saturday opens').fill('10:00');
      await hours.getByLabel('Saturday closes').fill('13:00');
      await checkAdminScreen(page, 'branch-hours');
      await expect.poll(() => save.isEnabled()).toBe(true);
      await save.click();
      await expectToast(page, 'Successfully Updated!');
      await dialog.waitFor({ state: 'hidden' });

      const [toronto] = await graphql<{ getCountryBranch: { opening_hours: Record<string, unknown> }[] }>(
        app,
        token,
        'query ($c: Int!) { getCountryBranch(country_id: $c) { opening_hours { monday { opens closes } tuesday { opens closes } wednesday { opens closes } saturday { opens closes } } } }',
        { c: canada },
      ).then((data) => data.getCountryBranch);
      expect(toronto?.opening_hours).toEqual({
        monday: { opens: '08:30', closes: '17:00' },
        tuesday: { opens: '08:30', closes: '17:00' },
        wednesday: null,
        saturday: { opens: '10:00', closes: '13:00' },
      });
      const html = await contactUsPage(canada);
      expect(html).toContain('<dt>Monday–Tuesday</dt><dd>08:30–17:00</dd>');
      expect(html).toContain('<dt>Wednesday–Friday</dt><dd>Closed</dd>');
      expect(html).toContain('<dt>Saturday</dt><dd>10:00–13:00</dd>');
    });

    it('closes the branch for a day or several on the Closures screen (decision 052); Contact Us tells it', async () => {
      const canada = countries.get('Canada')!;
      await page.goto(`${app.url}/admin/closures`);
      await chooseCountry(page, 'Canada');
      await page.getByRole('cell', { name: 'No Data' }).waitFor();
      await page.getByRole('button', { name: 'Add Closure' }).click();
      const dialog = page.getByRole('dialog', { name: 'Add Closure' });
      await field(dialog, 'Name').fill('Staff retreat');
      await dialog.getByRole('combobox', { name: 'Branch' }).click();
      await page.getByRole('option', { name: 'Toronto Downtown', exact: true }).click();
      await dialog.getByLabel('First day').fill(dayFromToday(12));
      await dialog.getByLabel('Last day').fill(dayFromToday(10));
      await dialog.getByLabel('Last day').blur();
      await dialog.getByText('Last day must be on or after the first day').waitFor();
      await dialog.getByLabel('Last day').fill(dayFromToday(13));
      await checkAdminScreen(page, 'closure');
      await dialog.getByRole('button', { name: 'Save' }).click();
      await expectToast(page, 'Successfully Added!');
      await dialog.waitFor({ state: 'hidden' });
      const row = page.getByRole('row').filter({ hasText: 'Staff retreat' });
      await row.getByRole('cell', { name: 'Toronto Downtown', exact: true }).waitFor();
      await row.getByText('To come').waitFor();
      await checkAdminScreen(page, 'closures');

      const [retreat] = await graphql<{ getBranchClosures: Record<string, unknown>[] }>(
        app,
        token,
        'query ($c: Int!) { getBranchClosures(country_id: $c) { name first_day last_day } }',
        { c: canada },
      ).then((data) => data.getBranchClosures);
      expect(retreat).toEqual({ name: 'Staff retreat', first_day: dayFromToday(12), last_day: dayFromToday(13) });
      const html = await contactUsPage(canada);
      expect(html).toContain('Closed on</h4>');
      expect(html).toContain('<dd>Staff retreat</dd>');
      expect(html).toContain(`"validFrom":"${dayFromToday(12)}","validThrough":"${dayFromToday(13)}"`);

      // The door's sign, drawn in the browser on the branch's clock (America/Toronto, given above) with its week.
      const week = weekOf((day) =>
        day === 'monday' || day === 'tuesday'
          ? { opens: '08:30', closes: '17:00' }
          : day === 'saturday'
            ? { opens: '10:00', closes: '13:00' }
            : null,
      );
      const closures = [{ name: 'Staff retreat', first_day: dayFromToday(12), last_day: dayFromToday(13) }];
      const signNow = () => doorSign(week, closures, clockAt('America/Toronto', new Date())).text;
      await page.context().addCookies([{ name: SITE_COUNTRY_COOKIE, value: String(canada), url: app.url }]);
      const before = signNow();
      await page.goto(`${app.url}/contact-us`);
      const sign = page.getByText(/^(Open|Closed) now/);
      await sign.waitFor();
      // Either side of a minute's turn.
      expect([before, signNow()]).toContain(await sign.textContent());
      await page.goto(`${app.url}/admin/branch`);
      await chooseCountry(page, 'Canada');
      await page.getByRole('cell', { name: 'Toronto Downtown', exact: true }).waitFor();
    });

    it('deletes the branch after "Do you want to delete ?"; it leaves the Contact Us page', async () => {
      const canada = countries.get('Canada')!;
      await page.getByRole('button', { name: 'Delete Toronto Downtown' }).click();
      const dialog = page.getByRole('dialog', { name: 'Do you want to delete ?' });
      await dialog.getByRole('button', { name: 'Delete' }).click();
      await expectToast(page, 'Successfully Deleted!');
      await dialog.waitFor({ state: 'hidden' });
      await page.getByRole('cell', { name: 'No Data' }).waitFor();
      expect(await branchesOf(canada)).toEqual([]);
      expect(await contactUsPage(canada)).not.toContain('Toronto Downtown');
      // Its own closures go with it.
      const closures = await graphql<{ getBranchClosures: unknown[] }>(
        app,
        token,
        'query ($c: Int!) { getBranchClosures(country_id: $c) { id } }',
        { c: canada },
      );
      expect(closures.getBranchClosures).toEqual([]);
    });
  });

  describe('Visa (OSHC form)', () => {
    it('lists a country’s requests, shows one in full, and exports them as CSV', async () => {
      const australia = countries.get('Australia')!;
      const start = dayFromToday(20);
      const end = dayFromToday(20 + 365);
      await submitForm('addOshcFormData', 'OshcFormInput', {
        policy_types: 'FAMILY',
        policy_start_date: start,
        policy_end_date: end,
        phone_no: '+61 400 555 666',
        email: 'family.cover@example.com',
        country_id: australia,
      });

      await page.goto(`${app.url}/admin/visa`);
      await page.getByRole('heading', { name: 'OSHC Form' }).waitFor();
      // Global has none.
      await page.getByRole('cell', { name: 'No Data' }).waitFor();
      await chooseCountry(page, 'Australia');
      await page.getByRole('cell', { name: 'family.cover@example.com', exact: true }).waitFor();
      await expect(page.getByRole('columnheader').allTextContents()).resolves.toEqual([
        'Policy type',
        'Policy start date',
        'Policy end date',
        'Phone number',
        'Email',
        'Received at',
        'Action',
      ]);
      await page.getByRole('cell', { name: 'Family', exact: true }).waitFor();
      await checkAdminScreen(page, 'visa');

      await page.getByRole('button', { name: 'View request from family.cover@example.com' }).click();
      const dialog = page.getByRole('dialog', { name: 'OSHC request' });
      for (const text of ['Family', start, end, '+61 400 555 666', 'family.cover@example.com']) {
        await dialog.getByText(text, { exact: true }).waitFor();
      }
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'hidden' });

      const csv = await exportCsv();
      expect(csv.name).toMatch(/^oshc-requests-australia-\d{4}-\d\d-\d\d\.csv$/);
      expect(csv.text.startsWith(BOM)).toBe(true);
      const lines = records(csv.text);
      expect(lines[0]).toBe('Policy type,Policy start date,Policy end date,Phone number,Email,Received at');
      expect(lines).toHaveLength(2);
      // A leading "+" would start a formula in a spreadsheet: it is neutralised.
      expect(lines[1]).toMatch(
        new RegExp(`^Family,${start},${end},'\\+61 400 555 666,family\\.cover@example\\.com,\\d{4}-\\d\\d-\\d\\dT`),
      );
    });
  });

  describe('Contact Us', () => {
    const enquiry = (branchId: number, overrides: Record<string, unknown>) => ({
      branch_id: branchId,
      first_name: 'Asha',
      last_name: 'Gurung',
      email_address: 'asha@example.com',
      phone_number: '9801234567',
      subject: 'Study in Australia',
      hear_about_us: 'SOCIAL_MEDIA',
      interested_service: 'EDUCATION',
      message: 'Please call me.',
      has_agreed_to_terms: true,
      ...overrides,
    });

    it('lists a country’s enquiries, narrows them to a branch, shows one in full and exports the filtered list', async () => {
      const { getAllBranch } = await graphql<{ getAllBranch: NamedRow[] }>(
        app,
        token,
        'query { getAllBranch { id name } }',
      );
      const branchId = (name: string) => getAllBranch.find((branch) => branch.name === name)!.id;
      await submitForm(
        'addContactUsFormData',
        'ContactUsFormInput',
        enquiry(branchId('Kathmandu'), { first_name: 'Zoë', message: '=HYPERLINK("http://evil.example","Click")' }),
      );
      await submitForm(
        'addContactUsFormData',
        'ContactUsFormInput',
        enquiry(branchId('Butwal'), {
          first_name: 'Bikash',
          email_address: 'bikash@example.com',
          interested_service: 'VISA_AND_MIGRATION',
          message: 'Line one\nLine two, with a comma',
        }),
      );

      await page.getByRole('link', { name: 'Contact Us' }).click();
      await page.waitForURL(`${app.url}/admin/contactUs`);
      await chooseCountry(page, 'Nepal');
      await page.getByRole('cell', { name: 'Zoë', exact: true }).waitFor();
      await page.getByRole('cell', { name: 'Bikash', exact: true }).waitFor();
      await expect(page.getByRole('columnheader').allTextContents()).resolves.toEqual([
        'First name',
        'Last name',
        'Email address',
        'Phone number',
        'Subject',
        'Branch',
        'Received at',
        'Action',
      ]);
      await checkAdminScreen(page, 'contact-us');

      await page.getByRole('button', { name: 'View enquiry from Zoë Gurung' }).click();
      const dialog = page.getByRole('dialog', { name: 'Enquiry' });
      for (const text of [
        'Zoë',
        'Gurung',
        'asha@example.com',
        '9801234567',
        'Study in Australia',
        'Social Media',
        'Education',
        '=HYPERLINK("http://evil.example","Click")',
        'Yes',
        'Kathmandu',
      ]) {
        await dialog.getByText(text, { exact: true }).waitFor();
      }
      await dialog.getByRole('button', { name: 'Close' }).click();
      await dialog.waitFor({ state: 'hidden' });

      // All of Nepal's enquiries: the formula is exported as text.
      const all = await exportCsv();
      expect(all.name).toMatch(/^enquiries-nepal-\d{4}-\d\d-\d\d\.csv$/);
      expect(all.text.startsWith(BOM)).toBe(true);
      expect(all.text).toContain(
        '\r\nZoë,Gurung,asha@example.com,9801234567,Study in Australia,Social Media,Education,' +
          '"\'=HYPERLINK(""http://evil.example"",""Click"")",Yes,Kathmandu,',
      );
      expect(all.text).toContain('"Line one\nLine two, with a comma"');
      expect(all.text.split('\r\n')[0]).toBe(
        `${BOM}First name,Last name,Email address,Phone number,Subject,Heard about us,Interested service,Message,` +
          'Agreed to terms,Branch,Received at',
      );

      // One branch: the list and the export follow the filter.
      await page.getByRole('combobox', { name: 'Branch' }).click();
      await page.getByRole('option', { name: 'Butwal', exact: true }).click();
      await expect.poll(rowCount).toBe(1);
      await page.getByRole('cell', { name: 'Bikash', exact: true }).waitFor();
      const butwal = await exportCsv();
      expect(butwal.name).toMatch(/^enquiries-nepal-butwal-\d{4}-\d\d-\d\d\.csv$/);
      expect(butwal.text).toContain('Bikash,Gurung,bikash@example.com');
      expect(butwal.text).not.toContain('Zoë');
    });
  });

  describe('Appointments', () => {
    it('is in the sidebar after Contact Us; lists, shows and exports every booking of the country', async () => {
      const canada = countries.get('Canada')!;
      const guests = ['Ava', 'Ben', 'Chloé', 'Dev', 'Emma', 'Finn'];
      const emailOf = (name: string) =>
        `${name
          .normalize('NFKD')
          .replace(/[^a-z]/gi, '')
          .toLowerCase()}@example.com`;
      // The six answers are worked out side by side (hashing runs on Node's thread pool), then sent in order.
      const tokens = await Promise.all(guests.map(() => captchaToken()));
      for (const [index, first_name] of guests.entries()) {
        await submitForm(
          'addGeneralFormData',
          'GeneralFormInput',
          {
            first_name,
            last_name: 'Tremblay',
            email_address: emailOf(first_name),
            contact_number: '+1 416 555 0123',
            services: index === 0 ? 'HEALTH_INSURANCE' : 'STUDY_ABROAD',
            comment: index === 0 ? '-1 day notice is fine' : '',
            has_agreed_to_terms: true,
            country_id: canada,
          },
          tokens[index],
        );
      }

      const sidebar = await page.getByRole('navigation').getByRole('link').allTextContents();
      expect(sidebar.indexOf('Appointments')).toBe(sidebar.indexOf('Contact Us') + 1);
      await page.getByRole('link', { name: 'Appointments' }).click();
      await page.waitForURL(`${app.url}/admin/appointments`);
      await page.getByRole('heading', { name: 'Appointments' }).waitFor();
      await chooseCountry(page, 'Canada');
      // Six bookings, five a page.
      await expect.poll(pageOf).toBe('Page 1 of 2');
      await expect.poll(rowCount).toBe(5);
      await expect(page.getByRole('columnheader').allTextContents()).resolves.toEqual([
        'First name',
        'Last name',
        'Email address',
        'Contact number',
        'Service',
        'Preferred date',
        'Received at',
        'Action',
      ]);
      await checkAdminScreen(page, 'appointments');
      await page.getByRole('button', { name: 'Next page' }).click();
      await page.getByRole('cell', { name: 'Ava', exact: true }).waitFor();

      await page.getByRole('button', { name: 'View appointment of Ava Tremblay' }).click();
      const dialog = page.getByRole('dialog', { name: 'Appointment' });
      for (const text of ['Ava', 'ava@example.com', '+1 416 555 0123', 'Health Insurance', '-1 day notice is fine']) {
        await dialog.getByText(text, { exact: true }).waitFor();
      }
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'hidden' });

      // Every booking of the filter, not only the page shown.
      const csv = await exportCsv();
      expect(csv.name).toMatch(/^appointments-canada-\d{4}-\d\d-\d\d\.csv$/);
      const lines = records(csv.text);
      expect(lines[0]).toBe(
        'First name,Last name,Email address,Contact number,Service,Meet by,Branch,Preferred date,Preferred time,Comment,Agreed to terms,Received at',
      );
      expect(lines.slice(1).map((line) => line.split(',')[0])).toEqual([...guests].reverse());
      expect(lines.at(-1)).toMatch(
        // Booked without preferences: their four columns are empty.
        /^Ava,Tremblay,ava@example\.com,'\+1 416 555 0123,Health Insurance,,,,,'-1 day notice is fine,Yes,\d{4}-/,
      );
    }, 120_000);
  });
});
