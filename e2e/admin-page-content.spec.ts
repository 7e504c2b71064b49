import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { RunningApp } from './support/app.js';
import { checkAdminScreen, expectToast } from './support/admin.js';
import { graphql, staffSession, trpc } from './support/staff.js';

interface PageContent {
  page_id: number;
  heading: string;
  summary: string;
  body: string;
  faqs: { question: string; answer: string }[];
}

const MARKUP = '<script>window.__injected = true</script> <b>not bold</b>';
const BODY = ['## Our promise', 'Plain advice, in writing.', '', '- Visas', '- Courses', '', MARKUP].join('\n');

/** Page Content: a page's text edited with a live preview, shown on the public page as text, never as HTML. */
describe('staff area: page content', () => {
  const session = staffSession();
  let app: RunningApp;
  let browser: Browser;
  let page: Page;
  let token: string;
  let pageIds: Map<string, number>;

  const stored = async (name: string) =>
    (await trpc<PageContent>(app, token, 'page.content', { page_id: pageIds.get(name) })).data!;
  const body = () => page.getByRole('textbox', { name: 'Body' });
  const preview = () => page.getByRole('region', { name: 'Preview' });
  const save = () => page.getByRole('button', { name: 'Save', exact: true });
  /** Saves, and waits until About Us's stored body is `text` and the form has nothing left to save. */
  const savedAs = async (text: string) => {
    await save().click();
    await expect.poll(async () => (await stored('About Us')).body).toBe(text);
    await expect.poll(() => save().isDisabled()).toBe(true);
  };
  /** A page's text (About Us's unless named) changed in another window (the same staff member, through the API). */
  const changeElsewhere = async (changes: Partial<PageContent>, name = 'About Us') => {
    const text = { page_id: pageIds.get(name), ...changes };
    expect((await trpc(app, token, 'page.updateContent', text, 'mutation')).status).toBe(200);
  };
  const choosePage = async (name: string) => {
    await page.getByRole('combobox', { name: 'Page' }).click();
    await page.getByRole('option', { name, exact: true }).click();
  };

  beforeAll(async () => {
    ({ app, browser, page, token } = await session.start());
    const pages = await graphql<{ getPages: { id: number; name: string }[] }>(
      app,
      token,
      'query { getPages { id name } }',
    );
    pageIds = new Map(pages.getPages.map((p) => [p.name, p.id]));
  });
  afterAll(() => session.close());

  it('opens a page’s text with a preview made by the public site’s components', async () => {
    await page.goto(`${app.url}/admin/page-content`);
    await page.getByRole('heading', { name: 'Page Content', level: 1 }).waitFor();
    await page
      .getByRole('navigation', { name: 'Admin sections' })
      .getByRole('link', { name: 'Page Content' })
      .waitFor();
    await page.getByText('Choose a page to edit').waitFor();
    await choosePage('About Us');
    await expect.poll(() => body().inputValue()).toContain('## Who we are');
    await preview().getByRole('heading', { name: 'Who we are', level: 3 }).waitFor();
    await preview().getByRole('listitem').first().waitFor();
    await page.getByText('A line starting with "## " is a subheading').waitFor();
    await expect(save().isDisabled()).resolves.toBe(true);
    await checkAdminScreen(page, 'page-content');
  });

  it('previews typed markup as text and saves; the public page shows it as text', async () => {
    await body().fill(BODY);
    await preview().getByRole('heading', { name: 'Our promise', level: 3 }).waitFor();
    await expect(preview().getByRole('listitem').allTextContents()).resolves.toEqual(['Visas', 'Courses']);
    await preview().getByText(MARKUP, { exact: true }).waitFor();
    await expect(preview().locator('script, b').count()).resolves.toBe(0);
    // A required field left empty keeps Save off.
    const summary = page.getByRole('textbox', { name: 'Summary' });
    const before = await summary.inputValue();
    await summary.fill('');
    await summary.blur();
    await page.getByText('Summary is required').waitFor();
    await expect(save().isDisabled()).resolves.toBe(true);
    await summary.fill(before);

    await save().click();
    await expectToast(page, 'Successfully Updated!');
    await expect.poll(() => save().isDisabled()).toBe(true);
    expect((await stored('About Us')).body).toBe(BODY);

    const html = await fetch(`${app.url}/about-us`, { headers: { cookie: 'site_country=1' } }).then((r) => r.text());
    expect(html).toContain('Our promise');
    expect(html).toContain('&lt;script&gt;window.__injected = true&lt;/script&gt; &lt;b&gt;not bold&lt;/b&gt;');
    expect(html).not.toContain('<script>window.__injected');
    expect(html).not.toContain('Who we are');

    const visitor = await browser.newPage();
    await visitor.goto(`${app.url}/about-us`);
    await visitor.getByText(MARKUP, { exact: true }).waitFor();
    await expect(visitor.evaluate('window.__injected === undefined')).resolves.toBe(true);
    await visitor.close();
  });

  it('refuses a Save over a text changed elsewhere meanwhile, keeping what was typed, and saves it when asked again', async () => {
    await changeElsewhere({ body: 'Changed elsewhere.' });
    const mine = `${BODY}\n\nChanged here.`;
    await body().fill(mine);
    await save().click();
    await page
      .getByText(
        'You changed this in another window to “Changed elsewhere.” since you opened the form. Save again to keep yours.',
      )
      .waitFor();
    expect(await body().inputValue()).toBe(mine);
    expect((await stored('About Us')).body).toBe('Changed elsewhere.');

    await save().click();
    await expectToast(page, 'Successfully Updated!');
    // Asked until stored: the toast may still be the previous Save's.
    await expect.poll(async () => (await stored('About Us')).body).toBe(mine);
    // After that Save the body is checked again: a second change made elsewhere is caught too.
    await changeElsewhere({ body: 'Changed elsewhere again.' });
    await body().fill(BODY);
    await save().click();
    await page.getByText('You changed this in another window to “Changed elsewhere again.”').waitFor();
    await savedAs(BODY);
  });

  it('checks a Save against the text the form opened with, not one read again meanwhile; a field not changed here keeps a change made elsewhere', async () => {
    // Save draft reads the page again, with the body changed elsewhere meanwhile: that is not what the form showed.
    await changeElsewhere({ body: 'Changed elsewhere before a draft.' });
    await body().fill(`${BODY}\n\nDrafted.`);
    await page.getByRole('button', { name: 'Save draft' }).click();
    await page.getByText('Unpublished draft').waitFor();
    await save().click();
    await page.getByText('You changed this in another window to “Changed elsewhere before a draft.”').waitFor();
    await body().fill(BODY);
    await savedAs(BODY);
    await page.getByText('Unpublished draft').waitFor({ state: 'detached' });

    // A Save sends the fields changed here: a heading reworded elsewhere meanwhile stays, and the form then shows it.
    const heading = page.getByRole('textbox', { name: 'Heading' });
    const before = await heading.inputValue();
    await changeElsewhere({ heading: 'About Horizon, reworded elsewhere' });
    await body().fill(`${BODY}\n\nMine.`);
    await savedAs(`${BODY}\n\nMine.`);
    expect((await stored('About Us')).heading).toBe('About Horizon, reworded elsewhere');
    await expect.poll(() => heading.inputValue()).toBe('About Horizon, reworded elsewhere');
    await heading.fill(before);
    await body().fill(BODY);
    await savedAs(BODY);
    expect((await stored('About Us')).heading).toBe(before);
  });

  it('asks before switching page with unsaved changes', async () => {
    await body().fill(`${BODY}\n\nNot saved yet.`);
    await choosePage('Blog');
    const dialog = page.getByRole('dialog', { name: 'Discard unsaved changes?' });
    await dialog.getByRole('button', { name: 'Keep editing' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await expect(page.getByRole('combobox', { name: 'Page' }).inputValue()).resolves.toBe('About Us');
    await expect(body().inputValue()).resolves.toContain('Not saved yet.');

    await choosePage('Blog');
    await dialog.getByRole('button', { name: 'Discard changes' }).click();
    await expect.poll(() => page.getByRole('combobox', { name: 'Page' }).inputValue()).toBe('Blog');
    await expect.poll(() => body().inputValue()).toBe((await stored('Blog')).body);
    expect((await stored('About Us')).body).toBe(BODY);
  });

  it('edits a page’s FAQ: adds, reorders and removes questions; the public page shows them as an accordion', async () => {
    await choosePage('Student Visa');
    const question = (n: number) => page.getByRole('textbox', { name: `Question ${n}` });
    await expect.poll(() => question(1).inputValue()).toBe('How long does a student visa take?');
    const seeded = (await stored('Student Visa')).faqs;
    expect(seeded).toHaveLength(3);

    await page.getByRole('button', { name: 'Add a question' }).click();
    await question(4).fill('Do you charge for the first meeting?');
    // An answer left empty says so and keeps Save off.
    await page.getByRole('textbox', { name: 'Answer 4' }).focus();
    await page.getByRole('textbox', { name: 'Answer 4' }).blur();
    await page.getByText('Answer is required').waitFor();
    await expect(save().isDisabled()).resolves.toBe(true);
    await page.getByRole('textbox', { name: 'Answer 4' }).fill('No, the first conversation is free.');
    await page.getByRole('button', { name: 'Move question 4 up' }).click();
    await page.getByRole('button', { name: 'Remove question 1' }).click();
    await preview().getByText('Do you charge for the first meeting?').waitFor();
    await save().click();
    await expectToast(page, 'Successfully Updated!');
    await expect
      .poll(async () => (await stored('Student Visa')).faqs.map((faq) => faq.question))
      .toEqual([seeded[1]!.question, 'Do you charge for the first meeting?', seeded[2]!.question]);

    // The FAQ changed elsewhere meanwhile: a Save that would replace it says so on the list, then keeps it if asked.
    const saved = (await stored('Student Visa')).faqs;
    await changeElsewhere({ faqs: [...saved, { question: 'Asked elsewhere?', answer: 'Yes.' }] }, 'Student Visa');
    await page.getByRole('button', { name: 'Remove question 3' }).click();
    await save().click();
    await page
      .getByRole('alert')
      .getByText('This was changed since you opened the form. Save again to keep yours.')
      .waitFor();
    expect((await stored('Student Visa')).faqs).toHaveLength(4);
    await save().click();
    await expectToast(page, 'Successfully Updated!');
    await expect.poll(async () => (await stored('Student Visa')).faqs).toEqual(saved.slice(0, 2));

    const visitor = await browser.newPage();
    await visitor.goto(`${app.url}/visa/student`);
    const faqs = visitor.getByRole('region', { name: 'Frequently asked questions' });
    const answer = faqs.getByText('No, the first conversation is free.');
    await expect(answer.isVisible()).resolves.toBe(false);
    await faqs.getByText('Do you charge for the first meeting?').click();
    await answer.waitFor();
    await expect(faqs.getByText(seeded[0]!.question).count()).resolves.toBe(0);
    await visitor.close();
  });

  it('shows a page text’s versions and restores an earlier one after asking; the public page shows it', async () => {
    await choosePage('Gallery');
    const heading = page.getByRole('textbox', { name: 'Heading' });
    await expect.poll(() => heading.inputValue()).toBe('Gallery');
    const saveText = async (text: string) => {
      await heading.fill(`Gallery: ${text}`);
      await body().fill(`${text} words.`);
      await save().click();
      await expect.poll(async () => (await stored('Gallery')).body).toBe(`${text} words.`);
      await expect.poll(() => save().isDisabled()).toBe(true);
    };
    await saveText('First');
    await saveText('Second');
    // The saves' toasts gone (3 s), so the screenshots show the whole history.
    await expect.poll(() => page.getByText('Successfully Updated!', { exact: true }).count()).toBe(0);

    await page.getByRole('button', { name: 'History' }).click();
    const history = page.getByRole('dialog', { name: 'History of Gallery' });
    const versions = history.getByRole('list', { name: 'Versions, newest first' }).getByRole('listitem');
    // The seed's text, then the two changes: newest first, the newest without Restore.
    await expect.poll(() => versions.count()).toBe(3);
    expect(await versions.nth(0).textContent()).toMatch(/\(now\).* changed: Body, Heading$/);
    expect(await versions.nth(1).textContent()).toMatch(/ changed: Body, HeadingRestore$/);
    expect(await versions.nth(2).textContent()).toMatch(/The site addedRestore$/);
    expect(await versions.nth(0).getByRole('button').count()).toBe(0);
    await checkAdminScreen(page, 'page-content-history');

    await versions
      .nth(1)
      .getByRole('button', { name: /^Restore the version of / })
      .click();
    const confirm = page.getByRole('dialog', { name: 'Restore this version?' });
    await confirm.getByText('Its questions stay.').waitFor();
    await confirm.getByRole('button', { name: 'Restore' }).click();
    await expectToast(page, 'Version restored');
    // The history comes back with the restore as its newest version; the form shows the restored text, saved.
    await expect.poll(() => versions.count()).toBe(4);
    await history.getByRole('button', { name: 'Close' }).click();
    await history.waitFor({ state: 'hidden' });
    await expect.poll(() => heading.inputValue()).toBe('Gallery: First');
    await expect(body().inputValue()).resolves.toBe('First words.');
    await expect(save().isDisabled()).resolves.toBe(true);
    expect(await stored('Gallery')).toMatchObject({ heading: 'Gallery: First', body: 'First words.' });

    // The public page is rendered again once its text changed.
    const publicPage = () =>
      fetch(`${app.url}/gallery`, { headers: { cookie: 'site_country=1' } }).then((r) => r.text());
    await expect.poll(publicPage).toContain('Gallery: First');
    const html = await publicPage();
    expect(html).toContain('First words.');
    expect(html).not.toContain('Second words.');
  });

  it('writes Nepal’s own text of a page from the shared one: only Nepal’s address shows it, until it goes back', async () => {
    const shared = await stored('Student Visa');
    const site = page.getByRole('combobox', { name: 'Site' });
    const chooseSite = async (name: string) => {
      await site.click();
      await page.getByRole('option', { name, exact: true }).click();
    };
    const html = (path: string) => fetch(`${app.url}${path}`).then((response) => response.text());
    await choosePage('Student Visa');
    await chooseSite('Nepal');
    await page.getByText('Nepal shows the shared text').waitFor();
    await page
      .getByRole('region', { name: 'The shared text' })
      .getByRole('heading', { name: shared.heading })
      .waitFor();
    await page.getByRole('button', { name: 'Write Nepal’s own text' }).click();
    const asked = page.getByRole('dialog', { name: 'Write Nepal’s own text?' });
    await asked.getByText('changes to the shared text no longer reach Nepal’s page').waitFor();
    await asked.getByRole('button', { name: 'Write its own text' }).click();
    await expectToast(page, 'Nepal now has its own text of this page');

    // The form starts from the shared text; saved, it is Nepal's alone.
    const heading = page.getByRole('textbox', { name: 'Heading' });
    await expect.poll(() => heading.inputValue()).toBe(shared.heading);
    await heading.fill('Student visas for Nepali students');
    await page.getByRole('textbox', { name: 'Search title' }).fill('Student visa from Nepal');
    await save().click();
    await expectToast(page, 'Successfully Updated!');
    await expect.poll(() => site.inputValue()).toBe('Nepal (own text)');
    await checkAdminScreen(page, 'page-content-country');

    await expect.poll(() => html('/np/visa/student')).toContain('Student visas for Nepali students');
    expect(await html('/np/visa/student')).toContain('<title>Student visa from Nepal | ');
    for (const path of ['/ca/visa/student', '/au/visa/student', '/visa/student']) {
      expect(await html(path), path).not.toContain('Nepali students');
    }
    expect((await stored('Student Visa')).heading).toBe(shared.heading);

    await page.getByRole('button', { name: 'Back to shared text' }).click();
    const back = page.getByRole('dialog', { name: 'Back to the shared text on Nepal’s site?' });
    await back.getByRole('button', { name: 'Use the shared text' }).click();
    await expectToast(page, 'Nepal shows the shared text again');
    await page.getByText('Nepal shows the shared text').waitFor();
    await expect.poll(() => html('/np/visa/student')).not.toContain('Nepali students');
    await chooseSite('Every site (shared text)');
    await expect.poll(() => heading.inputValue()).toBe(shared.heading);
  });

  it('offers Write and Preview tabs on narrower screens', async () => {
    await page.setViewportSize({ width: 900, height: 900 });
    await page.getByRole('tab', { name: 'Write' }).waitFor();
    await body().fill('## Narrow screens\nStill previewed.');
    await page.getByRole('tab', { name: 'Preview' }).click();
    await preview().getByRole('heading', { name: 'Narrow screens', level: 3 }).waitFor();
    await page.getByRole('tab', { name: 'Write' }).click();
    await expect(body().inputValue()).resolves.toBe('## Narrow screens\nStill previewed.');
  });
});
