import { beforeAll, describe, expect, it } from 'vitest';
import { AxeBuilder } from '@axe-core/playwright';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import {
  APPOINTMENT_THANK_YOU,
  FORM_MESSAGES,
  FORM_THANK_YOU,
  HONEYPOT_FIELD,
  OSHC_THANK_YOU,
} from '../shared/forms.schema.js';
import { APPOINTMENT_MESSAGES } from '../shared/appointment.js';
import { utcDayFromToday as dayFromToday } from '../shared/calendar-days.js';
import { SITE_COUNTRY_COOKIE } from '../shared/site-country.js';
import { axeProblems, holdScripts, keepScreenshots, nextSundayOpenAsUsual, siteInBrowser } from './support/site.js';
import { adminToken, graphql } from './support/staff.js';

/** Every §5 message of the enquiry form, in the order of its fields. */
const ENQUIRY_MESSAGES = [
  FORM_MESSAGES.branch,
  FORM_MESSAGES.firstName,
  FORM_MESSAGES.lastName,
  FORM_MESSAGES.emailAddress,
  FORM_MESSAGES.contactNumber,
  FORM_MESSAGES.subject,
  FORM_MESSAGES.hearAboutUs,
  FORM_MESSAGES.interestedService,
  FORM_MESSAGES.message,
  FORM_MESSAGES.terms,
  FORM_MESSAGES.captcha,
];

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

interface Branch {
  id: number;
  name: string;
  country: { id: number; name: string };
}

