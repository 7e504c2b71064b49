import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { NOT_YOUR_ITEM_MESSAGE } from '../shared/access.js';
import { E2E_ADMIN, type RunningApp } from './support/app.js';
import { checkAdminScreen, chooseCountry, expectToast } from './support/admin.js';
import { animationsDone } from './support/site.js';
import { sessionTokenOf, signedInContext, staffSession, trpc } from './support/staff.js';

interface StaffAccount {
  id: number;
  email: string;
  name: string;
  role: string;
  is_active: boolean;
  country_ids: number[];
}

interface ContactInfo {
  id: number;
  email: string;
}

const EDITOR = { email: 'kathmandu.editor@example.com', password: 'kathmandu editor 2026' };
const NEPAL = 2;
const CANADA = 3;
const ADMIN_ONLY = 'An administrator added it, so only an administrator may delete it.';

/**
 * Staff accounts (ADMIN only) and what an EDITOR sees: the Staff screen adds an editor for Nepal who then signs in,
 * is offered only Nepal, is refused Canada, and is refused at once when deactivated.
 */
describe('staff area: staff accounts and editors', () => {
  const session = staffSession();
  let app: RunningApp;
  let browser: Browser;
  let page: Page;
  let token: string;
  let editorContext: BrowserContext | undefined;

  const staffList = async () => (await trpc<StaffAccount[]>(app, token, 'staff.list', undefined)).data!;
  const editorAccount = async () => (await staffList()).find((staff) => staff.email === EDITOR.email);
  const row = (text: string) => page.getByRole('row').filter({ hasText: text });

  beforeAll(async () => {
    ({ app, browser, page, token } = await session.start());
  });
  afterAll(async () => {
    await editorContext?.close();
    await session.close();
  });

  it('lists staff for an administrator, who cannot deactivate themself', async () => {
    await page.goto(`${app.url}/admin/staff`);
    await page.getByRole('heading', { name: 'Staff', level: 1 }).waitFor();
    await page.getByRole('navigation', { name: 'Admin sections' }).getByRole('link', { name: 'Staff' }).waitFor();
    await row(E2E_ADMIN.email).waitFor();
    await expect(page.getByRole('columnheader').allTextContents()).resolves.toEqual([
      'Email',
      'Name',
      'Role',
      'Countries',
      'Status',
      'Action',
    ]);
    await expect(row(E2E_ADMIN.email).getByRole('cell').allTextContents()).resolves.toEqual([
      E2E_ADMIN.email,
      'Administrator',
      'ADMIN',
      'All countries',
      'Active',
      '',
    ]);
    await expect(page.getByRole('button', { name: 'You cannot deactivate yourself' }).isDisabled()).resolves.toBe(true);
    await checkAdminScreen(page, 'staff');
  });

  it('adds an EDITOR for Nepal with an initial password, requiring a country and a long enough password', async () => {
    await page.getByRole('button', { name: 'Add staff' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add staff' });
    const save = dialog.getByRole('button', { name: 'Save' });
    await dialog.getByRole('textbox', { name: 'Email' }).fill(EDITOR.email);
    await dialog.getByRole('textbox', { name: 'Name' }).fill('Kathmandu Editor');
    await expect(dialog.getByRole('combobox', { name: 'Role' }).inputValue()).resolves.toMatch(/^Editor/);
    await dialog.getByText("For the site's own sign-in page only").waitFor();
    // An editor needs a country.
    await expect(save.isDisabled()).resolves.toBe(true);
    await dialog.getByRole('combobox', { name: 'Countries' }).click();
    await page.getByRole('option', { name: 'Nepal', exact: true }).click();
    await page.keyboard.press('Escape');
    const password = dialog.getByLabel('Initial password');
    // It opens empty (it once held "[object Object]").
    await expect(password.inputValue()).resolves.toBe('');
    await password.fill('too short');
    await password.blur();
    await dialog.getByText('The password must be at least 12 characters').waitFor();
    await expect(save.isDisabled()).resolves.toBe(true);
    await password.fill(EDITOR.password);
    await expect.poll(() => save.isEnabled()).toBe(true);
    await save.click();
    await expectToast(page, 'Successfully Added!');
    await dialog.waitFor({ state: 'hidden' });
    await expect
      .poll(() => row(EDITOR.email).getByRole('cell').allTextContents())
      .toEqual([EDITOR.email, 'Kathmandu Editor', 'EDITOR', 'Nepal', 'Active', '']);
    expect(await editorAccount()).toMatchObject({ role: 'EDITOR', is_active: true, country_ids: [NEPAL] });
    // The list never carries password hashes.
    expect(JSON.stringify(await staffList())).not.toMatch(/scrypt|password/);
  });

  it('edits a name; the last active administrator cannot be made an editor', async () => {
    await page.getByRole('button', { name: 'Edit Kathmandu Editor' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Kathmandu Editor' });
    await expect(dialog.getByRole('textbox', { name: 'Email' }).getAttribute('readonly')).resolves.not.toBeNull();
    await dialog.getByRole('textbox', { name: 'Name' }).fill('Nepal Editor');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expectToast(page, 'Successfully Updated!');
    await dialog.waitFor({ state: 'hidden' });
    await row('Nepal Editor').waitFor();
    expect(await editorAccount()).toMatchObject({ name: 'Nepal Editor', country_ids: [NEPAL] });

    await page.getByRole('button', { name: 'Edit Administrator' }).click();
    const own = page.getByRole('dialog', { name: 'Edit Administrator' });
    await own.getByRole('combobox', { name: 'Role' }).click();
    await page.getByRole('option', { name: /^Editor/ }).click();
    await own.getByRole('combobox', { name: 'Countries' }).click();
    await page.getByRole('option', { name: 'Nepal', exact: true }).click();
    await page.keyboard.press('Escape');
    await own.getByRole('button', { name: 'Save' }).click();
    await own.getByText('The last active administrator must stay an administrator').waitFor();
    await own.getByRole('button', { name: 'Cancel' }).click();
    expect((await staffList()).find((staff) => staff.email === E2E_ADMIN.email)?.role).toBe('ADMIN');
  });

  it('shows the EDITOR only Nepal, no Staff entry, and refuses their change to Canada', async () => {
    editorContext = await signedInContext(browser, app, undefined, EDITOR);
    const editorPage = await editorContext.newPage();
    const country = editorPage.getByRole('combobox', { name: 'Country' });
    for (const screen of ['pages', 'headerContactInfos']) {
      await editorPage.goto(`${app.url}/admin/${screen}`);
      // Their own country is chosen at first, and the only one offered.
      await expect.poll(() => country.inputValue()).toBe('Nepal');
      await country.click();
      await expect.poll(() => editorPage.getByRole('option').allTextContents()).toEqual(['Nepal']);
      await editorPage.keyboard.press('Escape');
    }
    await editorPage.getByText('nepal@example.com').waitFor();
    const sidebar = editorPage.getByRole('navigation', { name: 'Admin sections' });
    await sidebar.getByRole('link', { name: 'Header Contact Infos' }).waitFor();
    await expect(sidebar.getByRole('link', { name: 'Staff' }).count()).resolves.toBe(0);
    // Page Content is theirs for their countries' own texts; the shared text is administrators'.
    await sidebar.getByRole('link', { name: 'Page Content' }).waitFor();

    await editorPage.goto(`${app.url}/admin/staff`);
    await editorPage.getByText('Only administrators can manage staff.').waitFor();
    await expect(editorPage.getByRole('table').count()).resolves.toBe(0);
    await editorPage.goto(`${app.url}/admin/page-content`);
    await editorPage.getByText('Your countries’ own texts').waitFor();
    await editorPage.getByRole('combobox', { name: 'Site' }).click();
    await expect.poll(() => editorPage.getByRole('option').allTextContents()).toEqual(['Nepal']);
    await editorPage.keyboard.press('Escape');

    // The API refuses Canada with their own token, and nothing changes.
    const editorToken = await sessionTokenOf(editorContext, app);
    const canada = (await trpc<ContactInfo>(app, editorToken, 'headerContactInfo.get', { country_id: CANADA })).data!;
    const refused = await trpc(
      app,
      editorToken,
      'headerContactInfo.update',
      { id: canada.id, email: 'taken.over@example.com' },
      'mutation',
    );
    expect(refused.status).toBe(403);
    const after = await trpc<ContactInfo>(app, token, 'headerContactInfo.get', { country_id: CANADA });
    expect(after.data?.email).toBe(canada.email);
    expect((await trpc(app, editorToken, 'staff.list', undefined)).status).toBe(403);
    await editorPage.close();
  });

  it('offers the EDITOR no change to content other countries show: read-only rows, only their pages for banners', async () => {
    const editorPage = await editorContext!.newPage();
    // The Global site's hero is on Home and kept to Global: not Nepal's to change.
    await editorPage.goto(`${app.url}/admin/banner`);
    const banner = editorPage.getByRole('row').filter({ hasText: 'Your future starts here' });
    await banner.getByText('Read only').waitFor();
    await expect(banner.getByRole('button').count()).resolves.toBe(0);
    // Adding one offers only pages no other country shows: the Blog, once only Nepal shows it, and not Home.
    type SitePage = { id: number; name: string; country_ids: number[] };
    const pages = (await trpc<SitePage[]>(app, token, 'page.getAll', undefined)).data!;
    const blog = pages.find((p) => p.name === 'Blog')!;
    for (const countryId of blog.country_ids.filter((id) => id !== NEPAL)) {
      const removed = await trpc(
        app,
        token,
        'page.deleteFromCountry',
        { page_id: blog.id, country_id: countryId },
        'mutation',
      );
      expect(removed.status).toBe(200);
    }
    const nepalOnly = (await trpc<SitePage[]>(app, token, 'page.getAll', undefined)).data!.filter(
      (p) => p.country_ids.length > 0 && p.country_ids.every((id) => id === NEPAL),
    );
    expect(nepalOnly.map((p) => p.name)).toContain('Blog');
    // Until the API has said who they are (me.get), a new banner could not start from their countries: Add waits.
    let answerMe!: () => void;
    const meAnswered = new Promise<void>((resolve) => (answerMe = resolve));
    const meCall = /\/api\/trpc\/[^?]*\bme\.get\b/;
    await editorPage.route(meCall, async (route) => {
      await meAnswered;
      await route.continue();
    });
    await editorPage.reload();
    const addBanner = editorPage.getByRole('button', { name: 'Add Banner' });
    await addBanner.waitFor();
    expect(await addBanner.isDisabled()).toBe(true);
    answerMe();
    await expect.poll(() => addBanner.isEnabled()).toBe(true);
    await editorPage.unroute(meCall);
    await addBanner.click();
    const dialog = editorPage.getByRole('dialog', { name: 'Add Banner' });
    // Their new banner is kept to Nepal: every page Nepal's site shows is offered, Home included (Nepal's own hero).
    const shownIn = dialog.getByRole('combobox', { name: 'Shown in' });
    await expect.poll(() => dialog.getByText('Nepal', { exact: true }).count()).toBe(1);
    const pagesBox = dialog.getByRole('combobox', { name: 'Pages' });
    await pagesBox.click();
    await expect.poll(() => editorPage.getByRole('option').allTextContents()).toEqual(expect.arrayContaining(['Home']));
    const nepalPages = pages.filter((p) => p.country_ids.includes(NEPAL)).map((p) => p.name);
    expect((await editorPage.getByRole('option').allTextContents()).sort()).toEqual(nepalPages.sort());
    await editorPage.keyboard.press('Escape');
    // Shown in every country (Nepal taken out), only the pages no other country shows are offered.
    await shownIn.click();
    await editorPage.keyboard.press('Backspace');
    await editorPage.keyboard.press('Escape');
    await expect.poll(() => dialog.getByText('Nepal', { exact: true }).count()).toBe(0);
    await pagesBox.click();
    await expect.poll(() => editorPage.getByRole('option').allTextContents()).toEqual(expect.arrayContaining(['Blog']));
    const offered = await editorPage.getByRole('option').allTextContents();
    expect(offered.sort()).toEqual(nepalOnly.map((p) => p.name).sort());
    await editorPage.keyboard.press('Escape');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    // A team member of Nepal and Global is read only to Nepal's editor; the administrator may change them.
    await editorPage.goto(`${app.url}/admin/aboutUs/team`);
    const member = editorPage.getByRole('row').filter({ hasText: 'Rohan Karki' });
    await member.getByText('Read only').waitFor();
    await expect(member.getByRole('button', { name: 'Edit Rohan Karki' }).count()).resolves.toBe(0);
    await page.goto(`${app.url}/admin/aboutUs/team`);
    await page.getByRole('button', { name: 'Edit Rohan Karki' }).waitFor();
    await page.goto(`${app.url}/admin/staff`);
    await row(EDITOR.email).waitFor();
    await editorPage.close();
  });

  it('marks in the media library what the EDITOR may not do, saying why, and keeps them from choosing it', async () => {
    const editorPage = await editorContext!.newPage();
    // The text a refused action is described by, as screen readers read it: read in one step in the page, since the
    // id it points at may be renamed between two steps (a new element's id settles after its first render).
    type Described = {
      getAttribute: (name: string) => string | null;
      ownerDocument: { getElementById: (id: string) => { textContent: string | null } | null };
    };
    const reasonOf = (control: Locator) =>
      control.evaluate((node) => {
        const element = node as unknown as Described;
        const id = element.getAttribute('aria-describedby');
        return id ? (element.ownerDocument.getElementById(id)?.textContent ?? null) : null;
      });
    await editorPage.goto(`${app.url}/admin/gallery/picture`);
    const library = editorPage.getByRole('list', { name: 'Pictures in the library' });
    // The seed's pictures were added by no EDITOR: only an administrator deletes them.
    const seededDelete = library.getByRole('button', { name: 'Delete gallery-1.webp' });
    await expect.poll(() => seededDelete.getAttribute('aria-disabled')).toBe('true');
    // A search asks anew what the narrowed list's items refuse: held here, the card it kept still says so meanwhile.
    const refusalsAsked = Promise.withResolvers<void>();
    const answer = Promise.withResolvers<void>();
    const refusals = (url: URL) => url.pathname.includes('media.imageRefusals');
    const held: Promise<void>[] = [];
    await editorPage.route(refusals, (route) => {
      refusalsAsked.resolve();
      const sent = answer.promise.then(() => route.continue());
      held.push(sent);
      return sent;
    });
    try {
      await editorPage.getByRole('textbox', { name: 'Search by name' }).fill('gallery-1.webp');
      // The search narrows the list after a pause, re-rendering its cards: what follows acts on the card that stays.
      await expect.poll(() => library.getByRole('listitem').count()).toBe(1);
      await refusalsAsked.promise;
      expect(await seededDelete.getAttribute('aria-disabled')).toBe('true');
    } finally {
      answer.resolve();
      await Promise.all(held);
      await editorPage.unroute(refusals);
    }
    await expect.poll(() => reasonOf(seededDelete)).toBe(ADMIN_ONLY);
    // Playwright will not click what says it is disabled; a person can.
    await seededDelete.click({ force: true });
    const reason = editorPage.getByRole('tooltip', { name: ADMIN_ONLY });
    await reason.waitFor();
    await animationsDone(editorPage);
    await editorPage.screenshot({ path: 'e2e/.artifacts/admin-editor-media-refused-tooltip.png' });
    // Keyboard users get the reason too: it shows while the button has the focus, wherever the pointer is.
    await editorPage.mouse.move(0, 0);
    await editorPage.keyboard.press('Shift+Tab');
    await reason.waitFor({ state: 'hidden' });
    await editorPage.keyboard.press('Tab');
    await reason.waitFor();
    // Closed again before axe looks (it would count the tooltip as content outside the page's landmarks).
    await seededDelete.blur();
    await reason.waitFor({ state: 'hidden' });
    expect(await editorPage.getByRole('dialog').count()).toBe(0);
    await checkAdminScreen(editorPage, 'editor-media-refused');
    // A gallery video every country shows is not Nepal's editor's to edit or delete.
    await editorPage.goto(`${app.url}/admin/gallery/video`);
    const videos = editorPage.getByRole('list', { name: 'Videos in the library' });
    const videoEdit = videos.getByRole('button', { name: 'Edit Campus tour' });
    await expect.poll(() => videoEdit.getAttribute('aria-disabled')).toBe('true');
    await expect.poll(() => reasonOf(videoEdit)).toBe(NOT_YOUR_ITEM_MESSAGE);
    // The administrator is offered both, plainly.
    await page.goto(`${app.url}/admin/gallery/video`);
    const adminEdit = page.getByRole('button', { name: 'Edit Campus tour' });
    await adminEdit.waitFor();
    expect(await adminEdit.getAttribute('aria-disabled')).toBeNull();

    // Taken out of Nepal's gallery, a picture other countries still show is offered to add back, but not to them.
    type Picture = { id: number; image_name: string };
    const found = await trpc<{ edges: { node: Picture }[] }>(app, token, 'media.allImages', {
      filter: 'gallery-1.webp',
    });
    const picture = found.data!.edges[0]!.node;
    const taken = { image_id: picture.id, country_id: NEPAL };
    expect((await trpc(app, token, 'media.deleteImageFromGallery', taken, 'mutation')).status).toBe(200);
    try {
      await editorPage.goto(`${app.url}/admin/home/gallery-picture`);
      await chooseCountry(editorPage, 'Nepal');
      await editorPage.getByRole('button', { name: 'Add from library' }).click();
      const dialog = editorPage.getByRole('dialog', { name: 'Add pictures to Nepal' });
      const locked = dialog.getByRole('checkbox', { name: 'gallery-1.webp' });
      await expect.poll(() => locked.getAttribute('aria-disabled')).toBe('true');
      await expect.poll(() => reasonOf(locked)).toBe(NOT_YOUR_ITEM_MESSAGE);
      await locked.click({ force: true });
      await editorPage.getByRole('tooltip', { name: NOT_YOUR_ITEM_MESSAGE }).waitFor();
      await dialog.getByText('0 chosen').waitFor();
      expect(await locked.getAttribute('aria-checked')).toBe('false');
      await editorPage.mouse.move(0, 0);
      await locked.blur();
      await editorPage.getByRole('tooltip').waitFor({ state: 'hidden' });
      await checkAdminScreen(editorPage, 'editor-gallery-add-refused');
    } finally {
      const back = { image_ids: [picture.id], country_id: NEPAL };
      expect((await trpc(app, token, 'media.addImagesToGallery', back, 'mutation')).status).toBe(200);
    }
    await page.goto(`${app.url}/admin/staff`);
    await row(EDITOR.email).waitFor();
    await editorPage.close();
  });

  it('deactivates the EDITOR after a confirmation: their next call and sign-in are refused; reactivates them', async () => {
    const editorPage = await editorContext!.newPage();
    await editorPage.goto(`${app.url}/admin/headerContactInfos`);
    await editorPage.getByText('nepal@example.com').waitFor();
    const editorToken = await sessionTokenOf(editorContext!, app);

    await page.getByRole('button', { name: 'Deactivate Nepal Editor' }).click();
    const confirm = page.getByRole('dialog', { name: 'Deactivate Nepal Editor?' });
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await confirm.waitFor({ state: 'hidden' });
    expect((await editorAccount())?.is_active).toBe(true);
    await page.getByRole('button', { name: 'Deactivate Nepal Editor' }).click();
    await confirm.getByRole('button', { name: 'Deactivate' }).click();
    await expectToast(page, 'Successfully Updated!');
    await confirm.waitFor({ state: 'hidden' });
    await expect.poll(() => row(EDITOR.email).getByRole('cell').nth(4).textContent()).toBe('Deactivated');
    expect((await editorAccount())?.is_active).toBe(false);

    // Their open screen: the next change is refused with the server's message.
    await editorPage.getByRole('button', { name: 'Edit' }).click();
    const dialog = editorPage.getByRole('dialog', { name: 'Contact details · Nepal' });
    await dialog.getByRole('textbox', { name: 'Email' }).fill('still.here@example.com');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expectToast(editorPage, 'Your account does not have access to the staff area.');
    // Reloading shows why instead of the screen; the API refuses the token they hold.
    await editorPage.reload();
    await editorPage
      .getByRole('alert')
      .getByText('Your account does not have access to the staff area.')
      .first()
      .waitFor();
    expect((await trpc(app, editorToken, 'me.get', undefined)).status).toBe(403);
    expect((await trpc(app, token, 'headerContactInfo.get', { country_id: NEPAL })).data).toMatchObject({
      email: 'nepal@example.com',
    });
    // Signing in again is refused too.
    const fresh = await browser.newContext();
    const signIn = await fresh.newPage();
    await signIn.goto(`${app.url}/admin`);
    await signIn.getByLabel('E-mail').fill(EDITOR.email);
    await signIn.getByLabel('Password').fill(EDITOR.password);
    await signIn.getByRole('button', { name: 'Sign in' }).click();
    await signIn.getByText('This account is disabled.').waitFor();
    await fresh.close();

    await page.getByRole('button', { name: 'Reactivate Nepal Editor' }).click();
    await page
      .getByRole('dialog', { name: 'Reactivate Nepal Editor?' })
      .getByRole('button', { name: 'Reactivate' })
      .click();
    await expectToast(page, 'Successfully Updated!');
    await expect.poll(() => row(EDITOR.email).getByRole('cell').nth(4).textContent()).toBe('Active');
    expect((await trpc(app, editorToken, 'me.get', undefined)).status).toBe(200);
    await editorPage.close();
  });
});
