import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { siteCountryCookie } from '../shared/site-country.js';
import { chooseCountry, checkAdminScreen, expectToast } from './support/admin.js';
import type { RunningApp } from './support/app.js';
import { graphql, staffSession } from './support/staff.js';

interface Listed {
  id: number;
  name: string;
  relation: string;
  countries: { name: string }[];
}

/**
 * Home → Testimonials: the shared-item screen pattern (spec §4 delete codes): add with an uploaded photo, edit, add
 * to another country, "Remove from Nepal" and "Delete everywhere"; a non-image upload is refused and stores nothing.
 */
describe('staff area: testimonials', () => {
  const session = staffSession();
  let app: RunningApp;
  let page: Page;
  let token: string;
  let countries: Map<string, number>;

  const testimonials = async () =>
    (
      await graphql<{ getAllTestimonals: { data: Listed[] } }>(
        app,
        token,
        'query { getAllTestimonals(paginate: { page: 1, perPage: 100 }) { data { id name relation countries { name } } } }',
      )
    ).getAllTestimonals.data;
  const imageCount = async () =>
    (
      await graphql<{ getAllImages: { edges: unknown[] } }>(
        app,
        token,
        'query { getAllImages(first: 100) { edges { cursor } } }',
      )
    ).getAllImages.edges.length;
  const publicHome = (country: string) =>
    fetch(`${app.url}/`, { headers: { cookie: siteCountryCookie(countries.get(country)!).split(';')[0]! } }).then((r) =>
      r.text(),
    );

  beforeAll(async () => {
    ({ app, page, token, countries } = await session.start());
  });
  afterAll(() => session.close());

  it('lists testimonials of every country with the countries each is shown in', async () => {
    await page.goto(`${app.url}/admin/home/testimonials`);
    await page.getByRole('columnheader', { name: 'Countries' }).waitFor();
    await expect.poll(() => page.locator('tbody tr').count()).toBeGreaterThan(0);
    await checkAdminScreen(page, 'home-testimonials');
  });

  it('refuses a file that is not an image, with a clear message, and stores nothing', async () => {
    const before = await imageCount();
    await page.getByRole('button', { name: 'Add Testimonial' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Testimonial' });
    await dialog.locator('input[type=file]').setInputFiles({
      name: 'photo.png',
      mimeType: 'image/png',
      buffer: Buffer.from('this is plain text, not a picture'),
    });
    await dialog.getByText('Upload a PNG, JPEG, WebP, AVIF or GIF image').waitFor();
    expect(await imageCount()).toBe(before);
    // A file the browser already knows is not an image is refused before it is sent.
    await dialog.locator('input[type=file]').setInputFiles({
      name: 'notes.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('notes'),
    });
    await dialog.getByText('Upload a PNG, JPEG, WebP, AVIF or GIF image').waitFor();
    expect(await imageCount()).toBe(before);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
  });

  it('takes a photo uploaded in a dialog that is then cancelled back out of the library', async () => {
    const before = await imageCount();
    await page.getByRole('button', { name: 'Add Testimonial' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Testimonial' });
    const photo = await sharp({ create: { width: 48, height: 48, channels: 3, background: '#aa6633' } })
      .png()
      .toBuffer();
    await dialog
      .locator('input[type=file]')
      .setInputFiles({ name: 'abandoned.png', mimeType: 'image/png', buffer: photo });
    // The chosen picture is marked as chosen.
    await expect.poll(() => dialog.getByRole('radio', { name: 'abandoned.png' }).isChecked()).toBe(true);
    expect(await imageCount()).toBe(before + 1);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await expect.poll(imageCount).toBe(before);
  });

  it('adds a testimonial with a new photo to Nepal and Canada, shown on both home pages', async () => {
    await page.getByRole('button', { name: 'Add Testimonial' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Testimonial' });
    const save = dialog.getByRole('button', { name: 'Save' });
    await expect(save.isDisabled()).resolves.toBe(true);
    await dialog.getByRole('textbox', { name: 'Name', exact: true }).fill('Sita Sharma');
    await dialog.getByRole('textbox', { name: 'Relation' }).fill('Student');
    await dialog.getByRole('textbox', { name: 'Testimonial' }).fill('They guided my visa application step by step.');
    const photo = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#3366aa' } })
      .png()
      .toBuffer();
    await dialog.locator('input[type=file]').setInputFiles({ name: 'sita.png', mimeType: 'image/png', buffer: photo });
    await expect.poll(() => dialog.getByRole('radio', { name: 'sita.png' }).isChecked()).toBe(true);
    // The pills box around the input takes the click (Mantine MultiSelect).
    await dialog.locator('.mantine-MultiSelect-input').click();
    await page.getByRole('option', { name: 'Nepal', exact: true }).click();
    await page.getByRole('option', { name: 'Canada', exact: true }).click();
    await page.keyboard.press('Escape');
    await expect.poll(() => save.isEnabled()).toBe(true);
    await checkAdminScreen(page, 'home-testimonials-add');
    await save.click();
    await expectToast(page, 'Successfully Added!');
    await dialog.waitFor({ state: 'hidden' });
    await page.getByRole('cell', { name: 'Sita Sharma', exact: true }).waitFor();
    // The photo it was saved with stays in the library (the picker's clean-up has run once the network is idle).
    await page.waitForLoadState('networkidle');
    const imageNames = await graphql<{ getAllImages: { edges: { node: { image_name: string } }[] } }>(
      app,
      token,
      'query { getAllImages(first: 100) { edges { node { image_name } } } }',
    );
    expect(imageNames.getAllImages.edges.map((edge) => edge.node.image_name)).toContain('sita.png');

    const stored = (await testimonials()).find((t) => t.name === 'Sita Sharma');
    expect(stored?.countries.map((c) => c.name).sort()).toEqual(['Canada', 'Nepal']);
    expect(await publicHome('Nepal')).toContain('They guided my visa application step by step.');
    expect(await publicHome('Canada')).toContain('They guided my visa application step by step.');
  });

  it('edits it, and the change is stored', async () => {
    await page.getByRole('button', { name: 'Edit Sita Sharma' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Testimonial' });
    const save = dialog.getByRole('button', { name: 'Save' });
    await expect(save.isDisabled()).resolves.toBe(true);
    await dialog.getByRole('textbox', { name: 'Relation' }).fill('');
    await dialog.getByRole('textbox', { name: 'Relation' }).blur();
    await dialog.getByText('Relation is required').waitFor();
    await dialog.getByRole('textbox', { name: 'Relation' }).fill('Graduate');
    await expect.poll(() => save.isEnabled()).toBe(true);
    await save.click();
    await expectToast(page, 'Successfully Updated!');
    await page.getByRole('cell', { name: 'Graduate', exact: true }).waitFor();
    expect((await testimonials()).find((t) => t.name === 'Sita Sharma')?.relation).toBe('Graduate');
  });

  it('deleting it in Nepal offers "Remove from Nepal", which leaves it in Canada', async () => {
    await chooseCountry(page, 'Nepal');
    await page.getByRole('button', { name: 'Delete Sita Sharma' }).click();
    await page.getByRole('dialog', { name: 'Do you want to delete ?' }).getByRole('button', { name: 'Delete' }).click();
    const shared = page.getByRole('dialog', { name: 'Shown elsewhere' });
    await shared.getByText(/It is shown in Nepal and Canada/).waitFor();
    await checkAdminScreen(page, 'home-testimonials-shared-delete');
    await shared.getByRole('button', { name: 'Remove from Nepal' }).click();
    await expectToast(page, 'Successfully Removed!');
    await expect.poll(() => page.getByRole('cell', { name: 'Sita Sharma', exact: true }).count()).toBe(0);

    const stored = (await testimonials()).find((t) => t.name === 'Sita Sharma');
    expect(stored?.countries.map((c) => c.name)).toEqual(['Canada']);
    expect(await publicHome('Nepal')).not.toContain('They guided my visa application step by step.');
    expect(await publicHome('Canada')).toContain('They guided my visa application step by step.');
  });

  it('adds it to another country, then "Delete everywhere" removes it', async () => {
    await page.getByRole('combobox', { name: 'Country' }).hover();
    await page.locator('.mantine-Select-section button').click();
    await page.getByRole('button', { name: 'Add Sita Sharma to another country' }).click();
    const link = page.getByRole('dialog', { name: 'Add "Sita Sharma" to another country' });
    await link.getByRole('combobox', { name: 'Country' }).click();
    // Canada already shows it, so it is not offered.
    await expect(page.getByRole('option', { name: 'Canada', exact: true }).count()).resolves.toBe(0);
    await page.getByRole('option', { name: 'Australia', exact: true }).click();
    await link.getByRole('button', { name: 'Add' }).click();
    await expectToast(page, 'Successfully Added!');
    await link.waitFor({ state: 'hidden' });

    await page.getByRole('button', { name: 'Delete Sita Sharma' }).click();
    await page.getByRole('dialog', { name: 'Do you want to delete ?' }).getByRole('button', { name: 'Delete' }).click();
    const shared = page.getByRole('dialog', { name: 'Shown elsewhere' });
    await shared.getByText(/It is shown in Canada and Australia/).waitFor();
    // Listing every country, there is no one country to remove it from.
    await expect(shared.getByRole('button', { name: /Remove from/ }).count()).resolves.toBe(0);
    await shared.getByRole('button', { name: 'Delete everywhere' }).click();
    await expectToast(page, 'Successfully Deleted!');
    await expect.poll(() => page.getByRole('cell', { name: 'Sita Sharma', exact: true }).count()).toBe(0);
    expect((await testimonials()).find((t) => t.name === 'Sita Sharma')).toBeUndefined();
    expect(await publicHome('Canada')).not.toContain('They guided my visa application step by step.');
  });
});
