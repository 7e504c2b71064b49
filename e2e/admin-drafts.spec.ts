import { describe, expect, it } from 'vitest';
import { checkAdminScreen, expectToast } from './support/admin.js';
import { axeProblems, visitorContext } from './support/site.js';
import { sessionTokenOf, signedInContext, trpc, useStaffSession } from './support/staff.js';
import { GLOBAL_COUNTRY_ID } from '../shared/enums.js';

interface Listed {
  id: number;
  title: string;
  slug: string;
  status: string;
  has_draft: boolean;
}

/**
 * Drafts (decision 041): staff change a published post, a page's text and a banner without changing the site, see the draft
 * again when they come back, publish it with Save, or throw it away after a question.
 */
describe('staff area: drafts of published posts, page texts and banners', () => {
  const staff = useStaffSession();
  let post: Listed;
  const DRAFTED = 'Scholarships for 2027: what changed';

  const listed = async () =>
    (
      await trpc<{ data: Listed[] }>(staff.app, staff.token, 'post.getAll', { paginate: { page: 1, perPage: 100 } })
    ).data!.data.find((p) => p.id === post.id)!;
  /** Opens the edit form of a post that has a draft (Save is on at once: the draft is not published yet). */
  const openDrafted = async (title: string) => {
    await staff.page.getByRole('button', { name: `Edit ${title}` }).click();
    const dialog = staff.page.getByRole('dialog', { name: 'Edit Post' });
    await dialog.getByRole('alert').filter({ hasText: 'Unpublished draft' }).waitFor();
    return dialog;
  };
  /** What a visitor is shown at a path (the page as served, cached or not). */
  const publicPage = async (path: string) => (await fetch(`${staff.app.url}${path}`)).text();

  /** Opens a page's text in Page Content and saves `heading` as its draft; answers the published heading. */
  const draftPageHeading = async (pageName: string, heading: string) => {
    const { app, page } = staff;
    await page.goto(`${app.url}/admin/page-content`);
    await page.getByRole('combobox', { name: 'Page' }).click();
    await page.getByRole('option', { name: pageName, exact: true }).click();
    const field = page.getByRole('textbox', { name: 'Heading' });
    await expect.poll(() => field.inputValue()).not.toBe('');
    const published = await field.inputValue();
    await field.fill(heading);
    await page.getByRole('button', { name: 'Save draft' }).click();
    await expectToast(page, 'Draft saved');
    return published;
  };

  it('keeps a published post’s changes as a draft: the site still shows the post as published', async () => {
    const { app, page, screen } = staff;
    const all = await trpc<{ data: Listed[] }>(app, staff.token, 'post.getAll', {
      paginate: { page: 1, perPage: 100 },
    });
    post = all.data!.data.find((p) => p.status === 'PUBLISHED')!;
    expect(await publicPage(`/blog/${post.slug}`)).toContain(post.title);

    await page.goto(`${app.url}/admin/blog`);
    const form = await screen.openForm(`Edit ${post.title}`, 'Edit Post');
    await form.dialog.getByRole('textbox', { name: 'Title' }).fill(DRAFTED);
    await checkAdminScreen(page, 'drafts-post-form');
    await form.dialog.getByRole('button', { name: 'Save draft' }).click();
    await expectToast(page, 'Draft saved');
    await form.dialog.waitFor({ state: 'hidden' });

    const row = page.getByRole('row', { name: new RegExp(post.title) });
    await row.getByText('Unpublished draft').waitFor();
    expect(await listed()).toMatchObject({ title: post.title, has_draft: true });
    const html = await publicPage(`/blog/${post.slug}`);
    expect(html).toContain(post.title);
    expect(html).not.toContain(DRAFTED);
  });

  it('opens the post on its draft, and Save publishes it as it is', async () => {
    const { page } = staff;
    const dialog = await openDrafted(post.title);
    await dialog.getByText(/^Saved .* by /).waitFor();
    await expect.poll(() => dialog.getByRole('textbox', { name: 'Title' }).inputValue()).toBe(DRAFTED);
    await checkAdminScreen(page, 'drafts-post-open');
    // Nothing more to change: Save is on, since the draft is not published yet.
    await dialog.getByRole('button', { name: 'Save', exact: true }).click();
    await expectToast(page, 'Successfully Updated!');
    await dialog.waitFor({ state: 'hidden' });
    await page.getByRole('row', { name: new RegExp(DRAFTED) }).waitFor();
    expect(await listed()).toMatchObject({ title: DRAFTED, has_draft: false });
    await expect.poll(() => publicPage(`/blog/${post.slug}`)).toContain(DRAFTED);
  });

  it('throws a draft away after asking; the published post stays', async () => {
    const { page, screen } = staff;
    const form = await screen.openForm(`Edit ${DRAFTED}`, 'Edit Post');
    await form.dialog.getByRole('textbox', { name: 'Title' }).fill('Not to be kept');
    await form.dialog.getByRole('button', { name: 'Save draft' }).click();
    await expectToast(page, 'Draft saved');
    await form.dialog.waitFor({ state: 'hidden' });

    const dialog = await openDrafted(DRAFTED);
    await dialog.getByRole('button', { name: 'Discard draft' }).click();
    const confirm = page.getByRole('dialog', { name: 'Discard this draft?' });
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await confirm.waitFor({ state: 'hidden' });
    expect((await listed()).has_draft).toBe(true);
    await dialog.getByRole('button', { name: 'Discard draft' }).click();
    await checkAdminScreen(page, 'drafts-discard');
    await confirm.getByRole('button', { name: 'Discard draft' }).click();
    await expectToast(page, 'Draft discarded');
    await dialog.waitFor({ state: 'hidden' });
    expect(await listed()).toMatchObject({ title: DRAFTED, has_draft: false });
  });

  it('keeps a page text’s draft aside until Save publishes it', async () => {
    const { page } = staff;
    const published = await draftPageHeading('About Us', 'Meet our counsellors');
    const heading = page.getByRole('textbox', { name: 'Heading' });
    await page.getByRole('alert').filter({ hasText: 'Unpublished draft' }).waitFor();
    const html = await publicPage('/about-us');
    expect(html).toContain(published);
    expect(html).not.toContain('Meet our counsellors');

    // Coming back later: the form holds the draft, and Save publishes it.
    await page.reload();
    await page.getByRole('combobox', { name: 'Page' }).click();
    await page.getByRole('option', { name: 'About Us', exact: true }).click();
    await expect.poll(() => heading.inputValue()).toBe('Meet our counsellors');
    await checkAdminScreen(page, 'drafts-page-text');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expectToast(page, 'Successfully Updated!');
    await expect.poll(() => page.getByRole('alert').filter({ hasText: 'Unpublished draft' }).count()).toBe(0);
    await expect.poll(() => publicPage('/about-us')).toContain('Meet our counsellors');
  });

  it('shares a page text’s draft by a preview link that opens the page with it, without signing in', async () => {
    const { app, browser, page } = staff;
    const published = await draftPageHeading('Study in Canada', 'Study in Canada: the 2027 intakes');

    await page.getByRole('button', { name: 'Preview link' }).click();
    const dialog = page.getByRole('dialog', { name: 'Preview Study in Canada' });
    const field = dialog.getByRole('textbox', { name: 'Preview link' });
    await field.waitFor();
    const link = new URL(await field.inputValue());
    expect(link.pathname).toBe('/study/canada');
    await dialog.getByText("with this text's draft", { exact: false }).waitFor();
    await checkAdminScreen(page, 'drafts-page-preview-link');
    await dialog.getByRole('button', { name: 'Close' }).last().click();
    await dialog.waitFor({ state: 'hidden' });

    // A browser that never signed in: the page with the draft under a notice, then the site as published.
    const context = await visitorContext(browser, app, GLOBAL_COUNTRY_ID);
    try {
      const stranger = await context.newPage();
      const response = await stranger.goto(link.href, { waitUntil: 'networkidle' });
      expect(response!.headers()['x-robots-tag']).toBe('noindex');
      await stranger.getByRole('status').getByText('Preview — this page’s text is not published yet').waitFor();
      expect(await stranger.locator('h1').textContent()).toBe('Study in Canada: the 2027 intakes');
      expect(await axeProblems(stranger)).toEqual([]);
      await stranger.screenshot({ path: 'e2e/.artifacts/page-text-preview.png', fullPage: true });
      await stranger.setViewportSize({ width: 375, height: 800 });
      await stranger.screenshot({ path: 'e2e/.artifacts/page-text-preview-375.png', fullPage: true });
      await stranger.goto(`${app.url}/study/canada`);
      expect(await stranger.locator('h1').textContent()).toBe(published);
      expect(await stranger.getByText('Preview —').count()).toBe(0);
    } finally {
      await context.close();
    }
  });

  it('keeps a banner’s change as a draft until Save publishes it', async () => {
    const { app, page } = staff;
    const HERO = 'Your future starts here';
    const DRAFT = 'Your future starts with a plan';
    await page.goto(`${app.url}/admin/banner`);
    await page.getByRole('button', { name: `Edit ${HERO}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Banner' });
    await dialog.getByRole('textbox', { name: 'Title', exact: true }).fill(DRAFT);
    await dialog.getByRole('button', { name: 'Save draft' }).click();
    await expectToast(page, 'Draft saved');
    await dialog.waitFor({ state: 'hidden' });
    const home = await publicPage('/');
    expect(home).toContain(HERO);
    expect(home).not.toContain(DRAFT);
    // The list marks the banner whose change waits.
    const row = page.getByRole('row').filter({ has: page.getByRole('button', { name: `Edit ${HERO}` }) });
    await row.getByText('Unpublished draft').waitFor();
    await checkAdminScreen(page, 'banner-drafted');

    // Its preview link shows the draft on the site to someone who never signed in, in a country it is not shown in.
    await row.getByRole('button', { name: `Preview ${HERO}` }).click();
    const preview = page.getByRole('dialog', { name: `Preview ${HERO}` });
    const field = preview.getByRole('textbox', { name: 'Preview link' });
    await field.waitFor();
    const link = await field.inputValue();
    expect(new URL(link).pathname).toBe('/');
    // On one page, there is no page to choose.
    expect(await preview.getByRole('combobox', { name: 'Show it on' }).count()).toBe(0);
    await preview.getByRole('button', { name: 'Close' }).last().click();
    await preview.waitFor({ state: 'hidden' });
    const context = await visitorContext(staff.browser, app, staff.countries.get('Nepal')!);
    try {
      const stranger = await context.newPage();
      await stranger.goto(link, { waitUntil: 'networkidle' });
      await stranger.getByRole('status').getByText('Preview — this banner’s changes are not published yet').waitFor();
      expect(await stranger.locator('h1').textContent()).toBe(DRAFT);
      expect(await axeProblems(stranger)).toEqual([]);
      await stranger.screenshot({ path: 'e2e/.artifacts/banner-preview.png' });
    } finally {
      await context.close();
    }

    await page.getByRole('button', { name: `Edit ${HERO}` }).click();
    await dialog.getByRole('alert').filter({ hasText: 'Unpublished draft' }).waitFor();
    await expect.poll(() => dialog.getByRole('textbox', { name: 'Title', exact: true }).inputValue()).toBe(DRAFT);
    await dialog.getByRole('button', { name: 'Save', exact: true }).click();
    await expectToast(page, 'Successfully Updated!');
    const published = page.getByRole('row').filter({ has: page.getByRole('button', { name: `Edit ${DRAFT}` }) });
    await published.waitFor();
    expect(await published.getByText('Unpublished draft').count()).toBe(0);
    await expect.poll(() => publicPage('/')).toContain(DRAFT);
  });

  it('makes a banner’s preview link for the page staff choose, when it is on several', async () => {
    const { app, page } = staff;
    const HERO = 'Your future starts with a plan';
    type Named = { id: number; name?: string; title?: string };
    const pages = (await trpc<Named[]>(app, staff.token, 'page.getAll', undefined)).data!;
    const aboutUs = pages.find((sitePage) => sitePage.name === 'About Us')!;
    const banners = await trpc<{ data: Named[] }>(app, staff.token, 'banner.getAll', {
      paginate: { page: 1, perPage: 100 },
    });
    const heroId = banners.data!.data.find((banner) => banner.title === HERO)!.id;
    const onAboutUs = { banner_ids: [heroId], page_id: aboutUs.id };
    expect((await trpc(app, staff.token, 'banner.addToPage', onAboutUs, 'mutation')).status).toBe(200);
    const context = await visitorContext(staff.browser, app, staff.countries.get('Nepal')!);
    try {
      await page.goto(`${app.url}/admin/banner`);
      await page.getByRole('button', { name: `Preview ${HERO}` }).click();
      const preview = page.getByRole('dialog', { name: `Preview ${HERO}` });
      const field = preview.getByRole('textbox', { name: 'Preview link' });
      await field.waitFor();
      const showItOn = preview.getByRole('combobox', { name: 'Show it on' });
      expect(await showItOn.inputValue()).toBe('Home');
      expect(new URL(await field.inputValue()).pathname).toBe('/');
      await showItOn.click();
      await page.getByRole('option', { name: 'About Us' }).click();
      await expect.poll(async () => new URL(await field.inputValue()).pathname).toBe('/about-us');
      await checkAdminScreen(page, 'banner-preview-page');
      const stranger = await context.newPage();
      await stranger.goto(await field.inputValue(), { waitUntil: 'networkidle' });
      await stranger.getByRole('status').getByText('Preview — this banner has no unpublished changes').waitFor();
      await stranger.getByText(HERO).first().waitFor();
      await preview.getByRole('button', { name: 'Close' }).last().click();
      await preview.waitFor({ state: 'hidden' });
    } finally {
      await context.close();
      const back = { banner_id: heroId, page_id: aboutUs.id };
      expect((await trpc(app, staff.token, 'banner.removeFromPage', back, 'mutation')).status).toBe(200);
    }
  });

  /** The Global hero banner as the banner steps above left it: as the API lists it, and its edit form opened. */
  const HERO_WITH_A_PLAN = 'Your future starts with a plan';
  type ListedBanner = { id: number; title: string; description: string; pages: { name: string }[] };
  const heroNow = async () =>
    (
      await trpc<{ data: ListedBanner[] }>(staff.app, staff.token, 'banner.getAll', {
        paginate: { page: 1, perPage: 100 },
      })
    ).data!.data.find((banner) => banner.title === HERO_WITH_A_PLAN)!;
  const openHero = async () => {
    await staff.page.goto(`${staff.app.url}/admin/banner`);
    await staff.page.getByRole('button', { name: `Edit ${HERO_WITH_A_PLAN}` }).click();
    const dialog = staff.page.getByRole('dialog', { name: 'Edit Banner' });
    const description = dialog.getByRole('textbox', { name: 'Description' });
    await description.waitFor();
    return { dialog, description };
  };

  it('keeps what someone else changed while the form was open: a save sends only the fields changed in it', async () => {
    const { app, page } = staff;
    const pages = (await trpc<{ id: number; name: string }[]>(app, staff.token, 'page.getAll', undefined)).data!;
    const aboutUs = pages.find((sitePage) => sitePage.name === 'About Us')!;
    const hero = await heroNow();
    const { dialog, description } = await openHero();
    // Meanwhile a colleague shows the banner on About Us too.
    const onAboutUs = { banner_ids: [hero.id], page_id: aboutUs.id };
    expect((await trpc(app, staff.token, 'banner.addToPage', onAboutUs, 'mutation')).status).toBe(200);
    try {
      await description.fill(`${hero.description} Free first conversation.`);
      await dialog.getByRole('button', { name: 'Save', exact: true }).click();
      await expectToast(page, 'Successfully Updated!');
      await dialog.waitFor({ state: 'hidden' });
      const saved = await heroNow();
      expect(saved.description).toBe(`${hero.description} Free first conversation.`);
      expect(saved.pages.map((own) => own.name).sort()).toEqual(['About Us', 'Home']);
    } finally {
      // Without the fix the save took it off About Us already: the cleanup says nothing either way.
      await trpc(app, staff.token, 'banner.removeFromPage', { banner_id: hero.id, page_id: aboutUs.id }, 'mutation');
    }
  });

  it('says who changed the same field while the form was open, keeps what staff typed, and saves it only when asked again', async () => {
    const { app, page, browser } = staff;
    // A colleague with an account of their own, signed in elsewhere.
    const colleague = { email: 'priya.colleague@example.com', password: 'colleague password 2026' };
    const added = await trpc(
      app,
      staff.token,
      'staff.add',
      { name: 'Priya Colleague', ...colleague, role: 'ADMIN', country_ids: [] },
      'mutation',
    );
    expect(added.status).toBe(200);
    const elsewhere = await signedInContext(browser, app, undefined, colleague);
    const colleagueToken = await sessionTokenOf(elsewhere, app).finally(() => elsewhere.close());

    const hero = await heroNow();
    const { dialog, description } = await openHero();
    const theirs = 'Free first conversation at every branch.';
    const mine = 'Book a free first conversation.';
    const changed = await trpc(app, colleagueToken, 'banner.update', { id: hero.id, description: theirs }, 'mutation');
    expect(changed.status).toBe(200);

    await description.fill(mine);
    const save = dialog.getByRole('button', { name: 'Save', exact: true });
    await save.click();
    // The form stays open with what was typed, and says who changed the field and to what.
    await dialog
      .getByText(`Priya Colleague changed this to “${theirs}” since you opened the form. Save again to keep yours.`)
      .waitFor();
    expect(await description.inputValue()).toBe(mine);
    expect(await description.getAttribute('aria-invalid')).toBe('true');
    expect((await heroNow()).description).toBe(theirs);
    expect(await axeProblems(page)).toEqual([]);

    await save.click();
    await expectToast(page, 'Successfully Updated!');
    await dialog.waitFor({ state: 'hidden' });
    expect((await heroNow()).description).toBe(mine);
    await trpc(app, staff.token, 'banner.update', { id: hero.id, description: hero.description }, 'mutation');
  });
});
