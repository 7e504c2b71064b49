import { AxeBuilder } from '@axe-core/playwright';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { FLAG_IMAGE_TYPE_MESSAGE } from '../shared/media.js';
import { chooseCountry, checkAdminScreen, expectToast } from './support/admin.js';
import type { RunningApp } from './support/app.js';
import { graphql, staffSession, trpc } from './support/staff.js';

/**
 * axe on an open modal's content. The page-level landmark rules are left out: Mantine's modal header is a <header>,
 * which axe counts as a second banner next to the top bar's (a matter for AdminModal, not for these forms).
 */
async function checkModal(page: Page): Promise<void> {
  const results = await new AxeBuilder({ page })
    .include('[role="dialog"]')
    .disableRules(['landmark-no-duplicate-banner', 'landmark-unique'])
    .analyze();
  expect(results.violations.map((violation) => `${violation.id}: ${violation.help}`)).toEqual([]);
}

interface Country {
  id: number;
  name: string;
  flag_url: string | null;
  is_enabled: 'ENABLE' | 'DISABLE';
  time_zone: string | null;
  code: string | null;
}

interface AboutUs {
  id: number;
  description: string;
  video: { id: number; video_url: string; video_name: string };
}

/** The Countries screen and the home page's About Us screen (issue 6). */
describe('staff area: countries and the home About Us', () => {
  const session = staffSession();
  let app: RunningApp;
  let page: Page;
  let token: string;

  const countries = async () =>
    (
      await graphql<{ getCountries: Country[] }>(
        app,
        token,
        'query { getCountries { id name flag_url is_enabled time_zone code } }',
      )
    ).getCountries;
  const aboutUsOf = async (countryId: number) =>
    (
      await graphql<{ getHomeAboutUs: AboutUs | null }>(
        app,
        token,
        'query($c: Int!) { getHomeAboutUs(country_id: $c) { id description video { id video_url video_name } } }',
        { c: countryId },
      )
    ).getHomeAboutUs;
  /** The country sites "More Sites" offers (it loads them when a visitor wants the list). */
  const moreSites = () =>
    fetch(`${app.url}/api/trpc/site.countries`)
      .then((response) => response.json() as Promise<{ result: { data: { name: string }[] } }>)
      .then((body) => body.result.data.map((country) => country.name));
  /** The public home page as a visitor who chose `countryId` in "More Sites" sees it. */
  const publicHome = (countryId: number) =>
    fetch(`${app.url}/`, { headers: { cookie: `site_country=${countryId}` } }).then((response) => response.text());

  beforeAll(async () => {
    ({ app, page, token } = await session.start());
  });
  afterAll(() => session.close());

  describe('Countries', () => {
    let testlandia: Country;
    const row = (name: string) => page.getByRole('row').filter({ has: page.getByRole('cell', { name, exact: true }) });

    it('lists every country with its flag and status', async () => {
      await page.goto(`${app.url}/admin/countries`);
      await row('Global').waitFor();
      await expect(page.getByRole('columnheader').allTextContents()).resolves.toEqual([
        'Flag',
        'Name',
        'Address',
        'Time zone',
        'Status',
        'Action',
      ]);
      // Each country site's own address (decision 066); Global is at the root.
      await expect(row('Nepal').getByRole('cell', { name: '/np', exact: true }).count()).resolves.toBe(1);
      await expect(row('Global').getByRole('cell', { name: '/ (the root)' }).count()).resolves.toBe(1);
      for (const name of ['Global', 'Nepal', 'Canada', 'Australia']) {
        await expect(
          row(name)
            .getByRole('img', { name: `${name} flag` })
            .count(),
        ).resolves.toBe(1);
        await expect(row(name).getByText('ENABLE').count()).resolves.toBe(1);
      }
      await checkAdminScreen(page, 'countries');
    });

    it('adds a country with a PNG flag, shown in the list and in the public "More Sites"', async () => {
      const flag = await sharp({ create: { width: 30, height: 20, channels: 3, background: '#0a7d3b' } })
        .png()
        .toBuffer();
      await page.getByRole('button', { name: 'Add Country' }).click();
      const dialog = page.getByRole('dialog', { name: 'Add Country' });
      const save = dialog.getByRole('button', { name: 'Save' });
      await expect(save.isDisabled()).resolves.toBe(true);
      await dialog.getByRole('textbox', { name: 'Name' }).fill('Testlandia');
      await dialog
        .locator('input[type="file"]')
        .setInputFiles({ name: 'flag.png', mimeType: 'image/png', buffer: flag });
      await dialog.getByRole('img', { name: 'Preview of the chosen flag' }).waitFor();
      // Its site's address (decision 066): no country is named Testlandia, so staff give the code.
      await dialog.getByRole('textbox', { name: 'Address code' }).fill('TL');
      // Its appointments' clock (decision 050), found by the city's name.
      await dialog.getByRole('combobox', { name: 'Time zone' }).fill('kathm');
      await page.getByRole('option', { name: 'Asia/Kathmandu', exact: true }).click();
      await expect.poll(() => save.isEnabled()).toBe(true);
      await checkModal(page);
      await save.click();
      await expectToast(page, 'Successfully Added!');
      await dialog.waitFor({ state: 'hidden' });
      await row('Testlandia').getByRole('img', { name: 'Testlandia flag' }).waitFor();
      await row('Testlandia').getByText('Asia/Kathmandu').waitFor();
      await row('Testlandia').getByRole('cell', { name: '/tl', exact: true }).waitFor();

      testlandia = (await countries()).find((country) => country.name === 'Testlandia')!;
      expect(testlandia.is_enabled).toBe('ENABLE');
      expect(testlandia.time_zone).toBe('Asia/Kathmandu');
      expect(testlandia.code).toBe('tl');
      // Its address is its site at once (with no pages yet, its home says so within Testlandia's layout).
      const atAddress = await fetch(`${app.url}/tl`).then((response) => response.text());
      expect(atAddress).toMatch(/data-testid="current-country"[^>]*>Testlandia</);
      expect(testlandia.flag_url).toMatch(/^\/media\/\w+\.png$/);
      const served = await fetch(`${app.url}${testlandia.flag_url}`);
      expect(Buffer.from(await served.arrayBuffer()).equals(flag)).toBe(true);
      expect(await moreSites()).toContain('Testlandia');
    });

    it('renames and disables a country: the list shows it, "More Sites" no longer offers it', async () => {
      await page.getByRole('button', { name: 'Edit Testlandia' }).click();
      const dialog = page.getByRole('dialog', { name: 'Edit Testlandia' });
      const save = dialog.getByRole('button', { name: 'Save' });
      await dialog.getByRole('img', { name: 'Testlandia flag' }).waitFor();
      // Unchanged: nothing to save.
      await expect(save.isDisabled()).resolves.toBe(true);
      await dialog.getByRole('textbox', { name: 'Name' }).fill('Testlandia North');
      await dialog.getByRole('combobox', { name: 'Status' }).click();
      await page.getByRole('option', { name: 'DISABLE', exact: true }).click();
      await expect.poll(() => save.isEnabled()).toBe(true);
      await save.click();
      await expectToast(page, 'Successfully Updated!');
      await dialog.waitFor({ state: 'hidden' });
      await row('Testlandia North').getByText('DISABLE').waitFor();

      const edited = (await countries()).find((country) => country.id === testlandia.id);
      // The flag stays as it was.
      expect(edited).toEqual({ ...testlandia, name: 'Testlandia North', is_enabled: 'DISABLE' });
      expect(await moreSites()).not.toContain('Testlandia');
    });

    it('refuses a name changed elsewhere while the form was open, and keeps the status set elsewhere', async () => {
      await page.getByRole('button', { name: 'Edit Testlandia North' }).click();
      const dialog = page.getByRole('dialog', { name: 'Edit Testlandia North' });
      const name = dialog.getByRole('textbox', { name: 'Name' });
      await name.waitFor();
      // Elsewhere the country is renamed and enabled again.
      const elsewhere = { id: testlandia.id, name: 'Testlandia South', is_enabled: 'ENABLE' };
      expect((await trpc(app, token, 'country.update', elsewhere, 'mutation')).status).toBe(200);

      await name.fill('Testlandia East');
      const save = dialog.getByRole('button', { name: 'Save' });
      await save.click();
      await dialog
        .getByText('You changed this in another window to “Testlandia South” since you opened the form.', {
          exact: false,
        })
        .waitFor();
      expect((await countries()).find((country) => country.id === testlandia.id)?.name).toBe('Testlandia South');
      expect(await name.inputValue()).toBe('Testlandia East');

      await save.click();
      await expectToast(page, 'Successfully Updated!');
      await dialog.waitFor({ state: 'hidden' });
      // Only the name was sent: the status set elsewhere stays.
      await row('Testlandia East').getByText('ENABLE').waitFor();
      expect((await countries()).find((country) => country.id === testlandia.id)).toMatchObject({
        name: 'Testlandia East',
        is_enabled: 'ENABLE',
      });
    });

    it('keeps Global enabled: its status cannot be changed', async () => {
      await page.getByRole('button', { name: 'Edit Global' }).click();
      const dialog = page.getByRole('dialog', { name: 'Edit Global' });
      await expect(dialog.getByRole('combobox', { name: 'Status' }).isDisabled()).resolves.toBe(true);
      await dialog.getByText('Global is every visitor’s fallback site, so it is always enabled.').waitFor();
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await dialog.waitFor({ state: 'hidden' });
    });

    it('refuses a file that is not an image, next to the flag field, and stores nothing', async () => {
      const before = await countries();
      await page.getByRole('button', { name: 'Add Country' }).click();
      const dialog = page.getByRole('dialog', { name: 'Add Country' });
      const save = dialog.getByRole('button', { name: 'Save' });
      await dialog.getByRole('textbox', { name: 'Name' }).fill('Fakeland');
      const fileInput = dialog.locator('input[type="file"]');

      // A declared non-image is refused before sending.
      await fileInput.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
      await dialog.getByText(FLAG_IMAGE_TYPE_MESSAGE).waitFor();
      await expect(save.isDisabled()).resolves.toBe(true);

      // Text renamed to .png passes the browser's check; the server reads the bytes and refuses it.
      await fileInput.setInputFiles({ name: 'flag.png', mimeType: 'image/png', buffer: Buffer.from('not a picture') });
      await expect.poll(() => save.isEnabled()).toBe(true);
      await save.click();
      await dialog.getByText(FLAG_IMAGE_TYPE_MESSAGE).waitFor();
      await expect(dialog.getByRole('button', { name: 'Flag' }).getAttribute('aria-invalid')).resolves.toBe('true');
      await expect(dialog.isVisible()).resolves.toBe(true);
      const after = await countries();
      expect(after).toEqual(before);
      expect(after.map((country) => country.name)).not.toContain('Fakeland');
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await dialog.waitFor({ state: 'hidden' });
    });
  });

  describe('Home → About Us', () => {
    const nepal = 2;

    it("shows a country's About Us", async () => {
      await page.goto(`${app.url}/admin/home/about-us`);
      await expect.poll(() => page.getByRole('combobox', { name: 'Country' }).inputValue()).toBe('Global');
      await chooseCountry(page, 'Nepal');
      const seeded = (await aboutUsOf(nepal))!;
      await page.getByText(seeded.description.slice(0, 40)).waitFor();
      await page.getByText(seeded.video.video_name, { exact: true }).waitFor();
      await checkAdminScreen(page, 'home-about-us');
    });

    it("edits Nepal's description with a new video, and Nepal's home page shows them", async () => {
      await page.getByRole('button', { name: 'Edit' }).click();
      const dialog = page.getByRole('dialog', { name: 'About Us · Nepal' });
      const save = dialog.getByRole('button', { name: 'Save' });
      await expect(save.isDisabled()).resolves.toBe(true);
      const description = dialog.getByRole('textbox', { name: 'Description' });
      await description.fill('');
      await description.blur();
      await dialog.getByText('Description is required').waitFor();
      await description.fill('Our Kathmandu team helps students choose the right course abroad.');

      await dialog.getByRole('radio', { name: 'Add a video' }).check();
      const url = dialog.getByRole('textbox', { name: 'Video URL' });
      await url.fill('ftp://example.com/video');
      await url.blur();
      await dialog.getByText('Video URL must be an http(s) link').waitFor();
      await expect(save.isDisabled()).resolves.toBe(true);
      await url.fill('https://youtu.be/dQw4w9WgXcQ');
      await dialog.getByRole('textbox', { name: 'Video name' }).fill('Kathmandu office tour');
      const still = dialog.getByRole('img', { name: 'Still of the video “Kathmandu office tour”' });
      await expect(still.getAttribute('src')).resolves.toBe('https://i.ytimg.com/vi/dQw4w9WgXcQ/hqdefault.jpg');
      await checkModal(page);
      await expect.poll(() => save.isEnabled()).toBe(true);
      await save.click();
      await expectToast(page, 'Successfully Updated!');
      await dialog.waitFor({ state: 'hidden' });
      await page.getByText('Our Kathmandu team helps students choose the right course abroad.').waitFor();

      const stored = await aboutUsOf(nepal);
      expect(stored).toMatchObject({
        description: 'Our Kathmandu team helps students choose the right course abroad.',
        video: { video_url: 'https://youtu.be/dQw4w9WgXcQ', video_name: 'Kathmandu office tour' },
      });
      const html = await publicHome(nepal);
      expect(html).toContain('Our Kathmandu team helps students choose the right course abroad.');
      // The video is a poster until played (the player loads then): its name, and a link to it on YouTube.
      expect(html).toMatch(/Play video: <\/span>Kathmandu office tour/);
      expect(html).toContain('href="https://youtu.be/dQw4w9WgXcQ"');
    });

    it('chooses a video from the library', async () => {
      await page.getByRole('button', { name: 'Edit' }).click();
      const dialog = page.getByRole('dialog', { name: 'About Us · Nepal' });
      const video = dialog.getByRole('combobox', { name: 'About Us video' });
      await expect(video.inputValue()).resolves.toBe('Kathmandu office tour');
      await video.click();
      await page.getByRole('option', { name: 'About us', exact: true }).click();
      await dialog.getByRole('button', { name: 'Save' }).click();
      await expectToast(page, 'Successfully Updated!');
      await dialog.waitFor({ state: 'hidden' });
      const stored = await aboutUsOf(nepal);
      expect(stored?.video.video_name).toBe('About us');
      expect(await publicHome(nepal)).not.toContain('dQw4w9WgXcQ');
    });

    it('refuses a description changed elsewhere while the form was open, and keeps the typed one when saved again', async () => {
      await page.getByRole('button', { name: 'Edit' }).click();
      const dialog = page.getByRole('dialog', { name: 'About Us · Nepal' });
      const description = dialog.getByRole('textbox', { name: 'Description' });
      await description.waitFor();
      const { id } = (await aboutUsOf(nepal))!;
      // Elsewhere the description changes, and the video goes back to the office tour added above.
      type Listed = { edges: { node: { id: number; video_name: string } }[] };
      const videos = { category: 'ABOUT_US', first: 50, filter: null };
      const listed = (await trpc<Listed>(app, token, 'media.videosOfCategory', videos)).data!.edges;
      const tour = listed.find(({ node }) => node.video_name === 'Kathmandu office tour')!.node;
      const elsewhere = { id, description: 'Changed in another window.', video_id: tour.id };
      expect((await trpc(app, token, 'home.updateAboutUs', elsewhere, 'mutation')).status).toBe(200);

      const mine = 'Our Kathmandu counsellors help you choose a course and a country.';
      await description.fill(mine);
      const save = dialog.getByRole('button', { name: 'Save' });
      await save.click();
      await dialog
        .getByText('You changed this in another window to “Changed in another window.” since you opened the form.', {
          exact: false,
        })
        .waitFor();
      expect((await aboutUsOf(nepal))?.description).toBe('Changed in another window.');
      expect(await description.inputValue()).toBe(mine);

      await save.click();
      await expectToast(page, 'Successfully Updated!');
      await dialog.waitFor({ state: 'hidden' });
      // Only the description was sent: the video chosen elsewhere stays.
      expect(await aboutUsOf(nepal)).toMatchObject({
        description: mine,
        video: { video_name: 'Kathmandu office tour' },
      });
    });

    it('adds the About Us of a country that has none', async () => {
      const { addCountry } = await graphql<{ addCountry: { id: number } }>(
        app,
        token,
        'mutation { addCountry(name: "Aboutland") { id } }',
      );
      // A new country site shows only the pages assigned to it: give it its home page.
      const { getPages } = await graphql<{ getPages: { id: number; name: string }[] }>(
        app,
        token,
        'query { getPages { id name } }',
      );
      await graphql(
        app,
        token,
        'mutation($p: [Int!]!, $c: Int!) { addPageToOtherCountry(page_ids: $p, country_id: $c) { id } }',
        {
          p: [getPages.find((p) => p.name === 'Home')!.id],
          c: addCountry.id,
        },
      );
      await page.goto(`${app.url}/admin/home/about-us`);
      await chooseCountry(page, 'Aboutland');
      await page.getByText('No About Us yet for Aboutland.').waitFor();
      await page.getByRole('button', { name: 'Add' }).click();
      const dialog = page.getByRole('dialog', { name: 'About Us · Aboutland' });
      await dialog.getByRole('textbox', { name: 'Description' }).fill('Aboutland students start here.');
      await dialog.getByRole('combobox', { name: 'About Us video' }).click();
      await page.getByRole('option', { name: 'Kathmandu office tour', exact: true }).click();
      await dialog.getByRole('button', { name: 'Save' }).click();
      await expectToast(page, 'Successfully Added!');
      await dialog.waitFor({ state: 'hidden' });
      await page.getByText('Aboutland students start here.').waitFor();
      expect(await aboutUsOf(addCountry.id)).toMatchObject({ video: { video_name: 'Kathmandu office tour' } });
      expect(await publicHome(addCountry.id)).toContain('Aboutland students start here.');
    });
  });
});
