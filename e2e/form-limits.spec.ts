import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { FORM_THANK_YOU } from '../shared/forms.schema.js';
import { enquiryForm } from './support/enquiry.js';
import { siteInBrowser } from './support/site.js';

/**
 * A network over its hourly allowance (FORM_SUBMISSIONS_PER_HOUR=1 here) is told why and how long to wait, in the
 * form's own failure line, instead of "Something went wrong" (each form counts on its own: forms-abuse.test.ts).
 */
describe('the public forms past their hourly limit', () => {
  const site = siteInBrowser({ FORM_SUBMISSIONS_PER_HOUR: '1' });

  async function fillAndSend(page: Page, first: string) {
    const enquiry = enquiryForm(page);
    await enquiry.fillSender({ first, last: 'Limit', email: 'office@example.com', phone: '+61 400 222 333' });
    await enquiry.field('Subject').fill('Courses');
    await enquiry.field('Message').fill('A question from our office.');
    await enquiry.agreeAndSend();
  }

  it('says "Too many messages from your network" with the wait, where the failure line shows', async () => {
    const page = await site.browser.newPage();
    await page.goto(`${site.app.url}/enquiry`, { waitUntil: 'networkidle' });
    const { form } = enquiryForm(page);
    await fillAndSend(page, 'First');
    await page.getByRole('status').filter({ hasText: FORM_THANK_YOU }).waitFor();

    await fillAndSend(page, 'Second');
    const alert = form.getByRole('alert').filter({ hasText: /Too many/ });
    await alert.waitFor();
    await expect(alert.textContent()).resolves.toMatch(
      /^Too many messages from your network — please try again in (59|60) minutes\.$/,
    );
    await expect(form.getByText('Something went wrong').count()).resolves.toBe(0);
    await page.close();
  });
});
