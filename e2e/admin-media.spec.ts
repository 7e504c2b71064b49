import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { siteCountryCookie } from '../shared/site-country.js';
import { chooseCountry, checkAdminScreen, expectToast } from './support/admin.js';
import type { RunningApp } from './support/app.js';
import { graphql, staffSession } from './support/staff.js';

interface Picture {
  id: number;
  image_name: string;
  image_url: string;
}

const TYPE_MESSAGE = 'Upload a PNG, JPEG, WebP, AVIF or GIF image';
const VIDEO_URL = 'https://www.youtube.com/watch?v=dQw4w9WgXcQ';
const VIDEO_STILL = 'https://i.ytimg.com/vi/dQw4w9WgXcQ/hqdefault.jpg';

/** A small PNG of its own colour, so every upload stores different bytes. */
function png(red: number): Promise<Buffer> {
  return sharp({ create: { width: 48, height: 32, channels: 3, background: { r: red, g: 90, b: 160 } } })
    .png()
    .toBuffer();
}

/** A chosen file's alternative text field in the upload dialog (its label names the file for screen readers). */
function altTextOf(dialog: Locator, fileName: string): Locator {
  return dialog.getByRole('textbox', { name: new RegExp(`^Alternative text of ${fileName.replace('.', '\\.')}`) });
}

/** The accessible names of the buttons in `scope` whose name starts with `prefix`, in page order. */
async function buttonNames(scope: Locator, prefix: string): Promise<string[]> {
  const buttons = scope.getByRole('button', { name: new RegExp(`^${prefix} `) });
  const names: string[] = [];
  for (let index = 0; index < (await buttons.count()); index++) {
    names.push((await buttons.nth(index).getAttribute('aria-label'))!.slice(prefix.length + 1));
  }
  return names;
}

/**
 * The media library (Resources → Gallery Picture / Video) and the country galleries (Home → Gallery Picture /
 * Video): several pictures uploaded at once, a refused non-image, galleries per country with "Remove from Nepal"
 * leaving Canada's, an in-use picture that cannot be deleted, and a YouTube video added, edited, shown, removed and
 * deleted.
 */
