import { describe, expect, it } from 'vitest';
import { checkAdminScreen, chooseCountry, expectToast, png } from './support/admin.js';
import { visitorPage } from './support/site.js';
import { graphql, useStaffSession } from './support/staff.js';

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
  const staff = useStaffSession();

  const testimonials = async () =>
    (
      await graphql<{ getAllTestimonals: { data: Listed[] } }>(
        staff.app,
        staff.token,
        'query { getAllTestimonals(paginate: { page: 1, perPage: 100 }) { data { id name relation countries { name } } } }',
      )
    ).getAllTestimonals.data;
  const imageCount = async () =>
    (
      await graphql<{ getAllImages: { edges: unknown[] } }>(
        staff.app,
        staff.token,
        'query { getAllImages(first: 100) { edges { cursor } } }',
      )
    ).getAllImages.edges.length;
  const publicHome = (country: string) => visitorPage(staff.app, staff.countries.get(country)!);

  it('lists testimonials of every country with the countries each is shown in', async () => {
    const { app, page } = staff;
    await page.goto(`${app.url}/admin/home/testimonials`);
    await page.getByRole('columnheader', { name: 'Countries' }).waitFor();
    await expect.poll(() => page.locator('tbody tr').count()).toBeGreaterThan(0);
    await checkAdminScreen(page, 'home-testimonials');
  });

  it('refuses a file that is not an image, with a clear message, and stores nothing', async () => {
    const { page } = staff;
    const before = await imageCount();
    await page.getByRole('button', { name: 'Add Testimonial' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Testimonial' });
    await dialog.locator('input[type=file]').setInputFiles({
      name: 'photo.png',
      mimeType: 'image/png',
      buffer: Buffer.from('this is plain text, not a picture'),
    });
    // Described first (its alternative text is required), then sent: the server judges the bytes and refuses them.
    await dialog.getByRole('textbox', { name: /^Alternative text of photo\.png/ }).fill('A student smiling');
    await dialog.getByRole('button', { name: 'Upload picture' }).click();
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
    const { screen } = staff;
    const before = await imageCount();
    const form = await screen.openForm('Add Testimonial', 'Add Testimonial');
    const { dialog } = form;
    // The chosen picture is marked as chosen.
    await form.uploadPicture('abandoned.png', await png('#aa6633', 48, 48));
    expect(await imageCount()).toBe(before + 1);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await expect.poll(imageCount).toBe(before);
  });

  it('adds a testimonial with a new photo to Nepal and Canada, shown on both home pages', async () => {
    const { app, page, screen, token } = staff;
    const form = await screen.openForm('Add Testimonial', 'Add Testimonial');
    const { dialog } = form;
    await dialog.getByRole('textbox', { name: 'Name', exact: true }).fill('Sita Sharma');
    await dialog.getByRole('textbox', { name: 'Relation' }).fill('Student');
    await dialog.getByRole('textbox', { name: 'Testimonial' }).fill('They guided my visa application step by step.');
    await form.uploadPicture('sita.png', await png('#3366aa'));
    await form.chooseMany(['Nepal', 'Canada']);
    await form.saveWith('Successfully Added!', 'home-testimonials-add');
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
    const { page, screen } = staff;
    const form = await screen.openForm('Edit Sita Sharma', 'Edit Testimonial');
    const relation = form.dialog.getByRole('textbox', { name: 'Relation' });
    await form.expectFieldMessage(relation, '', 'Relation is required');
    await relation.fill('Graduate');
    await form.saveWith('Successfully Updated!');
    await page.getByRole('cell', { name: 'Graduate', exact: true }).waitFor();
    expect((await testimonials()).find((t) => t.name === 'Sita Sharma')?.relation).toBe('Graduate');
  });

  it('deleting it in Nepal offers "Remove from Nepal", which leaves it in Canada', async () => {
    const { page, screen } = staff;
    await chooseCountry(page, 'Nepal');
    const shared = await screen.deleteShared('Sita Sharma', /It is shown in Nepal and Canada/);
    await checkAdminScreen(page, 'home-testimonials-shared-delete');
    await shared.getByRole('button', { name: 'Remove from Nepal' }).click();
    await expectToast(page, 'Successfully Removed!');
    await screen.expectNoCell('Sita Sharma');

    const stored = (await testimonials()).find((t) => t.name === 'Sita Sharma');
    expect(stored?.countries.map((c) => c.name)).toEqual(['Canada']);
    expect(await publicHome('Nepal')).not.toContain('They guided my visa application step by step.');
    expect(await publicHome('Canada')).toContain('They guided my visa application step by step.');
  });

  it('adds it to another country, then "Delete everywhere" removes it', async () => {
    const { page, screen } = staff;
    await screen.clearFilter(page.getByRole('combobox', { name: 'Country' }));
    // Canada already shows it, so it is not offered.
    await screen.addToAnother('Sita Sharma', { country: 'Australia', notOffered: 'Canada' });

    const shared = await screen.deleteShared('Sita Sharma', /It is shown in Canada and Australia/);
    // Listing every country, there is no one country to remove it from.
    await expect(shared.getByRole('button', { name: /Remove from/ }).count()).resolves.toBe(0);
    await shared.getByRole('button', { name: 'Delete everywhere' }).click();
    await expectToast(page, 'Successfully Deleted!');
    await screen.expectNoCell('Sita Sharma');
    expect((await testimonials()).find((t) => t.name === 'Sita Sharma')).toBeUndefined();
    expect(await publicHome('Canada')).not.toContain('They guided my visa application step by step.');
  });
});
