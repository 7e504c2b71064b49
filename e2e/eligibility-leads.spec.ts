import { describe, expect, it } from 'vitest';
import { FORM_THANK_YOU } from '../shared/forms.schema.js';
import { checkAdminScreen } from './support/admin.js';
import { answerAustralianProfile } from './support/eligibility.js';
import { enquiryForm } from './support/enquiry.js';
import { visitorContext } from './support/site.js';
import { useStaffSession } from './support/staff.js';

/**
 * From a points estimate to a handled lead: a visitor on a phone works out their Australian points, sends the
 * result to a counsellor with the enquiry form it opens, and staff read the score and the answers in the inbox.
 */
describe('an eligibility result sent to a counsellor', () => {
  const staff = useStaffSession();

  it('reaches the inbox with its score, its factors and the answers', { timeout: 180_000 }, async () => {
    const { app, browser, countries, page } = staff;
    const context = await visitorContext(browser, app, countries.get('Australia')!, {
      viewport: { width: 375, height: 812 },
    });
    const visitor = await context.newPage();
    await visitor.goto(`${app.url}/other/eligibility`, { waitUntil: 'networkidle' });
    await answerAustralianProfile(visitor);
    await visitor.getByRole('button', { name: 'Send this to a counsellor' }).click();

    const enquiry = enquiryForm(visitor);
    // Opened with what the estimate says; the visitor adds who they are.
    await expect(enquiry.field('Subject').inputValue()).resolves.toBe('My Australian points test estimate: 90 points');
    await enquiry.fillSender({ first: 'Anish', last: 'Gurung', email: 'anish@example.com', phone: '+61 400 222 333' });
    await enquiry.agreeAndSend();
    await visitor.getByRole('status').filter({ hasText: FORM_THANK_YOU }).waitFor();
    await context.close();

    await page.goto(`${app.url}/admin/enquiries`);
    await page.getByRole('button', { name: 'Anish Gurung' }).click();
    const panel = page.getByRole('dialog');
    const estimate = panel.getByRole('region', { name: 'Eligibility estimate' });
    await estimate.getByText('Australian points test: 90 points').waitFor();
    await estimate.getByText('Reaches the pass mark of 65').waitFor();
    const employment = estimate
      .getByRole('table', { name: 'Points by factor' })
      .getByRole('row', { name: /Skilled employment/ });
    await expect(employment.textContent()).resolves.toContain('10 of 20');
    await estimate
      .getByRole('table', { name: "The visitor's answers" })
      .getByRole('row', { name: /Skilled Nominated \(subclass 190\)/ })
      .waitFor();
    await checkAdminScreen(page, 'enquiry-eligibility');
  });

  it("names the rules' dates on the dashboard", async () => {
    const { app, page } = staff;
    await page.goto(`${app.url}/admin`);
    await page
      .getByText(/Australian points test: rules as published by Department of Home Affairs on 2019-11-16/)
      .waitFor();
    await page.getByText(/Canada CRS score: rules as published by Immigration, Refugees and Citizenship/).waitFor();
  });
});
