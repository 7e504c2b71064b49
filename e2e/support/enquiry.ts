import type { Locator, Page } from 'playwright-core';

/** Who sends an enquiry, as a visitor types it in. */
export interface Sender {
  first: string;
  last: string;
  email: string;
  phone: string;
}

/** The public enquiry form on a page (on /enquiry, or opened from an eligibility result), as a visitor fills it in. */
export function enquiryForm(page: Page) {
  const form = page.getByRole('form', { name: 'Enquiry form' });
  /** A field by its whole label; a required field's label ends with Mantine's (aria-hidden) asterisk. */
  const field = (label: string): Locator => form.getByLabel(new RegExp(`^${label}( \\*)?$`));
  return {
    form,
    field,
    /** Chooses the Sydney branch and fills in who the visitor is. */
    async fillSender({ first, last, email, phone }: Sender): Promise<void> {
      await field('Branch').click();
      await page.getByRole('option', { name: 'Sydney' }).click();
      await field('First Name').fill(first);
      await field('Last Name').fill(last);
      await field('Email Address').fill(email);
      await field('Contact Number').fill(phone);
    },
    /** Agrees to the terms, passes the captcha ("I'm not a robot" until "Verified") and sends. */
    async agreeAndSend(): Promise<void> {
      await form.getByLabel(/Terms & Privacy Policy/).check();
      await field("I'm not a robot").check();
      await form.getByText('Verified', { exact: true }).waitFor({ timeout: 30_000 });
      await form.getByRole('button', { name: 'Send Message' }).click();
    },
  };
}
