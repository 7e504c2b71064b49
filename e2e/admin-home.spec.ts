import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { chooseCountry, checkAdminScreen, expectToast } from './support/admin.js';
import type { RunningApp } from './support/app.js';
import { staffSession, trpc } from './support/staff.js';

interface HomeOverview {
  services: { count: number; items: { title: string }[] };
  testimonials: { count: number; items: { name: string }[] };
  pictures: { count: number };
  videos: { count: number };
  popups: { count: number };
}

/**
 * /admin/home, the parent of the home screens: a country's home page at a glance with a link to each screen that
 * edits it and a preview of the public page; and a staff member's own picture, uploaded on the Staff screen and
 * shown in the top bar.
 */
describe('staff area: the home page overview and staff pictures', () => {
  const session = staffSession();
  let app: RunningApp;
  let page: Page;
  let token: string;
  let nepal: number;

  const section = (name: string) => page.getByRole('region', { name });
  const topBar = () => page.getByRole('banner');

  beforeAll(async () => {
    let countries: Map<string, number>;
    ({ app, page, token, countries } = await session.start());
    nepal = countries.get('Nepal')!;
  });
  afterAll(() => session.close());

  it('shows a country’s home page section by section, each with a link to the screen that edits it', async () => {
    await page.setViewportSize({ width: 1366, height: 900 });
    await page.goto(`${app.url}/admin/home`);
    await page.getByRole('heading', { name: 'Home page', level: 1 }).waitFor();
    const sidebar = page.getByRole('navigation', { name: 'Admin sections' });
    await expect(sidebar.getByRole('link', { name: 'Home page' }).getAttribute('aria-current')).resolves.toBe('page');
    await chooseCountry(page, 'Nepal');
    await page.waitForURL(`${app.url}/admin/home?country=${nepal}`);

    const expected = (await trpc<HomeOverview>(app, token, 'home.overview', { country_id: nepal })).data!;
    expect(expected.services.count).toBeGreaterThan(0);
    const services = section('Services');
    await services.getByRole('heading', { name: 'Services', level: 2 }).waitFor();
    await expect
      .poll(() => services.getByRole('listitem').allTextContents())
      .toEqual(expected.services.items.map((service) => service.title));
    await expect(services.getByText(`${expected.services.count} in all`).count()).resolves.toBe(1);
    await section('Testimonials').getByText(expected.testimonials.items[0]!.name).waitFor();
    await expect(section('Gallery pictures').getByRole('listitem').count()).resolves.toBe(
      Math.min(expected.pictures.count, 6),
    );
    await section('About Us').getByRole('link', { name: 'Edit About Us' }).waitFor();
    if (expected.popups.count === 0) {
      await section('Popup').getByText('No popup for Nepal yet').waitFor();
      await section('Popup').getByRole('link', { name: 'Add a popup' }).waitFor();
    }

    // Every edit link opens its screen on the same country.
    const links = {
      'Edit About Us': '/admin/home/about-us',
      'Edit services': '/admin/home/services',
      'Edit testimonials': '/admin/home/testimonials',
      'Edit gallery pictures': '/admin/home/gallery-picture',
      'Edit gallery videos': '/admin/home/gallery-video',
      'Edit popups': '/admin/popup',
    };
    for (const [name, path] of Object.entries(links)) {
      await expect(page.getByRole('link', { name }).getAttribute('href')).resolves.toBe(`${path}?country=${nepal}`);
    }
    await expect(page.getByRole('link', { name: 'Edit banners' }).getAttribute('href')).resolves.toBe('/admin/banner');
    await checkAdminScreen(page, 'home');

    // By keyboard: the link opens the Services screen on Nepal.
    await page.getByRole('link', { name: 'Edit services' }).focus();
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'Services', level: 1 }).waitFor();
    await expect.poll(() => page.getByRole('combobox', { name: 'Country' }).inputValue()).toBe('Nepal');
    await expect(sidebar.getByRole('link', { name: 'Home page' }).getAttribute('aria-current')).resolves.toBeNull();
    await page.goBack();
    await page.getByRole('heading', { name: 'Home page', level: 1 }).waitFor();
    await expect.poll(() => page.getByRole('combobox', { name: 'Country' }).inputValue()).toBe('Nepal');
  });

  it('previews the country’s public home page in a new tab', async () => {
    const preview = page.getByRole('link', { name: /^Preview the home page of Nepal/ });
    await expect(preview.getAttribute('target')).resolves.toBe('_blank');
    const [tab] = await Promise.all([page.context().waitForEvent('page'), preview.click()]);
    await tab.waitForLoadState();
    expect(tab.url()).toBe(`${app.url}/`);
    // Nepal's site: its own contact details in the header.
    await tab.getByText('nepal@example.com').first().waitFor();
    await tab.close();
  });

  it('fits a phone: the sections stack, nothing wider than the screen', async () => {
    await page.setViewportSize({ width: 375, height: 800 });
    await page.reload();
    await section('Services').waitFor();
    // Evaluated in the page (a string: the e2e files are typed without the DOM library).
    const overflow = await page.evaluate<number>('document.documentElement.scrollWidth - window.innerWidth');
    expect(overflow).toBeLessThanOrEqual(0);
    await checkAdminScreen(page, 'home-375');
    await page.setViewportSize({ width: 1366, height: 900 });
  });

  it('uploads your own picture on the Staff screen: the top bar shows it, and removing it (confirmed) brings back the initials', async () => {
    await page.goto(`${app.url}/admin/staff`);
    const profile = topBar().getByRole('link', { name: /^Administrator\W+change your picture$/ });
    await profile.getByText('A', { exact: true }).waitFor();
    await expect(topBar().locator('img[src^="/media/"]').count()).resolves.toBe(0);

    const yours = page.getByRole('region', { name: 'Your picture' });
    const picture = await sharp({ create: { width: 120, height: 120, channels: 3, background: '#c2410c' } })
      .png()
      .toBuffer();
    const [chooser] = await Promise.all([
      page.waitForEvent('filechooser'),
      yours.getByRole('button', { name: 'Upload picture' }).click(),
    ]);
    await chooser.setFiles({ name: 'me.png', mimeType: 'image/png', buffer: picture });
    await expectToast(page, 'Successfully Updated!');
    const shown = topBar().locator('img[src^="/media/"]');
    await shown.waitFor();
    type Picture = { naturalWidth: number };
    await expect.poll(() => shown.evaluate((img) => (img as unknown as Picture).naturalWidth)).toBe(120);
    // The staff list shows it next to the name as well.
    await page.getByRole('row').filter({ hasText: 'admin@example.com' }).locator('img[src^="/media/"]').waitFor();
    // The toast closes on its own, so the screenshot shows the top bar.
    await page.getByText('Successfully Updated!', { exact: true }).waitFor({ state: 'hidden' });
    await checkAdminScreen(page, 'staff-picture');

    // Removing asks first.
    await yours.getByRole('button', { name: 'Remove picture' }).click();
    const confirm = yours.getByRole('group', { name: 'Remove your picture?' });
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await shown.waitFor();
    await yours.getByRole('button', { name: 'Remove picture' }).click();
    await confirm.getByRole('button', { name: 'Remove' }).click();
    await expectToast(page, 'Successfully Removed!');
    await shown.waitFor({ state: 'detached' });
    await profile.getByText('A', { exact: true }).waitFor();
    const me = await trpc<{ picture_url: string | null }>(app, token, 'me.get', undefined);
    expect(me.data?.picture_url).toBeNull();

    // An administrator reaches anyone's picture from the list.
    await page.getByRole('button', { name: 'Picture of Administrator' }).click();
    const dialog = page.getByRole('dialog', { name: 'Picture of Administrator' });
    await dialog.getByRole('button', { name: 'Upload picture' }).waitFor();
    await dialog.getByRole('button', { name: 'Done' }).click();
    await dialog.waitFor({ state: 'hidden' });
  });
});