describe('staff area: pictures and videos', () => {
  const session = staffSession();
  let app: RunningApp;
  let page: Page;
  let token: string;
  let countries: Map<string, number>;

  const allPictures = async () =>
    (
      await graphql<{ getAllImages: { edges: { node: Picture }[] } }>(
        app,
        token,
        'query { getAllImages(first: 100) { edges { node { id image_name image_url } } } }',
      )
    ).getAllImages.edges.map((edge) => edge.node);
  const picture = async (name: string) => (await allPictures()).find((p) => p.image_name === name);
  const publicGallery = async (country: string) => {
    const countryId = countries.get(country)!;
    const [cookie] = siteCountryCookie(countryId).split(';');
    return (await fetch(`${app.url}/gallery`, { headers: { cookie: cookie! } })).text();
  };
  const galleryNames = async (country: string) =>
    (
      await graphql<{ getImagesFromGallery: { edges: { node: Picture }[] } }>(
        app,
        token,
        'query($c: Int!) { getImagesFromGallery(country_id: $c, first: 100) { edges { node { image_name } } } }',
        { c: countries.get(country) },
      )
    ).getImagesFromGallery.edges.map((edge) => edge.node.image_name);
  const videoNames = async () =>
    (
      await graphql<{ getAllVideos: { edges: { node: { video_name: string } }[] } }>(
        app,
        token,
        'query { getAllVideos(first: 100) { edges { node { video_name } } } }',
      )
    ).getAllVideos.edges.map((edge) => edge.node.video_name);

  beforeAll(async () => {
    ({ app, page, token, countries } = await session.start());
  });
  afterAll(() => session.close());

  it('lists the library a page at a time; "Load more" appends the next page without duplicates', async () => {
    const stored = await allPictures();
    expect(stored.length).toBeGreaterThan(12);
    await page.goto(`${app.url}/admin/gallery/picture`);
    const library = page.getByRole('list', { name: 'Pictures in the library' });
    await expect.poll(() => library.getByRole('listitem').count()).toBe(12);
    await checkAdminScreen(page, 'gallery-picture');
    await page.getByRole('button', { name: 'Load more' }).click();
    const shown = Math.min(stored.length, 24);
    await expect.poll(() => library.getByRole('listitem').count()).toBe(shown);
    // Newest first, as the API lists them, each once.
    expect(await buttonNames(library, 'Delete')).toEqual(stored.slice(0, shown).map((p) => p.image_name));
  });

  it('refuses a file that is not an image, with a clear message, and stores nothing', async () => {
    const before = (await allPictures()).length;
    await page.getByRole('button', { name: 'Upload Pictures' }).click();
    const dialog = page.getByRole('dialog', { name: 'Upload Pictures' });
    await dialog.getByRole('combobox', { name: 'Category' }).click();
    await page.getByRole('option', { name: 'Gallery images', exact: true }).click();
    // A file the browser knows is not an image is refused before anything is sent.
    await dialog.locator('input[type=file]').setInputFiles({
      name: 'notes.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('notes, not a picture'),
    });
    const chosen = dialog.getByRole('list', { name: 'Chosen files' });
    await chosen.getByRole('listitem').filter({ hasText: 'notes.txt' }).getByText(TYPE_MESSAGE).waitFor();
    // Dropped on the drop zone, likewise.
    const dropped = await page.evaluateHandle(`(() => {
      const data = new DataTransfer();
      data.items.add(new File(['a spreadsheet'], 'fees.csv', { type: 'text/csv' }));
      return data;
    })()`);
    await dialog.getByRole('button', { name: /^Drop pictures here/ }).dispatchEvent('drop', { dataTransfer: dropped });
    await chosen.getByRole('listitem').filter({ hasText: 'fees.csv' }).getByText(TYPE_MESSAGE).waitFor();
    await expect(dialog.getByRole('button', { name: 'Upload', exact: true }).isDisabled()).resolves.toBe(true);
    // A text file named .png passes the browser's check; the server judges the bytes and refuses it.
    await dialog.locator('input[type=file]').setInputFiles({
      name: 'holiday.png',
      mimeType: 'image/png',
      buffer: Buffer.from('this is plain text, not a picture'),
    });
    await altTextOf(dialog, 'holiday.png').fill('A beach at sunset');
    await dialog.getByRole('button', { name: 'Upload 1 picture' }).click();
    await chosen.getByRole('listitem').filter({ hasText: 'holiday.png' }).getByText(TYPE_MESSAGE).waitFor();
    await dialog
      .getByText('Nothing was uploaded: the marked files were refused. Upload again to send the others.')
      .waitFor();
    expect((await allPictures()).length).toBe(before);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'hidden' });
  });

  it('uploads three pictures at once into Gallery images, with progress, and lists them', async () => {
    await page.getByRole('button', { name: 'Upload Pictures' }).click();
    const dialog = page.getByRole('dialog', { name: 'Upload Pictures' });
    await dialog.getByRole('combobox', { name: 'Category' }).click();
    await page.getByRole('option', { name: 'Gallery images', exact: true }).click();
    await dialog.locator('input[type=file]').setInputFiles([
      { name: 'campus-1.png', mimeType: 'image/png', buffer: await png(10) },
      { name: 'campus-2.png', mimeType: 'image/png', buffer: await png(80) },
      { name: 'campus-3.png', mimeType: 'image/png', buffer: await png(150) },
    ]);
    await expect.poll(() => dialog.getByRole('list', { name: 'Chosen files' }).getByRole('listitem').count()).toBe(3);
    // Each picture needs its alternative text: without it nothing is sent, and the first one missing has the focus.
    await dialog.getByRole('button', { name: 'Upload 3 pictures' }).click();
    await expect.poll(() => dialog.getByText('Alternative text is required').count()).toBe(3);
    await expect
      .poll(() => page.evaluate<string>("document.activeElement?.closest('[role=listitem]')?.textContent ?? ''"))
      .toContain('campus-1.png');
    for (const [index, name] of ['campus-1.png', 'campus-2.png', 'campus-3.png'].entries()) {
      await altTextOf(dialog, name).fill(`Students on the campus lawn, picture ${index + 1}`);
    }
    await checkAdminScreen(page, 'gallery-picture-upload');

    // Hold the request a moment, so the progress bar can be seen.
    await page.route('**/api/graphql', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 800));
      await route.continue();
    });
    try {
      await dialog.getByRole('button', { name: 'Upload 3 pictures' }).click();
      // The bar starts empty (zero wide), so it is there rather than visible; its words say how far it is.
      await dialog.getByRole('progressbar', { name: 'Upload progress' }).waitFor({ state: 'attached' });
      await dialog.getByText(/^Uploading 3 pictures… \d+%$/).waitFor();
      await expectToast(page, 'Successfully Added!');
    } finally {
      await page.unroute('**/api/graphql');
    }
    await dialog.waitFor({ state: 'hidden' });
    const library = page.getByRole('list', { name: 'Pictures in the library' });
    // Newest first: the three new ones lead the list.
    await expect
      .poll(async () => (await buttonNames(library, 'Delete')).slice(0, 3))
      .toEqual(['campus-3.png', 'campus-2.png', 'campus-1.png']);
    for (const name of ['campus-1.png', 'campus-2.png', 'campus-3.png']) expect(await picture(name)).toBeDefined();
    // Each card shows what staff wrote of it; none waits for review.
    await library.getByText('Students on the campus lawn, picture 1').waitFor();
    expect(await library.getByText('Review alt text').count()).toBe(0);
  });

  it('changes a picture’s alternative text in the library', async () => {
    await page.goto(`${app.url}/admin/gallery/picture`);
    const library = page.getByRole('list', { name: 'Pictures in the library' });
    await library.getByRole('button', { name: 'Edit campus-1.png' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Picture' });
    const text = dialog.getByRole('textbox', { name: /^Alternative text/ });
    await expect(text.inputValue()).resolves.toBe('Students on the campus lawn, picture 1');
    await text.fill('Students reading on the campus lawn in spring');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expectToast(page, 'Successfully Updated!');
    await dialog.waitFor({ state: 'hidden' });
    await library.getByText('Students reading on the campus lawn in spring').waitFor();
  });

  it('adds two of them to Nepal’s gallery from the library; Nepal’s /gallery page shows them', async () => {
    await page.goto(`${app.url}/admin/home/gallery-picture`);
    await chooseCountry(page, 'Nepal');
    const gallery = page.getByRole('list', { name: 'Pictures in Nepal’s gallery' });
    await expect.poll(() => gallery.getByRole('listitem').count()).toBeGreaterThan(0);
    await checkAdminScreen(page, 'home-gallery-picture');

    await page.getByRole('button', { name: 'Add from library' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add pictures to Nepal' });
    await dialog.getByRole('checkbox', { name: 'campus-1.png' }).waitFor();
    // Pictures already in Nepal's gallery are not offered.
    await expect(dialog.getByRole('checkbox', { name: 'gallery-1.webp' }).count()).resolves.toBe(0);
    await dialog.getByRole('checkbox', { name: 'campus-1.png' }).click();
    await dialog.getByRole('checkbox', { name: 'campus-2.png' }).click();
    await dialog.getByText('2 chosen').waitFor();
    await checkAdminScreen(page, 'home-gallery-picture-add');
    await dialog.getByRole('button', { name: 'Add', exact: true }).click();
    await expectToast(page, 'Successfully Added!');
    await dialog.waitFor({ state: 'hidden' });
    await expect
      .poll(async () => (await buttonNames(gallery, 'Delete')).slice(0, 2))
      .toEqual(['campus-2.png', 'campus-1.png']);

    expect(await galleryNames('Nepal')).toEqual(expect.arrayContaining(['campus-1.png', 'campus-2.png']));
    const html = await publicGallery('Nepal');
    for (const name of ['campus-1.png', 'campus-2.png']) expect(html).toContain((await picture(name))!.image_url);
    expect(html).not.toContain((await picture('campus-3.png'))!.image_url);
  });

  it('with one also in Canada, the shared dialog’s "Remove from Nepal" leaves it in Canada', async () => {
    await chooseCountry(page, 'Canada');
    await page.getByRole('list', { name: 'Pictures in Canada’s gallery' }).waitFor();
    await page.getByRole('button', { name: 'Add from library' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add pictures to Canada' });
    await dialog.getByRole('checkbox', { name: 'campus-1.png' }).click();
    await dialog.getByRole('button', { name: 'Add', exact: true }).click();
    await expectToast(page, 'Successfully Added!');
    await dialog.waitFor({ state: 'hidden' });

    await chooseCountry(page, 'Nepal');
    const gallery = page.getByRole('list', { name: 'Pictures in Nepal’s gallery' });
    await gallery.getByRole('button', { name: 'Delete campus-1.png' }).click();
    await page.getByRole('dialog', { name: 'Do you want to delete ?' }).getByRole('button', { name: 'Delete' }).click();
    const shared = page.getByRole('dialog', { name: 'Shown elsewhere' });
    await shared.getByText(/It is shown in Nepal and Canada/).waitFor();
    await shared.getByRole('button', { name: 'Remove from Nepal' }).click();
    await expectToast(page, 'Successfully Removed!');
    await expect.poll(() => gallery.getByRole('button', { name: 'Delete campus-1.png' }).count()).toBe(0);
    expect(await galleryNames('Nepal')).not.toContain('campus-1.png');
    expect(await galleryNames('Canada')).toContain('campus-1.png');

    // Removing straight from the gallery keeps the picture in the library.
    await gallery.getByRole('button', { name: 'Remove campus-2.png from Nepal' }).click();
    await expectToast(page, 'Successfully Removed!');
    await expect.poll(() => gallery.getByRole('button', { name: 'Delete campus-2.png' }).count()).toBe(0);
    expect(await galleryNames('Nepal')).not.toContain('campus-2.png');
    expect(await picture('campus-2.png')).toBeDefined();
    expect(await publicGallery('Nepal')).not.toContain((await picture('campus-2.png'))!.image_url);
  });

  it('uploads a picture straight into Nepal’s gallery', async () => {
    await page.getByRole('button', { name: 'Upload Pictures' }).click();
    const dialog = page.getByRole('dialog', { name: 'Upload Pictures to Nepal' });
    await expect(dialog.getByRole('textbox', { name: 'Category' }).inputValue()).resolves.toBe('Gallery images');
    await dialog
      .locator('input[type=file]')
      .setInputFiles({ name: 'graduation.png', mimeType: 'image/png', buffer: await png(220) });
    await altTextOf(dialog, 'graduation.png').fill('Graduates throwing their caps in the air');
    await dialog.getByRole('button', { name: 'Upload 1 picture' }).click();
    await expectToast(page, 'Successfully Added!');
    await dialog.waitFor({ state: 'hidden' });
    const gallery = page.getByRole('list', { name: 'Pictures in Nepal’s gallery' });
    await gallery.getByRole('button', { name: 'Delete graduation.png' }).waitFor();
    expect(await galleryNames('Nepal')).toContain('graduation.png');
    expect(await galleryNames('Canada')).not.toContain('graduation.png');
  });

  it('refuses to delete a picture an item uses, naming the item; nothing is deleted', async () => {
    const banners = await graphql<{ getAllBanners: { data: { title: string; image: { image_name: string } }[] } }>(
      app,
      token,
      'query { getAllBanners(paginate: { page: 1, perPage: 100 }) { data { title image { image_name } } } }',
    );
    const banner = banners.getAllBanners.data[0]!;
    const before = (await allPictures()).length;
    await page.goto(`${app.url}/admin/gallery/picture`);
    await page.getByRole('combobox', { name: 'Category' }).click();
    await page.getByRole('option', { name: 'Banner', exact: true }).click();
    const list = page.getByRole('list', { name: 'Banner pictures' });
    await list.getByRole('button', { name: `Delete ${banner.image.image_name}` }).click();
    await page.getByRole('dialog', { name: 'Do you want to delete ?' }).getByRole('button', { name: 'Delete' }).click();
    const inUse = page.getByRole('dialog', { name: 'In use' });
    // Each country's home hero shows the same picture: the message names every banner using it.
    const users = banners.getAllBanners.data.filter((b) => b.image.image_name === banner.image.image_name);
    const message = inUse.getByText(users.length === 1 ? 'It is used by the banner ' : 'It is used by the banners ', {
      exact: false,
    });
    await message.waitFor();
    for (const user of users) expect(await message.textContent()).toContain(`"${user.title}"`);
    await inUse.getByRole('button', { name: 'Close' }).first().click();
    expect((await allPictures()).length).toBe(before);
    expect(await picture(banner.image.image_name)).toBeDefined();
  });

  it('adds a YouTube video by its link, with its still, and edits its name', async () => {
    await page.goto(`${app.url}/admin/gallery/video`);
    const library = page.getByRole('list', { name: 'Videos in the library' });
    await expect.poll(() => library.getByRole('listitem').count()).toBeGreaterThan(0);
    await checkAdminScreen(page, 'gallery-video');

    await page.getByRole('button', { name: 'Add Video' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Video' });
    const save = dialog.getByRole('button', { name: 'Save' });
    await expect(save.isDisabled()).resolves.toBe(true);
    await dialog.getByRole('textbox', { name: 'Video URL' }).fill('not a link');
    await dialog.getByRole('textbox', { name: 'Video URL' }).blur();
    await dialog.getByText('Video URL must be an http(s) link').waitFor();
    await dialog.getByRole('textbox', { name: 'Video URL' }).fill(VIDEO_URL);
    await dialog.getByRole('textbox', { name: 'Video name', exact: true }).fill('Visa interview tips');
    const still = dialog.getByRole('img', { name: 'Still of “Visa interview tips”' });
    await expect.poll(() => still.getAttribute('src')).toBe(VIDEO_STILL);
    await dialog.getByRole('combobox', { name: 'Category' }).click();
    await page.getByRole('option', { name: 'Gallery videos', exact: true }).click();
    await expect.poll(() => save.isEnabled()).toBe(true);
    await checkAdminScreen(page, 'gallery-video-add');
    await save.click();
    await expectToast(page, 'Successfully Added!');
    await dialog.waitFor({ state: 'hidden' });
    await library.getByRole('button', { name: 'Edit Visa interview tips' }).waitFor();
    expect(await videoNames()).toContain('Visa interview tips');

    await library.getByRole('button', { name: 'Edit Visa interview tips' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Video' });
    await expect(edit.getByRole('button', { name: 'Save' }).isDisabled()).resolves.toBe(true);
    await edit.getByRole('textbox', { name: 'Video name', exact: true }).fill('Visa interview tips 2026');
    await edit.getByRole('button', { name: 'Save' }).click();
    await expectToast(page, 'Successfully Updated!');
    await library.getByRole('button', { name: 'Edit Visa interview tips 2026' }).waitFor();
    const names = await videoNames();
    expect(names).toContain('Visa interview tips 2026');
    expect(names).not.toContain('Visa interview tips');
  });

  it('adds it to Nepal’s video gallery (shown on /gallery), removes it, then deletes it', async () => {
    await page.goto(`${app.url}/admin/home/gallery-video`);
    await chooseCountry(page, 'Nepal');
    const gallery = page.getByRole('list', { name: 'Videos in Nepal’s gallery' });
    await expect.poll(() => gallery.getByRole('listitem').count()).toBeGreaterThan(0);
    await checkAdminScreen(page, 'home-gallery-video');

    await page.getByRole('button', { name: 'Add from library' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add videos to Nepal' });
    await dialog.getByRole('checkbox', { name: 'Visa interview tips 2026' }).click();
    await dialog.getByRole('button', { name: 'Add', exact: true }).click();
    await expectToast(page, 'Successfully Added!');
    await dialog.waitFor({ state: 'hidden' });
    await gallery.getByRole('button', { name: 'Remove Visa interview tips 2026 from Nepal' }).waitFor();
    expect(await publicGallery('Nepal')).toContain('Visa interview tips 2026');
    expect(await publicGallery('Canada')).not.toContain('Visa interview tips 2026');

    // A new video added here goes into the library and this gallery.
    await page.getByRole('button', { name: 'Add Video' }).click();
    const add = page.getByRole('dialog', { name: 'Add Video' });
    await add.getByRole('textbox', { name: 'Video URL' }).fill('https://vimeo.com/76979871');
    await add.getByRole('textbox', { name: 'Video name', exact: true }).fill('Kathmandu office tour');
    await add.getByText('Vimeo video (no still)').waitFor();
    await add.getByRole('button', { name: 'Save' }).click();
    await expectToast(page, 'Successfully Added!');
    await gallery.getByRole('button', { name: 'Remove Kathmandu office tour from Nepal' }).waitFor();
    expect(await publicGallery('Nepal')).toContain('Kathmandu office tour');

    await gallery.getByRole('button', { name: 'Remove Visa interview tips 2026 from Nepal' }).click();
    await expectToast(page, 'Successfully Removed!');
    await expect.poll(() => gallery.getByRole('button', { name: 'Delete Visa interview tips 2026' }).count()).toBe(0);
    expect(await publicGallery('Nepal')).not.toContain('Visa interview tips 2026');

    await page.goto(`${app.url}/admin/gallery/video`);
    const library = page.getByRole('list', { name: 'Videos in the library' });
    await library.getByRole('button', { name: 'Delete Visa interview tips 2026' }).click();
    await page.getByRole('dialog', { name: 'Do you want to delete ?' }).getByRole('button', { name: 'Delete' }).click();
    await expectToast(page, 'Successfully Deleted!');
    await expect.poll(() => library.getByRole('button', { name: 'Delete Visa interview tips 2026' }).count()).toBe(0);
    expect(await videoNames()).not.toContain('Visa interview tips 2026');
  });
});
