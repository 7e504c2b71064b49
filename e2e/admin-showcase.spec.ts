import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { checkAdminScreen, chooseCountry, expectToast, png } from './support/admin.js';
import type { RunningApp } from './support/app.js';
import { visitorContext, visitorPage } from './support/site.js';
import { graphql, staffSession, type StaffSession } from './support/staff.js';

interface StoredPopup {
  id: number;
  link: string | null;
  option: string;
  image: { image_name: string };
  countries: { name: string }[];
}

interface StoredBanner {
  id: number;
  title: string;
  button_url: string | null;
  pages: { name: string }[];
}

/**
 * Popup, Banner and Footer: the things that sit over, above and below the public pages. Each is added with an
 * uploaded image, edited and deleted (or taken off one country or page) through the staff screens, and the change
 * is checked in the API and on the public site.
 */
describe('staff area: popup, banner and footer', () => {
  const session = staffSession();
  let app: RunningApp;
  let browser: Browser;
  let page: Page;
  let screen: StaffSession['screen'];
  let token: string;
  let countries: Map<string, number>;

  const publicPage = (country: string, path = '/') => visitorPage(app, countries.get(country)!, path);
  const popups = async () =>
    (
      await graphql<{ getAllPopups: StoredPopup[] }>(
        app,
        token,
        'query { getAllPopups { id link option image { image_name } countries { name } } }',
      )
    ).getAllPopups;
  const banners = async () =>
    (
      await graphql<{ getAllBanners: { data: StoredBanner[] } }>(
        app,
        token,
        'query { getAllBanners(paginate: { page: 1, perPage: 100 }) { data { id title button_url pages { name } } } }',
      )
    ).getAllBanners.data;
  const footerLinks = async (country: string) =>
    (
      await graphql<{ getFooterSocialMedia: { social_media_link: string }[] }>(
        app,
        token,
        'query($c: Int!) { getFooterSocialMedia(country_id: $c) { social_media_link } }',
        { c: countries.get(country)! },
      )
    ).getFooterSocialMedia.map((item) => item.social_media_link);

  beforeAll(async () => {
    ({ app, browser, page, token, countries, screen } = await session.start());
  });
  afterAll(() => session.close());

  describe('Popup', () => {
    const POPUP = 'Edit popup spring-intake.png';

    it('lists popups of every country (none yet)', async () => {
      await page.goto(`${app.url}/admin/popup`);
      await page.getByRole('columnheader', { name: 'Option' }).waitFor();
      await page.getByRole('heading', { name: 'Popup', exact: true }).waitFor();
      await page.getByRole('cell', { name: 'No Data' }).waitFor();
    });

    it('adds a popup with a new image to Nepal and Canada, shown over Nepal’s home page', async () => {
      const form = await screen.openForm('Add Popup', 'Add Popup');
      const { dialog } = form;
      await form.uploadPicture('spring-intake.png', await png('#aa3366', 600, 400));
      await dialog.getByRole('textbox', { name: 'Link', exact: true }).fill('https://example.com/spring-intake');
      await form.chooseMany(['Nepal', 'Canada']);
      await form.saveWith('Successfully Added!', 'popup-add');
      await page.getByRole('cell', { name: 'https://example.com/spring-intake', exact: true }).waitFor();
      await checkAdminScreen(page, 'popup');

      const stored = (await popups()).find((p) => p.image.image_name === 'spring-intake.png');
      expect(stored).toMatchObject({ link: 'https://example.com/spring-intake', option: 'ENABLE' });
      expect(stored?.countries.map((c) => c.name).sort()).toEqual(['Canada', 'Nepal']);
      expect(await publicPage('Nepal')).toContain('https://example.com/spring-intake');
      expect(await publicPage('Australia')).not.toContain('https://example.com/spring-intake');

      // A Nepal visitor sees it over the home page, the picture linking to the page it announces.
      const visitor = await visitorContext(browser, app, countries.get('Nepal')!);
      const home = await visitor.newPage();
      await home.goto(`${app.url}/`);
      const shown = home.getByRole('dialog', { name: 'Announcement' });
      await shown.waitFor();
      await expect(shown.getByRole('link', { name: 'Find out more' }).getAttribute('href')).resolves.toBe(
        'https://example.com/spring-intake',
      );
      await visitor.close();
    });

    it('edits its link', async () => {
      const form = await screen.openForm(POPUP, 'Edit Popup');
      const link = form.dialog.getByRole('textbox', { name: 'Link', exact: true });
      await form.expectFieldMessage(link, 'javascript:alert(1)', 'Link must be an http(s) link');
      await link.fill('https://example.com/autumn-intake');
      await form.saveWith('Successfully Updated!');
      await page.getByRole('cell', { name: 'https://example.com/autumn-intake', exact: true }).waitFor();
      expect((await popups()).find((p) => p.image.image_name === 'spring-intake.png')?.link).toBe(
        'https://example.com/autumn-intake',
      );
      expect(await publicPage('Nepal')).toContain('https://example.com/autumn-intake');
    });

    it('deleting it in Nepal offers "Remove from Nepal", which leaves it in Canada', async () => {
      await chooseCountry(page, 'Nepal');
      const shared = await screen.deleteShared('popup spring-intake.png', /It is shown in Nepal and Canada/);
      await shared.getByRole('button', { name: 'Remove from Nepal' }).click();
      await expectToast(page, 'Successfully Removed!');
      await expect.poll(() => page.getByRole('button', { name: POPUP }).count()).toBe(0);

      const stored = (await popups()).find((p) => p.image.image_name === 'spring-intake.png');
      expect(stored?.countries.map((c) => c.name)).toEqual(['Canada']);
      expect(await publicPage('Nepal')).not.toContain('https://example.com/autumn-intake');
      expect(await publicPage('Canada')).toContain('https://example.com/autumn-intake');
    });

    it('adds it to another country, then "Delete everywhere" removes it', async () => {
      await screen.clearFilter(page.getByRole('combobox', { name: 'Country' }));
      await screen.addToAnother('popup spring-intake.png', { country: 'Australia', notOffered: 'Canada' });

      const shared = await screen.deleteShared('popup spring-intake.png', /It is shown in Canada and Australia/);
      await shared.getByRole('button', { name: 'Delete everywhere' }).click();
      await expectToast(page, 'Successfully Deleted!');
      await expect.poll(() => page.getByRole('button', { name: POPUP }).count()).toBe(0);
      expect((await popups()).find((p) => p.image.image_name === 'spring-intake.png')).toBeUndefined();
      expect(await publicPage('Canada')).not.toContain('https://example.com/autumn-intake');
    });
  });

  describe('Banner', () => {
    const pageFilter = () => page.getByRole('combobox', { name: 'Page', exact: true });

    it('lists banners of every page', async () => {
      await page.goto(`${app.url}/admin/banner`);
      await page.getByRole('columnheader', { name: 'Pages' }).waitFor();
      // The demo content's home banner.
      await page.getByRole('cell', { name: 'Your future starts here', exact: true }).waitFor();
      await checkAdminScreen(page, 'banner');
    });

    it('adds a banner with a new image to the Home and Blog pages, shown on both', async () => {
      const form = await screen.openForm('Add Banner', 'Add Banner');
      const { dialog } = form;
      await dialog.getByRole('textbox', { name: 'Title', exact: true }).fill('Scholarships for the May intake');
      await dialog.getByRole('textbox', { name: 'Description' }).fill('Up to half of the first year’s fees.');
      await dialog.getByRole('textbox', { name: 'Button name' }).fill('Ask us how');
      await dialog.getByRole('textbox', { name: 'Button link' }).fill('/contact-us');
      await form.uploadPicture('may-intake.png', await png('#2a6f4e', 1200, 400));
      // "Shown in" left empty: every country's site with the pages shows it.
      await dialog.getByRole('combobox', { name: 'Pages' }).click();
      await page.getByRole('option', { name: 'Home', exact: true }).click();
      await page.getByRole('option', { name: 'Blog', exact: true }).click();
      await page.keyboard.press('Escape');
      await form.saveWith('Successfully Added!', 'banner-add');
      await page.getByRole('cell', { name: 'Scholarships for the May intake', exact: true }).waitFor();

      const stored = (await banners()).find((b) => b.title === 'Scholarships for the May intake');
      expect(stored?.button_url).toBe('/contact-us');
      expect(stored?.pages.map((p) => p.name).sort()).toEqual(['Blog', 'Home']);
      expect(await publicPage('Nepal', '/')).toContain('Scholarships for the May intake');
      expect(await publicPage('Nepal', '/blog')).toContain('Scholarships for the May intake');
    });

    it('edits its title', async () => {
      const form = await screen.openForm('Edit Scholarships for the May intake', 'Edit Banner');
      await form.dialog.getByRole('textbox', { name: 'Title', exact: true }).fill('Scholarships for the July intake');
      await form.saveWith('Successfully Updated!');
      await page.getByRole('cell', { name: 'Scholarships for the July intake', exact: true }).waitFor();
      const stored = (await banners()).find((b) => b.title === 'Scholarships for the July intake');
      expect(stored?.pages.map((p) => p.name).sort()).toEqual(['Blog', 'Home']);
      const home = await publicPage('Nepal', '/');
      expect(home).toContain('Scholarships for the July intake');
      expect(home).not.toContain('Scholarships for the May intake');
    });

    it('deleting it on the Home page offers "Remove from Home", which leaves it on Blog', async () => {
      await pageFilter().click();
      await page.getByRole('option', { name: 'Home', exact: true }).click();
      await page.getByRole('table', { name: 'Banners on the Home page' }).waitFor();
      const shared = await screen.deleteShared(
        'Scholarships for the July intake',
        /It is shown on the pages Home and Blog/,
      );
      await checkAdminScreen(page, 'banner-shared-delete');
      await shared.getByRole('button', { name: 'Remove from Home' }).click();
      await expectToast(page, 'Successfully Removed!');
      await screen.expectNoCell('Scholarships for the July intake');

      const stored = (await banners()).find((b) => b.title === 'Scholarships for the July intake');
      expect(stored?.pages.map((p) => p.name)).toEqual(['Blog']);
      expect(await publicPage('Nepal', '/')).not.toContain('Scholarships for the July intake');
      expect(await publicPage('Nepal', '/blog')).toContain('Scholarships for the July intake');
    });

    it('adds it to another page, then "Delete everywhere" removes it', async () => {
      await screen.clearFilter(pageFilter());
      await page.getByRole('table', { name: 'Banners of every page' }).waitFor();
      // Blog already shows it, so it is not offered.
      await screen.addToAnother('Scholarships for the July intake', { page: 'Gallery', notOffered: 'Blog' });

      const shared = await screen.deleteShared(
        'Scholarships for the July intake',
        /It is shown on the pages Blog and Gallery/,
      );
      // Listing every page, there is no one page to remove it from.
      await expect(shared.getByRole('button', { name: /Remove from/ }).count()).resolves.toBe(0);
      await shared.getByRole('button', { name: 'Delete everywhere' }).click();
      await expectToast(page, 'Successfully Deleted!');
      await screen.expectNoCell('Scholarships for the July intake');
      expect((await banners()).find((b) => b.title === 'Scholarships for the July intake')).toBeUndefined();
      expect(await publicPage('Nepal', '/blog')).not.toContain('Scholarships for the July intake');
      // Nepal's own hero is untouched, and the Global site's is not on Nepal's home page.
      const nepalHome = await publicPage('Nepal', '/');
      expect(nepalHome).toContain('Study abroad from Nepal with a plan that works');
      expect(nepalHome).not.toContain('Your future starts here');
    });
  });

  describe('Footer', () => {
    const LINK = 'https://www.tiktok.com/@horizon.nepal';
    const EDITED = 'https://www.tiktok.com/@horizon.kathmandu';

    it('lists the social media links of a country, starting with Global', async () => {
      await page.goto(`${app.url}/admin/footer`);
      await expect.poll(() => page.getByRole('combobox', { name: 'Country' }).inputValue()).toBe('Global');
      await page.getByRole('table', { name: 'Social media in the footer of Global' }).waitFor();
      await expect.poll(() => page.locator('tbody tr').count()).toBeGreaterThan(0);
      await checkAdminScreen(page, 'footer');
    });

    it('adds a link with a new icon to Nepal’s footer, opening in a new tab', async () => {
      await chooseCountry(page, 'Nepal');
      await page.getByRole('table', { name: 'Social media in the footer of Nepal' }).waitFor();
      const form = await screen.openForm('Add Social Media', 'Add Social Media · Nepal');
      await form.uploadPicture('tiktok.png', await png('#111111'));
      const link = form.dialog.getByRole('textbox', { name: 'Social media link' });
      await form.expectFieldMessage(link, 'not a link', 'Social media link must be an http(s) link');
      await link.fill(LINK);
      await form.saveWith('Successfully Added!', 'footer-add');
      await page.getByRole('link', { name: LINK }).waitFor();

      expect(await footerLinks('Nepal')).toContain(LINK);
      expect(await footerLinks('Canada')).not.toContain(LINK);
      const html = await publicPage('Nepal');
      expect(html).toContain(`href="${LINK}" target="_blank"`);
      expect(await publicPage('Canada')).not.toContain(LINK);
    });

    it('edits the link', async () => {
      const form = await screen.openForm(`Edit ${LINK}`, 'Edit Social Media · Nepal');
      await form.dialog.getByRole('textbox', { name: 'Social media link' }).fill(EDITED);
      await form.saveWith('Successfully Updated!');
      await page.getByRole('link', { name: EDITED }).waitFor();
      const stored = await footerLinks('Nepal');
      expect(stored).toContain(EDITED);
      expect(stored).not.toContain(LINK);
      expect(await publicPage('Nepal')).toContain(`href="${EDITED}" target="_blank"`);
    });

    it('deletes it after "Do you want to delete ?"', async () => {
      await page.getByRole('button', { name: `Delete ${EDITED}` }).click();
      const confirm = page.getByRole('dialog', { name: 'Do you want to delete ?' });
      await confirm.getByText(`Delete the link to ${EDITED}. Its icon stays in the library.`).waitFor();
      await confirm.getByRole('button', { name: 'Delete' }).click();
      await expectToast(page, 'Successfully Deleted!');
      await expect.poll(() => page.getByRole('link', { name: EDITED }).count()).toBe(0);
      expect(await footerLinks('Nepal')).not.toContain(EDITED);
      expect(await publicPage('Nepal')).not.toContain(EDITED);
    });
  });
});