interface EntryPage<T> {
  data: T[];
  pagination: { total: number };
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

describe('the public forms with their captcha', () => {
  const site = siteInBrowser();
  let token: string;
  let sydney: Branch;

  beforeAll(async () => {
    token = await adminToken(site.browser, site.app);
    const { getAllBranch } = await graphql<{ getAllBranch: Branch[] }>(
      site.app,
      token,
      'query { getAllBranch { id name country { id name } } }',
    );
    sydney = getAllBranch.find((branch) => branch.name === 'Sydney')!;
    expect(sydney.country.name).toBe('Australia');
  });

  /** A visitor of one country site (the "More Sites" choice cookie), or of the Global site without one. */
  async function visitor(countryId?: number): Promise<BrowserContext> {
    const context = await site.browser.newContext();
    if (countryId !== undefined) {
      await context.addCookies([{ name: SITE_COUNTRY_COOKIE, value: String(countryId), url: site.app.url }]);
    }
    return context;
  }

  /** Opens a page and collects what the browser reports as errors, except statuses a test causes on purpose. */
  async function open(context: BrowserContext, path: string, expectedStatus?: number) {
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('console', (message) => {
      const expected = expectedStatus !== undefined && message.text().includes(`status of ${expectedStatus}`);
      if (message.type() === 'error' && !expected) errors.push(`${message.text()} (${message.location().url})`);
    });
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto(`${site.app.url}${path}`, { waitUntil: 'networkidle' });
    return { page, errors };
  }

  /** A field by its whole label; a required field's label text ends with Mantine's (aria-hidden) asterisk. */
  function field(form: Locator, label: string): Locator {
    return form.getByLabel(new RegExp(`^${escapeRegExp(label)}( \\*)?$`));
  }

  /** Opens a Mantine select and clicks one of its options (they render in a portal, outside the form). */
  async function choose(page: Page, form: Locator, label: string, option: string | RegExp) {
    await field(form, label).click();
    await page.getByRole('option', { name: option }).click();
  }

  /**
   * Presses a submit button that may be aria-disabled. Browsers still deliver the click (that is the point: an
   * incomplete form then shows its messages); Playwright's actionability check treats aria-disabled as disabled.
   */
  async function clickAriaDisabled(button: Locator) {
    await button.click({ force: true });
  }

  /** The form field that has the focus (Mantine marks each input with its form path). */
  function focusedField(page: Page): Promise<string | null | undefined> {
    return page.evaluate(() => {
      type Focus = { document: { activeElement: { getAttribute(name: string): string | null } | null } };
      return (globalThis as unknown as Focus).document.activeElement?.getAttribute('data-path');
    });
  }

  /** Ticks the ALTCHA box and waits for the proof of work to be done in the browser. */
  async function solveCaptcha(form: Locator) {
    await field(form, "I'm not a robot").check();
    await form.getByText('Verified', { exact: true }).waitFor({ timeout: 30_000 });
  }

  async function fillEnquiry(page: Page, form: Locator, branch: string | RegExp, subject: string) {
    await choose(page, form, 'Branch', branch);
    await field(form, 'First Name').fill('Asha');
    await field(form, 'Last Name').fill('Gurung');
    await field(form, 'Email Address').fill('asha@example.com');
    await field(form, 'Contact Number').fill('+61 400 000 000');
    await field(form, 'Subject').fill(subject);
    await field(form, 'Message').fill('I would like to study nursing in Sydney.');
    await form.getByLabel(/Terms & Privacy Policy/).check();
  }

  async function contactUsEntries(countryId: number) {
    const result = await graphql<{
      getAllContactUsFormData: EntryPage<Record<string, unknown> & { branch: { id: number; name: string } | null }>;
    }>(
      site.app,
      token,
      `
        query ($country: Int!) {
          getAllContactUsFormData(country_id: $country, paginate: { page: 1, perPage: 20 }) {
            data {
              id
              branch_id
              branch {
                id
                name
              }
              country_id
              first_name
              last_name
              email_address
              phone_number
              subject
              hear_about_us
              interested_service
              message
              has_agreed_to_terms
            }
            pagination {
              total
            }
          }
        }
      `,
      { country: countryId },
    );
    return result.getAllContactUsFormData;
  }

  it('renders the three forms on the server as plain HTML', async () => {
    for (const [path, label, button] of [
      ['/enquiry', 'Enquiry form', 'Send Message'],
      ['/book-an-appointment', 'Book an appointment', 'Book Appointment'],
      ['/other/health-insurance', 'Health insurance (OSHC) quote', 'Request a Quote'],
    ] as const) {
      const response = await fetch(`${site.app.url}${path}`);
      expect(response.status, path).toBe(200);
      const html = await response.text();
      expect(html).toContain(`aria-label="${label}"`);
      expect(html).toContain(button);
      expect(html).toContain('I&#x27;m not a robot');
    }
  });

  it('shows every §5 message when the empty enquiry form is submitted, and sends nothing', async () => {
    const context = await visitor();
    const { page, errors } = await open(context, '/enquiry');
    let sent = 0;
    page.on('request', (request) => {
      if (request.url().includes('/api/trpc/forms.contactUs')) sent++;
    });
    const form = page.getByRole('form', { name: 'Enquiry form' });

    // The Global site has no branch of its own: it offers every branch, named with its country.
    await field(form, 'Branch').click();
    for (const name of ['Sydney, Australia', 'Kathmandu, Nepal', 'Butwal, Nepal']) {
      await page.getByRole('option', { name }).waitFor();
    }
    await page.keyboard.press('Escape');

    // A message appears when a field is left.
    await field(form, 'First Name').focus();
    await page.keyboard.press('Tab');
    await form.getByText(FORM_MESSAGES.firstName, { exact: true }).waitFor();

    // Friends and Education are chosen by default (spec §3): clear them too, so every field is empty.
    await expect(field(form, 'How did you hear about us?').inputValue()).resolves.toBe('Friends');
    await expect(field(form, 'Interested Service').inputValue()).resolves.toBe('Education');
    await choose(page, form, 'How did you hear about us?', 'Friends');
    await choose(page, form, 'Interested Service', 'Education');

    // Not sendable yet (spec §5), but still focusable and announced as unavailable rather than removed.
    const submit = form.getByRole('button', { name: 'Send Message' });
    await expect(submit.getAttribute('aria-disabled')).resolves.toBe('true');
    await clickAriaDisabled(submit);
    for (const message of ENQUIRY_MESSAGES) await form.getByText(message, { exact: true }).waitFor();
    // Focus moves to the first field in error, which reads its message.
    await expect.poll(() => focusedField(page)).toBe('branch_id');
    expect(sent).toBe(0);
    // Messages, labels and the captcha pass axe (incl. colour contrast) in their error state.
    const axe = await new AxeBuilder({ page }).include('form[aria-label="Enquiry form"]').analyze();
    expect(axe.violations.map((violation) => violation.id)).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('says beside Send what is still missing, each field a button that goes there, then the captcha', async () => {
    const context = await visitor(sydney.country.id);
    const { page, errors } = await open(context, '/enquiry');
    const form = page.getByRole('form', { name: 'Enquiry form' });
    const submit = form.getByRole('button', { name: 'Send Message' });
    const hint = form.getByText(/^To send, fill in: /);
    await hint.waitFor();
    // Read with the button by screen readers, and in the order the form shows its fields.
    await expect(submit.getAttribute('aria-describedby')).resolves.toBe(await hint.getAttribute('id'));
    const text = (await hint.textContent()) ?? '';
    expect(text).toMatch(/Then complete the check that you are not a robot\.$/);
    expect(text.indexOf('First Name')).toBeLessThan(text.indexOf('Last Name'));
    expect(text.indexOf('Last Name')).toBeLessThan(text.indexOf('Email'));
    await hint.getByRole('button', { name: 'Last Name' }).click();
    await expect.poll(() => focusedField(page)).toBe('last_name');
    await keepScreenshots(page, 'public-enquiry-missing-fields');

    await fillEnquiry(page, form, 'Sydney', 'Nursing in Sydney');
    const captchaOnly = form.getByText('Complete the check that you are not a robot.', { exact: true });
    await captchaOnly.waitFor();
    await expect(hint.count()).resolves.toBe(0);
    await solveCaptcha(form);
    await expect.poll(() => captchaOnly.count()).toBe(0);
    await expect(submit.getAttribute('aria-describedby')).resolves.toBeNull();
    expect(errors).toEqual([]);
    await context.close();
  });

  /** The enquiry form as the server sent it, its page's scripts held back until `releaseScripts`. */
  async function enquiryBeforeScripts() {
    const context = await visitor();
    const page = await context.newPage();
    const releaseScripts = await holdScripts(page);
    await page.goto(`${site.app.url}/enquiry`, { waitUntil: 'commit' });
    return { context, page, releaseScripts, form: page.getByRole('form', { name: 'Enquiry form' }) };
  }

  it("keeps what a visitor typed and ticked before the page's script had loaded", async () => {
    const { context, releaseScripts, form } = await enquiryBeforeScripts();
    const submit = form.getByRole('button', { name: 'Send Message' });
    await field(form, 'First Name').fill('Asha');
    await field(form, 'Message').fill('I would like to study nursing.');
    await form.getByLabel(/Terms & Privacy Policy/).check();
    // Off until hydrated (then only aria-disabled while the form is incomplete).
    const submitOff = () => submit.getAttribute('disabled');
    await expect(submitOff()).resolves.toBe('');

    releaseScripts();
    await expect.poll(submitOff, { timeout: 30_000 }).toBeNull();
    await clickAriaDisabled(submit);
    await form.getByText(FORM_MESSAGES.lastName, { exact: true }).waitFor();
    // The form holds what was typed: the fields still show it, and none of them says it is missing.
    await expect(field(form, 'First Name').inputValue()).resolves.toBe('Asha');
    await expect(field(form, 'Message').inputValue()).resolves.toBe('I would like to study nursing.');
    await expect(form.getByLabel(/Terms & Privacy Policy/).isChecked()).resolves.toBe(true);
    for (const message of [FORM_MESSAGES.firstName, FORM_MESSAGES.message, FORM_MESSAGES.terms]) {
      await expect(form.getByText(message, { exact: true }).count()).resolves.toBe(0);
    }
    await context.close();
  });

  it("opens the branch choice tapped before the page's script had loaded", async () => {
    const { context, page, releaseScripts, form } = await enquiryBeforeScripts();
    await field(form, 'Branch').click();
    const option = page.getByRole('option', { name: 'Sydney, Australia' });
    await expect(option.count()).resolves.toBe(0);

    releaseScripts();
    await option.click();
    await expect(field(form, 'Branch').inputValue()).resolves.toBe('Sydney, Australia');
    await context.close();
  });

  it('stores a valid enquiry once, with its branch and country, thanks the visitor and resets the form', async () => {
    const context = await visitor(sydney.country.id);
    const { page, errors } = await open(context, '/enquiry');
    const sent: Record<string, unknown>[] = [];
    const googleRequests: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/trpc/forms.contactUs')) {
        sent.push((request.postDataJSON() as Record<string, Record<string, unknown>>)['0']!);
      }
      if (/google|gstatic/.test(new URL(request.url()).hostname)) googleRequests.push(request.url());
    });
    const form = page.getByRole('form', { name: 'Enquiry form' });
    const submit = form.getByRole('button', { name: 'Send Message' });

    await fillEnquiry(page, form, 'Sydney', 'Nursing in Sydney');
    // Everything filled but the captcha: still not sendable.
    await expect(submit.getAttribute('aria-disabled')).resolves.toBe('true');
    await solveCaptcha(form);
    await expect(submit.getAttribute('aria-disabled')).resolves.toBeNull();
    // Hold the request to see the form while it is sending.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/trpc/forms.contactUs**', async (route) => {
      await held;
      await route.continue();
    });
    await submit.click();
    const sending = form.getByRole('button', { name: 'Message Submitting...' });
    await sending.waitFor();
    await expect(sending.getAttribute('aria-disabled')).resolves.toBe('true');
    release();

    await page.getByRole('status').filter({ hasText: FORM_THANK_YOU }).waitFor();
    // The form starts over: fields empty, defaults back, a fresh captcha.
    await expect(field(form, 'First Name').inputValue()).resolves.toBe('');
    await expect(field(form, 'How did you hear about us?').inputValue()).resolves.toBe('Friends');
    await expect(field(form, "I'm not a robot").isChecked()).resolves.toBe(false);
    // Under the spec's line, what happens next: who answers and when, the copy on its way, the branch's contacts.
    const next = form.getByRole('region', { name: 'What happens next' });
    await next.getByText('A counsellor at Sydney reads your message and replies within one working day.').waitFor();
    await next.getByText('asha@example.com', { exact: true }).waitFor();
    await next.getByText('Need us sooner? Sydney is here:').waitFor();
    await expect(next.getByRole('link').count()).resolves.toBeGreaterThanOrEqual(2);
    await keepScreenshots(page, 'public-enquiry-sent');

    // One request, with the branch as a number (spec §5) and a fresh idempotency key; ALTCHA needs no Google.
    expect(sent).toHaveLength(1);
    expect(googleRequests).toEqual([]);
    expect(sent[0]).toMatchObject({ branch_id: sydney.id, hear_about_us: 'FRIENDS', interested_service: 'EDUCATION' });
    expect(sent[0]!.submission_id).toMatch(UUID);
    // A person never fills the honeypot: it travels empty, so their enquiry is stored.
    expect(sent[0]![HONEYPOT_FIELD]).toBe('');

    const entries = await contactUsEntries(sydney.country.id);
    expect(entries.pagination.total).toBe(1);
    expect(entries.data[0]).toMatchObject({
      branch_id: sydney.id,
      branch: { id: sydney.id, name: 'Sydney' },
      country_id: sydney.country.id,
      first_name: 'Asha',
      last_name: 'Gurung',
      email_address: 'asha@example.com',
      phone_number: '+61 400 000 000',
      subject: 'Nursing in Sydney',
      hear_about_us: 'FRIENDS',
      interested_service: 'EDUCATION',
      message: 'I would like to study nursing in Sydney.',
      has_agreed_to_terms: true,
    });
    expect(errors).toEqual([]);
    await context.close();
  });

  it('shows "Something went wrong" when the server fails, and sends again after a new captcha', async () => {
    const before = (await contactUsEntries(sydney.country.id)).pagination.total;
    const context = await visitor(sydney.country.id);
    const { page, errors } = await open(context, '/enquiry', 500);
    const form = page.getByRole('form', { name: 'Enquiry form' });
    const submit = form.getByRole('button', { name: 'Send Message' });
    // The server's own answer to an unexpected failure (tRPC batch format, masked message).
    await page.route('**/api/trpc/forms.contactUs**', (route) =>
      route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: JSON.stringify([
          {
            error: {
              message: 'Something went wrong (request e2e)',
              code: -32603,
              data: { code: 'INTERNAL_SERVER_ERROR', httpStatus: 500, path: 'forms.contactUs' },
            },
          },
        ]),
      }),
    );

    await fillEnquiry(page, form, 'Sydney', 'During an outage');
    await solveCaptcha(form);
    await submit.click();
    await page.getByRole('alert').filter({ hasText: 'Something went wrong' }).waitFor();
    await expect(page.getByRole('status').filter({ hasText: FORM_THANK_YOU }).count()).resolves.toBe(0);
    // The values stay for another try; the answered attempt used up its captcha.
    await expect(field(form, 'Subject').inputValue()).resolves.toBe('During an outage');
    await expect(field(form, "I'm not a robot").isChecked()).resolves.toBe(false);
    expect((await contactUsEntries(sydney.country.id)).pagination.total).toBe(before);

    await page.unroute('**/api/trpc/forms.contactUs**');
    await solveCaptcha(form);
    await submit.click();
    await page.getByRole('status').filter({ hasText: FORM_THANK_YOU }).waitFor();
    // PENDING again at the new submit: the failure line is gone.
    await expect(page.getByRole('alert').filter({ hasText: 'Something went wrong' }).count()).resolves.toBe(0);
    expect((await contactUsEntries(sydney.country.id)).pagination.total).toBe(before + 1);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("shows the server's field messages next to their fields", async () => {
    const context = await visitor(sydney.country.id);
    const { page, errors } = await open(context, '/enquiry', 404);
    const form = page.getByRole('form', { name: 'Enquiry form' });
    // What the server answers for a branch deleted while the form was open (AppError fields, tRPC batch format).
    await page.route('**/api/trpc/forms.contactUs**', (route) =>
      route.fulfill({
        status: 404,
        contentType: 'application/json',
        body: JSON.stringify([
          {
            error: {
              message: 'Branch not found.',
              code: -32004,
              data: {
                code: 'NOT_FOUND',
                httpStatus: 404,
                path: 'forms.contactUs',
                fields: { branch_id: 'Branch not found' },
              },
            },
          },
        ]),
      }),
    );
    await fillEnquiry(page, form, 'Sydney', 'A branch that went away');
    await solveCaptcha(form);
    await form.getByRole('button', { name: 'Send Message' }).click();
    await form.getByText('Branch not found', { exact: true }).waitFor();
    await page.getByRole('alert').filter({ hasText: 'Something went wrong' }).waitFor();
    await expect.poll(() => focusedField(page)).toBe('branch_id');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('stores an appointment for the country site it was booked on, with how, where and when the visitor would like to meet', async () => {
    const context = await visitor(sydney.country.id);
    const { page, errors } = await open(context, '/book-an-appointment');
    const form = page.getByRole('form', { name: 'Book an appointment' });
    await field(form, 'First Name').fill('Ravi');
    await field(form, 'Last Name').fill('Sharma');
    await field(form, 'Email Address').fill('ravi@example.com');
    await field(form, 'Contact Number').fill('0400 111 222');
    await choose(page, form, 'Service', 'Study Abroad');
    // The visitor's preferences (decision 048): how, where and when.
    await form.getByRole('radio', { name: 'Video call' }).check();
    await choose(page, form, 'Branch', 'Sydney');
    // The branch's opening hours (decision 051; the demo's Sydney), and a day it is closed told before it is sent.
    await form.getByText('Sydney is open Monday–Friday 09:00–17:30, Saturday 10:00–14:00.', { exact: true }).waitFor();
    await field(form, 'Preferred date').fill(nextSundayOpenAsUsual());
    await form
      .getByRole('status')
      .filter({ hasText: 'Sydney is closed on Sundays: choose another day, or a video or phone call.' })
      .waitFor();
    // The demo's Australian holidays (decision 052), each at its next date.
    const year = new Date().getUTCFullYear() + (dayFromToday(0).slice(5) > '12-25' ? 1 : 0);
    await field(form, 'Preferred date').fill(`${year}-12-26`);
    await form
      .getByRole('status')
      .filter({
        hasText: `Sydney is closed on 25–26 December ${year} (Christmas Day and Boxing Day): choose another day, or a video or phone call.`,
      })
      .waitFor();
    await field(form, 'Preferred date').fill(dayFromToday(-3));
    await choose(page, form, 'Preferred time', 'Morning');
    await field(form, 'Comment').fill('Mornings suit me best.');
    await form.getByLabel(/Terms & Privacy Policy/).check();
    await solveCaptcha(form);
    expect(await axeProblems(page)).toEqual([]);
    await keepScreenshots(page, 'public-book-an-appointment');
    // A day gone by is refused in the browser, next to its field, before anything is sent.
    await clickAriaDisabled(form.getByRole('button', { name: 'Book Appointment' }));
    await form.getByText(APPOINTMENT_MESSAGES.dateInPast, { exact: true }).waitFor();
    const day = dayFromToday(7);
    await field(form, 'Preferred date').fill(day);
    await form.getByRole('button', { name: 'Book Appointment' }).click();
    await page.getByRole('status').filter({ hasText: APPOINTMENT_THANK_YOU }).waitFor();

    const { getAllGeneralFormData } = await graphql<{ getAllGeneralFormData: EntryPage<Record<string, unknown>> }>(
      site.app,
      token,
      `
        query ($country: Int!) {
          getAllGeneralFormData(country_id: $country) {
            data {
              country_id
              first_name
              last_name
              email_address
              contact_number
              services
              meeting
              branch_id
              preferred_date
              preferred_time
              comment
              has_agreed_to_terms
            }
            pagination {
              total
            }
          }
        }
      `,
      { country: sydney.country.id },
    );
    expect(getAllGeneralFormData.pagination.total).toBe(1);
    expect(getAllGeneralFormData.data[0]).toEqual({
      country_id: sydney.country.id,
      first_name: 'Ravi',
      last_name: 'Sharma',
      email_address: 'ravi@example.com',
      contact_number: '0400 111 222',
      services: 'STUDY_ABROAD',
      meeting: 'VIDEO',
      branch_id: sydney.id,
      preferred_date: day,
      preferred_time: 'MORNING',
      comment: 'Mornings suit me best.',
      has_agreed_to_terms: true,
    });
    expect(errors).toEqual([]);
    await context.close();
  });

  it('stores an OSHC quote request for the country site it was sent from', async () => {
    const start = dayFromToday(30);
    const end = dayFromToday(30 + 365);
    const context = await visitor(sydney.country.id);
    const { page, errors } = await open(context, '/other/health-insurance');
    const form = page.getByRole('form', { name: 'Health insurance (OSHC) quote' });
    const submit = form.getByRole('button', { name: 'Request a Quote' });

    await clickAriaDisabled(submit);
    for (const message of [
      FORM_MESSAGES.policyType,
      FORM_MESSAGES.policyStartDate,
      FORM_MESSAGES.policyEndDate,
      FORM_MESSAGES.phoneNo,
      FORM_MESSAGES.email,
      FORM_MESSAGES.captcha,
    ]) {
      await form.getByText(message, { exact: true }).waitFor();
    }

    await choose(page, form, 'Policy Type', 'Single');
    await field(form, 'Policy Start Date').fill(start);
    await field(form, 'Policy End Date').fill(end);
    await field(form, 'Phone Number').fill('+61 400 333 444');
    await field(form, 'Email').fill('mina@example.com');
    await solveCaptcha(form);
    await submit.click();
    await page.getByRole('status').filter({ hasText: OSHC_THANK_YOU }).waitFor();

    const { getAllOshcFormData } = await graphql<{ getAllOshcFormData: EntryPage<Record<string, unknown>> }>(
      site.app,
      token,
      `
        query ($country: Int!) {
          getAllOshcFormData(country_id: $country) {
            data {
              country_id
              policy_types
              policy_start_date
              policy_end_date
              phone_no
              email
            }
            pagination {
              total
            }
          }
        }
      `,
      { country: sydney.country.id },
    );
    expect(getAllOshcFormData.pagination.total).toBe(1);
    expect(getAllOshcFormData.data[0]).toEqual({
      country_id: sydney.country.id,
      policy_types: 'SINGLE',
      policy_start_date: start,
      policy_end_date: end,
      phone_no: '+61 400 333 444',
      email: 'mina@example.com',
    });
    expect(errors).toEqual([]);
    await context.close();
  });

  it('keeps the honeypot from people (off-screen, out of the tab order and the accessibility tree); filled, it stores nothing', async () => {
    const before = (await contactUsEntries(sydney.country.id)).pagination.total;
    const context = await visitor(sydney.country.id);
    const { page, errors } = await open(context, '/enquiry', 400);
    const form = page.getByRole('form', { name: 'Enquiry form' });
    const trap = form.locator(`input[name="${HONEYPOT_FIELD}"]`);
    const sent: Record<string, unknown>[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/trpc/forms.contactUs')) {
        sent.push((request.postDataJSON() as Record<string, Record<string, unknown>>)['0']!);
      }
    });

    // In the page, but nowhere a person meets it.
    await expect(trap.count()).resolves.toBe(1);
    const box = await trap.boundingBox();
    expect(box!.x + box!.width).toBeLessThanOrEqual(0);
    await expect(form.getByRole('textbox', { name: /Leave this field empty/ }).count()).resolves.toBe(0);
    await fillEnquiry(page, form, 'Sydney', 'A robot wrote this');
    // The keyboard goes from the agreement (and its two links) straight to the captcha.
    await form.getByLabel(/Terms & Privacy Policy/).focus();
    const focused = () => page.locator(':focus');
    await page.keyboard.press('Tab');
    await expect(focused().getAttribute('href')).resolves.toBe('/terms');
    await page.keyboard.press('Tab');
    await expect(focused().getAttribute('href')).resolves.toBe('/privacy-policy');
    await page.keyboard.press('Tab');
    await expect(field(form, "I'm not a robot").and(focused()).count()).resolves.toBe(1);

    // A robot fills every field it finds: the server refuses the submission and stores nothing.
    await trap.fill('https://spam.example', { force: true });
    await solveCaptcha(form);
    await form.getByRole('button', { name: 'Send Message' }).click();
    await page.getByRole('alert').filter({ hasText: 'Something went wrong' }).waitFor();
    expect(sent.map((body) => body[HONEYPOT_FIELD])).toEqual(['https://spam.example']);
    expect((await contactUsEntries(sydney.country.id)).pagination.total).toBe(before);
    expect(errors).toEqual([]);
    await context.close();
  });
});
