import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { checkAdminScreen, expectToast } from './support/admin.js';
import type { RunningApp } from './support/app.js';
import { staffSession } from './support/staff.js';

const NEWSLETTER = 'https://lists.example.net/subscribe/post?u=1&id=2';

/**
 * Going live: the ADMIN dashboard's checklist names what is missing and where to set it; the Settings screen saves
 * the newsletter form and registration numbers, and the public site shows them at once, kept pages included.
 */
describe('staff area: the go-live checklist and the Settings screen', () => {
  const session = staffSession();
  let app: RunningApp;
  let page: Page;

  beforeAll(async () => {
    ({ app, page } = await session.start());
  });
  afterAll(() => session.close());

  /** The public home page's footer as a visitor gets it (the page cache keeps it between visits). */
  async function publicFooter(): Promise<string> {
    const response = await fetch(`${app.url}/`);
    const html = await response.text();
    return html.slice(html.indexOf('<footer'));
  }

  async function checklistBadge(): Promise<string> {
    const card = page.getByRole('region', { name: 'Go-live checklist' });
    return (await card.getByText(/^\d+ of \d+ ready$/).textContent()) ?? '';
  }

  it('lists what the site lacks on the dashboard, each with where to set it', async () => {
    await page.goto(`${app.url}/admin`);
    const card = page.getByRole('region', { name: 'Go-live checklist' });
    await card.getByText('Newsletter sign-up').waitFor();
    await card.getByText('Agent registration numbers').waitFor();
    // The seeded example contacts, each a link to the screen that edits it.
    await card.getByRole('link', { name: /^Header contact info of Australia: australia@example\.com/ }).waitFor();
    await card.getByText('SMTP_URL', { exact: false }).first().waitFor();
    await checkAdminScreen(page, 'go-live-checklist');
    await page.setViewportSize({ width: 375, height: 812 });
    await checkAdminScreen(page, 'go-live-checklist-375');
    await page.setViewportSize({ width: 1366, height: 900 });
  });

  it('saves the settings, and the public site shows them without a restart', async () => {
    // Kept in the page cache from here on.
    expect(await publicFooter()).not.toContain(NEWSLETTER.replace(/&/g, '&amp;'));
    const before = await checklistBadge();

    const card = page.getByRole('region', { name: 'Go-live checklist' });
    await card.getByRole('link', { name: 'Set the newsletter form URL in Settings' }).click();
    await page.getByText("Using the server's defaults").waitFor();
    await page.getByRole('textbox', { name: 'Newsletter form URL' }).fill('http://lists.example.net/');
    await page.getByRole('textbox', { name: 'Registration numbers' }).click();
    await page.getByText('Newsletter form URL must be an https link').waitFor();
    await page.getByRole('textbox', { name: 'Newsletter form URL' }).fill(NEWSLETTER);
    await page.getByRole('textbox', { name: 'Registration numbers' }).fill('MARN 1234567');
    await page.getByRole('button', { name: 'Save settings' }).click();
    await expectToast(page, 'Successfully Updated!');
    await page.getByText(/^Saved by Administrator on /).waitFor();
    await checkAdminScreen(page, 'settings');
    await page.setViewportSize({ width: 375, height: 812 });
    await checkAdminScreen(page, 'settings-375');
    await page.setViewportSize({ width: 1366, height: 900 });

    const footer = await publicFooter();
    expect(footer).toContain(`action="${NEWSLETTER.replace(/&/g, '&amp;')}"`);
    expect(footer).toContain('Registered migration agents: MARN 1234567.');

    await page.goto(`${app.url}/admin`);
    await page
      .getByRole('region', { name: 'Go-live checklist' })
      .getByText(/^\d+ of \d+ ready$/)
      .waitFor();
    const count = (badge: string) => Number(badge.split(' ')[0]);
    expect(count(await checklistBadge())).toBe(count(before) + 2);
  });

  it("goes back to the server's defaults after a confirmation", async () => {
    await page.goto(`${app.url}/admin/settings`);
    await page.getByRole('button', { name: "Use the server's defaults" }).click();
    const dialog = page.getByRole('dialog', { name: "Use the server's defaults?" });
    await dialog.getByRole('button', { name: 'Use the defaults' }).click();
    await expectToast(page, "The server's defaults apply again");
    await page.getByText("Using the server's defaults").waitFor();
    const footer = await publicFooter();
    expect(footer).not.toContain('lists.example.net');
    expect(footer).not.toContain('MARN 1234567');
  });
});
