import { describe, expect, it } from 'vitest';
import type { Locator } from 'playwright-core';
import { FORM_THANK_YOU } from '../shared/forms.schema.js';
import { siteInBrowser } from './support/site.js';

/**
 * A network over its hourly allowance (FORM_SUBMISSIONS_PER_HOUR=1 here) is told why and how long to wait, in the
 * form's own failure line, instead of "Something went wrong" (each form counts on its own: forms-abuse.test.ts).
 */
describe('the public forms past their hourly limit', () => {
  const site = siteInBrowser({ FORM_SUBMISSIONS_PER_HOUR: '1', ALTCHA_MAX_NUMBER: '1000' });

  async function fillAndSend(form: Locator, first: string) {
    const page = form.page();
    const field = (label: string) => form.getByLabel(new RegExp(`^${label}( \\*)?$`));
    await field('Branch').click();
    await page.getByRole('option', { name: 'Sydney' }).click();
    await field('First Name').fill(first);
    await field('Last Name').fill('Limit');
    await field('Email Address').fill('office@example.com');
    await field('Contact Number').fill('+61 400 222 333');
    await field('Subject').fill('Courses');
    await field('Message').fill('A question from our office.');
    await form.getByLabel(/Terms & Privacy Policy/).check();
    await field("I'm not a robot").check();
    await form.getByText('Verified', { exact: true }).waitFor({ timeout: 30_000 });
    await form.getByRole('button', { name: 'Send Message' }).click();
  }

  it('says "Too many messages from your network" with the wait, where the failure line shows', async () => {
    const page = await site.browser.newPage();
    await page.goto(`${site.app.url}/enquiry`, { waitUntil: 'networkidle' });
    const form = page.getByRole('form', { name: 'Enquiry form' });
    await fillAndSend(form, 'First');
    await page.getByRole('status').filter({ hasText: FORM_THANK_YOU }).waitFor();

    await fillAndSend(form, 'Second');
    const alert = form.getByRole('alert').filter({ hasText: /Too many/ });
    await alert.waitFor();
    await expect(alert.textContent()).resolves.toMatch(
      /^Too many messages from your network — please try again in (59|60) minutes\.$/,
    );
    await expect(form.getByText('Something went wrong').count()).resolves.toBe(0);
    await page.close();
  });
});
