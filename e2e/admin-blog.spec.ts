import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { parseFeed } from '@rowanmanning/feed-parser';
import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { GLOBAL_COUNTRY_ID } from '../shared/enums.js';
import { checkAdminScreen, expectToast, png, type FormDialog } from './support/admin.js';
import type { RunningApp } from './support/app.js';
import { axeProblems, visitorContext } from './support/site.js';
import { trpc, useStaffSession } from './support/staff.js';

interface Listed {
  id: number;
  title: string;
  slug: string;
  excerpt: string;
  image_id: number;
  body_html: string;
  author: { id: number; name: string } | null;
  tags: string[];
  published_at: string | null;
  status: string;
  countries: { name: string }[];
}

const ARTIFACTS = path.resolve('e2e/.artifacts');
const TITLE = 'Study in Canada: 2027 intakes';
const SCHEDULED = 'Open day in Kathmandu';
const SCHEDULED_SLUG = 'open-day-in-kathmandu';
const HOSTILE = 'A post with hostile markup';

/** Where a visitor finds a Global post: on /blog (the page as served, and in the browser), in the feed, in the sitemap. */
async function whereListed(app: RunningApp, page: Page, slug: string) {
  const address = `${app.url}/blog/${slug}`;
  const served = await (await page.goto(`${app.url}/blog`, { waitUntil: 'networkidle' }))!.text();
  const feed = parseFeed(await (await fetch(`${app.url}/blog/feed.xml`)).text());
  const sitemap = await (await fetch(`${app.url}/sitemap-global.xml`)).text();
  return {
    served: served.includes(`href="/blog/${slug}"`),
    shown: (await page.locator(`main a[href="/blog/${slug}"]`).count()) > 0,
    feed: feed.items.some((item) => item.url === address),
    sitemap: sitemap.includes(`<loc>${address}</loc>`),
  };
}

/** Picks a day and a time (minute precision) in the form's "Publish on" picker and confirms it. */
async function pickPublishOn(page: Page, form: FormDialog, when: Date): Promise<void> {
  await form.dialog.getByRole('button', { name: 'Publish on' }).click();
  const picker = page.getByRole('dialog', { name: 'Choose a date and time' });
  const day = when.toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric' });
  await picker.getByRole('button', { name: day, exact: true }).click();
  // The time's two fields, hours then minutes, clicked and typed into as a staff member would: a click selects the
  // whole field (the hours have focus already once a day is picked), so "12" is 12 at any time of day, not 10.
  const [hours, minutes] = await picker.getByRole('spinbutton').all();
  const typeTime = async (h: number, m: number) => {
    for (const [field, value] of [
      [hours!, h],
      [minutes!, m],
    ] as const) {
      await field.click();
      await page.keyboard.type(String(value).padStart(2, '0'));
    }
  };
  await typeTime(12, 34);
  expect([await hours!.inputValue(), await minutes!.inputValue()]).toEqual(['12', '34']);
  await typeTime(when.getHours(), when.getMinutes());
  await page.getByRole('button', { name: 'Use this date and time' }).click();
  await picker.waitFor({ state: 'hidden' });
}

/** No element or attribute that could run a script, and no frame or picture from outside the library (decision 039). */
function expectInert(html: string): void {
  expect(html).not.toMatch(
    /<script|<iframe(?! src="https:\/\/www\.youtube-nocookie\.com\/embed\/)|\son\w+\s*=|javascript:/i,
  );
  expect(html).not.toMatch(/src="(?!\/media\/|https:\/\/www\.youtube-nocookie\.com\/embed\/)/i);
}

/** What the allow-list keeps beyond the toolbar's marks: a library picture, a YouTube player, code, a rule. */
const KEPT = {
  '<img src="/media/none.png">': '<img src="/media/none.png"',
  '<iframe src="https://www.youtube-nocookie.com/embed/abc123" title="Intakes explained"></iframe>':
    '<iframe src="https://www.youtube-nocookie.com/embed/abc123"',
  '<pre><code>visa --apply</code></pre>': '<pre><code>visa --apply</code></pre>',
  '<hr>': '<hr',
};

/** What in a page could run a script or show another site's content. */
const RUNNABLE =
  'script, iframe:not([src^="https://www.youtube-nocookie.com/embed/"]), img:not([src^="/media/"]), [onclick], ' +
  '[onerror], [onmouseover], a[href^="javascript:" i]';

/** Anything a page ran of hostile markup: the flag its scripts set, and the dialogs they opened. */
function watchForScripts(page: Page): () => Promise<unknown[]> {
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  return async () => [await page.evaluate<unknown>('window.__xss'), ...dialogs];
}

/** A fresh browser (no staff session) at a Global visitor's page `path`, watched for scripts. */
async function visit(browser: Browser, app: RunningApp, address: string) {
  const context = await visitorContext(browser, app, GLOBAL_COUNTRY_ID);
  const page = await context.newPage();
  const ran = watchForScripts(page);
  const response = await page.goto(`${app.url}${address}`, { waitUntil: 'networkidle' });
  return { context, page, response: response!, ran };
}

/**
 * Blog posts (issue 20): a staff member writes a post with a cover from the library, a formatted body and tags,
 * publishes it in Global; the list shows it published; a new slug keeps the post; its history brings back an earlier
 * version and its preview link needs no sign-in; deleting asks first. Another post, scheduled a minute or two ahead,
 * shows at its preview link in a browser that never signed in but nowhere a visitor looks until its time; edited and
 * restored while it waits, it then appears on /blog, in the feed and in the sitemap (the wait overlaps the tests in
 * between). Hostile markup stays inert through the API, in the editor (stored or pasted) and on the site.
 */
describe('staff area: blog posts', () => {
  const staff = useStaffSession();

  const posts = async () => {
    const answer = await trpc<{ data: Listed[] }>(staff.app, staff.token, 'post.getAll', {
      paginate: { page: 1, perPage: 100 },
    });
    return answer.data!.data;
  };
  const row = () => staff.page.getByRole('row', { name: new RegExp(TITLE) });

  it('lists the posts of every country', async () => {
    const { app, page } = staff;
    await page.goto(`${app.url}/admin/blog`);
    await page.getByRole('columnheader', { name: 'Status' }).waitFor();
    await page.getByRole('button', { name: 'Add Post' }).waitFor();
    await checkAdminScreen(page, 'blog');
  });

  // The publishing job runs every minute: the post goes out at the first run from its time on.
  let scheduledFor = new Date();
  const scheduledRow = () => staff.page.getByRole('row', { name: new RegExp(SCHEDULED) });

  it('schedules a post with a cover; its preview link shows it to a stranger, and it is listed nowhere yet', async () => {
    const { app, browser, page, screen } = staff;
    // A whole minute (the picker's precision) 40 to 100 s ahead: time for this test's checks before it is due; the
    // tests in between spend the rest of the wait.
    scheduledFor = new Date(Math.ceil((Date.now() + 40_000) / 60_000) * 60_000);
    const form = await screen.openForm('Add Post', 'Add Post');
    const { dialog } = form;
    await dialog.getByRole('textbox', { name: 'Title' }).fill(SCHEDULED);
    await dialog.getByRole('textbox', { name: 'Excerpt' }).fill('Meet our counsellors on Saturday.');
    await form.uploadPicture('open-day-cover.png', await png('#1d5f86', 160, 90));
    await dialog.getByRole('textbox', { name: 'Body' }).click();
    await page.keyboard.type('Bring your transcripts and your questions.');
    await dialog.getByRole('radio', { name: 'Schedule' }).check();
    await pickPublishOn(page, form, scheduledFor);
    const time = scheduledFor.toTimeString().slice(0, 5);
    await expect.poll(() => dialog.getByRole('button', { name: 'Publish on' }).textContent()).toContain(time);
    await form.chooseMany(['Global']);
    await form.saveWith('Successfully Added!', 'blog-scheduled-add');

    await scheduledRow().getByText('Scheduled', { exact: true }).waitFor();
    await scheduledRow().getByText(/^for /).waitFor();
    // Not on the site yet: no link to it.
    expect(await scheduledRow().getByRole('link').count()).toBe(0);
    await checkAdminScreen(page, 'blog-scheduled');
    const stored = (await posts()).find((p) => p.title === SCHEDULED)!;
    expect(stored.status).toBe('SCHEDULED');
    expect(stored.slug).toBe(SCHEDULED_SLUG);
    expect(new Date(stored.published_at!).getTime()).toBe(scheduledFor.getTime());

    await page.getByRole('button', { name: `Preview ${SCHEDULED}` }).click();
    const preview = page.getByRole('dialog', { name: `Preview ${SCHEDULED}` });
    const link = await preview.getByRole('textbox', { name: 'Preview link' }).inputValue();
    await preview.getByRole('button', { name: 'Close' }).last().click();
    await preview.waitFor({ state: 'hidden' });

    // Opened in a browser that never signed in: the post under the notice, its cover loaded, kept out of search.
    const stranger = await visit(browser, app, new URL(link).pathname);
    try {
      const seen = stranger.page;
      expect(stranger.response.headers()['x-robots-tag']).toBe('noindex');
      await seen
        .getByRole('status')
        .getByText('Preview — this post is scheduled and not shown to visitors yet')
        .waitFor();
      expect(await seen.locator('h1').textContent()).toBe(SCHEDULED);
      await seen.getByText('Bring your transcripts and your questions.').waitFor();
      expect(await seen.locator('head meta[name="robots"]').getAttribute('content')).toBe('noindex');
      const cover = seen.locator('article img').first();
      type Picture = { complete: boolean; naturalWidth: number };
      await expect.poll(() => cover.evaluate((img) => (img as unknown as Picture).naturalWidth)).toBeGreaterThan(0);
      expect(await axeProblems(seen)).toEqual([]);
      mkdirSync(ARTIFACTS, { recursive: true });
      await seen.screenshot({ path: path.join(ARTIFACTS, 'blog-scheduled-preview.png'), fullPage: true });

      // Nowhere a visitor looks: its address is not found, and /blog, the feed and the sitemap leave it out.
      expect((await fetch(`${app.url}/blog/${SCHEDULED_SLUG}`)).status).toBe(404);
      expect(await whereListed(app, seen, SCHEDULED_SLUG)).toEqual({
        served: false,
        shown: false,
        feed: false,
        sitemap: false,
      });
    } finally {
      await stranger.context.close();
    }
    // All of that before its time, so none of it passed for a post that had merely not gone out yet.
    expect(Date.now()).toBeLessThan(scheduledFor.getTime());
  });

  it('adds a published post with a cover, a formatted body and tags, in Global', async () => {
    const { page, screen } = staff;
    const form = await screen.openForm('Add Post', 'Add Post');
    const { dialog } = form;
    await dialog.getByRole('textbox', { name: 'Title' }).fill(TITLE);
    // The slug follows the title until it is written by hand.
    const slug = dialog.getByRole('textbox', { name: 'Slug' });
    await expect.poll(() => slug.inputValue()).toBe('study-in-canada-2027-intakes');
    await dialog.getByText('Its address: /blog/study-in-canada-2027-intakes').waitFor();
    await dialog.getByRole('textbox', { name: 'Excerpt' }).fill('When to apply, and what it costs.');
    await form.uploadPicture('canada-cover.png', await png('#b03a2e', 160, 90));

    // The editor loads with the form; an emptied body says it is required.
    const body = dialog.getByRole('textbox', { name: 'Body' });
    await body.click();
    await page.keyboard.type('x');
    await page.keyboard.press('Backspace');
    await dialog.getByRole('textbox', { name: 'Excerpt' }).focus();
    await dialog.getByText('Body is required').waitFor();
    await body.click();
    await dialog.getByRole('button', { name: 'Heading 2' }).click();
    await page.keyboard.type('Intakes');
    await page.keyboard.press('Enter');
    await page.keyboard.type('There are ');
    await dialog.getByRole('button', { name: 'Bold' }).click();
    await page.keyboard.type('two');
    await dialog.getByRole('button', { name: 'Bold' }).click();
    await page.keyboard.type(' intakes a year.');

    const tags = dialog.getByRole('combobox', { name: 'Tags' });
    for (const tag of ['Canada', 'Visa']) {
      await tags.fill(tag);
      await tags.press('Enter');
    }
    // The author is the staff member writing it.
    await expect.poll(() => dialog.getByRole('combobox', { name: 'Author' }).inputValue()).not.toBe('');
    await dialog.getByRole('radio', { name: 'Publish now' }).check();
    await form.chooseMany(['Global']);
    await form.saveWith('Successfully Added!', 'blog-add');

    await row().getByText('Published', { exact: true }).waitFor();
    const view = row().getByRole('link', { name: `View ${TITLE} on the site (opens in a new tab)` });
    expect(await view.getAttribute('href')).toBe('/blog/study-in-canada-2027-intakes');
    await checkAdminScreen(page, 'blog-list');

    const stored = (await posts()).find((p) => p.title === TITLE)!;
    expect(stored.status).toBe('PUBLISHED');
    expect(stored.body_html).toContain('<h2>Intakes</h2>');
    expect(stored.body_html).toContain('<strong>two</strong>');
    expect(stored.tags.sort()).toEqual(['Canada', 'Visa']);
    expect(stored.author).not.toBeNull();
    expect(stored.countries.map((c) => c.name)).toEqual(['Global']);
  });

  it('changes its slug and keeps the post, its title and its body', async () => {
    const { page, screen } = staff;
    const before = (await posts()).find((p) => p.title === TITLE)!;
    const form = await screen.openForm(`Edit ${TITLE}`, 'Edit Post');
    const { dialog } = form;
    // The saved body is back in the editor.
    await dialog.getByRole('textbox', { name: 'Body' }).getByText('two').waitFor();
    // Scheduling asks for a time; going back to "Published" keeps the time it went out.
    await dialog.getByRole('radio', { name: 'Schedule' }).check();
    const publishOn = dialog.getByRole('button', { name: 'Publish on' });
    await publishOn.click();
    await page.getByRole('button', { name: 'Use this date and time' }).waitFor();
    await checkAdminScreen(page, 'blog-schedule');
    // Closed without a time.
    await publishOn.click();
    await dialog.getByText('Enter a valid date and time').waitFor();
    await dialog.getByRole('radio', { name: /^Published / }).check();
    const slug = dialog.getByRole('textbox', { name: 'Slug' });
    await form.expectFieldMessage(
      slug,
      'Not A Slug',
      'Slug may hold only lower-case letters, digits and single hyphens',
    );
    await slug.fill('canada-2027-intakes');
    await form.saveWith('Successfully Updated!', 'blog-edit');
    await row().getByText('/blog/canada-2027-intakes').waitFor();

    const after = (await posts()).find((p) => p.id === before.id)!;
    expect(after.slug).toBe('canada-2027-intakes');
    expect(after.title).toBe(TITLE);
    expect(after.body_html).toBe(before.body_html);
    expect(after.published_at).toBe(before.published_at);
    await page.waitForLoadState('networkidle');
  });

  it('shows its versions, restores an earlier one after asking, and gives a preview link that needs no sign-in', async () => {
    const { app, page, screen } = staff;
    const RENAMED = 'Canada intakes in 2027';
    const form = await screen.openForm(`Edit ${TITLE}`, 'Edit Post');
    await form.dialog.getByRole('textbox', { name: 'Title' }).fill(RENAMED);
    await form.saveWith('Successfully Updated!');
    await page.getByRole('row', { name: new RegExp(RENAMED) }).waitFor();

    // Opened from the keyboard: the row's icon buttons are reachable and named.
    await page.getByRole('button', { name: `History of ${RENAMED}` }).press('Enter');
    const history = page.getByRole('dialog', { name: `History of ${RENAMED}` });
    const versions = history.getByRole('list', { name: 'Versions, newest first' }).getByRole('listitem');
    // Added, its slug changed, its title changed: newest first, the newest without Restore.
    await expect.poll(() => versions.count()).toBe(3);
    expect(await versions.nth(0).textContent()).toMatch(/changed: Title$/);
    expect(await versions.nth(1).textContent()).toMatch(/changed: .*Slug/);
    expect(await versions.nth(2).textContent()).toMatch(/ added(Restore)?$/);
    expect(await versions.nth(0).getByRole('button').count()).toBe(0);
    await checkAdminScreen(page, 'blog-history');

    await versions
      .nth(1)
      .getByRole('button', { name: /^Restore the version of / })
      .click();
    const confirm = page.getByRole('dialog', { name: 'Restore this version?' });
    await confirm.getByText('Its countries and tags stay.').waitFor();
    await checkAdminScreen(page, 'blog-restore');
    await confirm.getByRole('button', { name: 'Restore' }).click();
    await expectToast(page, 'Version restored');
    // The history comes back with the restore as its newest version; the list shows the title it had.
    const restored = page.getByRole('dialog', { name: `History of ${RENAMED}` });
    await expect.poll(() => versions.count()).toBe(4);
    await restored.getByRole('button', { name: 'Close' }).click();
    await row().waitFor();
    await expect.poll(() => page.getByRole('row', { name: new RegExp(RENAMED) }).count()).toBe(0);
    const stored = (await posts()).find((p) => p.title === TITLE)!;
    expect(stored.slug).toBe('canada-2027-intakes');
    expect(stored.tags.sort()).toEqual(['Canada', 'Visa']);

    await page.getByRole('button', { name: `Preview ${TITLE}` }).click();
    const preview = page.getByRole('dialog', { name: `Preview ${TITLE}` });
    const link = preview.getByRole('textbox', { name: 'Preview link' });
    await link.waitFor();
    const url = await link.inputValue();
    expect(url.startsWith(`${app.url}/blog/preview/`)).toBe(true);
    await preview.getByText(/^Valid until /).waitFor();
    expect(await preview.getByRole('link', { name: /^Open preview/ }).getAttribute('href')).toBe(url);
    expect(await preview.getByRole('link', { name: /^Open preview/ }).getAttribute('target')).toBe('_blank');
    await checkAdminScreen(page, 'blog-preview');
    await preview.getByRole('button', { name: 'Close' }).last().click();
    await preview.waitFor({ state: 'hidden' });

    // Anyone holding the link sees the post: asked with no session at all (no cookie, no token).
    const token = url.slice(`${app.url}/blog/preview/`.length);
    const answer = await fetch(
      `${app.url}/api/trpc/site.postPreview?input=${encodeURIComponent(JSON.stringify({ token }))}`,
    );
    expect(answer.status).toBe(200);
    const body = (await answer.json()) as { result: { data: { post: { title: string } } } };
    expect(body.result.data.post.title).toBe(TITLE);
  });

  it('asks before deleting it: Cancel keeps it, Delete removes it', async () => {
    const { page, screen } = staff;
    await page.getByRole('button', { name: `Delete ${TITLE}` }).click();
    const confirm = page.getByRole('dialog', { name: 'Do you want to delete ?' });
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await confirm.waitFor({ state: 'hidden' });
    expect((await posts()).some((p) => p.title === TITLE)).toBe(true);

    await page.getByRole('button', { name: `Delete ${TITLE}` }).click();
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expectToast(page, 'Successfully Deleted!');
    await expect.poll(() => row().count()).toBe(0);
    await screen.expectNoCell(TITLE);
    expect((await posts()).some((p) => p.title === TITLE)).toBe(false);
  });

  interface Clipboard {
    DataTransfer: new () => { setData(type: string, value: string): void };
    ClipboardEvent: new (type: string, init: object) => object;
  }
  type Target = { dispatchEvent(event: object): boolean };

  it('keeps hostile markup inert: stored through the API, in the editor, pasted into it, and on the site', async () => {
    const { app, browser, page, screen, token } = staff;
    const ran = watchForScripts(page);
    const trap =
      '<img src=x onerror="window.__xss=1;alert(1)"><script>window.__xss=1;alert(1)</script>' +
      '<iframe src="https://evil.example/embed"></iframe><img src="/media/none.png" onerror="window.__xss=1">';
    const added = await trpc(
      app,
      token,
      'post.add',
      {
        title: HOSTILE,
        slug: 'hostile-markup',
        excerpt: 'Nothing in it runs.',
        image_id: (await posts()).find((p) => p.title === SCHEDULED)!.image_id,
        author_id: null,
        tags: [],
        published_at: new Date().toISOString(),
        country_ids: [GLOBAL_COUNTRY_ID],
        body_html: `<p onclick="window.__xss=1">Harmless words and a <a href="javascript:window.__xss=1;alert(1)">trap link</a>.</p>${trap}${Object.keys(KEPT).join('')}`,
      },
      'mutation',
    );
    expect(added.error, JSON.stringify(added.error)).toBeUndefined();
    const saved = (await posts()).find((p) => p.title === HOSTILE)!;
    expectInert(saved.body_html);
    expect(saved.body_html).toContain('trap link');

    // Opened in the editor: the harmless text, nothing run, nothing that could run.
    await page.reload();
    const form = await screen.openForm(`Edit ${HOSTILE}`, 'Edit Post');
    const body = form.dialog.getByRole('textbox', { name: 'Body' });
    await body.getByText(/^Harmless words and a/).waitFor();
    await body.getByText('trap link').click();
    expect(await body.locator(RUNNABLE).count()).toBe(0);

    // Pasted in from elsewhere: the editor keeps the text and the safe link, drops the rest.
    await page.keyboard.press('End');
    await page.keyboard.press('Enter');
    await body.evaluate((editor, html) => {
      // The page's own DataTransfer and ClipboardEvent (this file is compiled without the DOM's types).
      const { DataTransfer, ClipboardEvent } = globalThis as unknown as Clipboard;
      const data = new DataTransfer();
      data.setData('text/html', html);
      data.setData('text/plain', 'Pasted words.');
      (editor as unknown as Target).dispatchEvent(
        new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }),
      );
    }, `<p>Pasted words, <a href="https://example.com/" onmouseover="window.__xss=1">a real link</a>, <a href="javascript:window.__xss=1">a pasted trap</a>.</p>${trap}`);
    await body.getByText(/^Pasted words,/).waitFor();
    expect(await body.locator(RUNNABLE).count()).toBe(0);
    expect(await body.getByRole('link', { name: 'a real link' }).getAttribute('href')).toBe('https://example.com/');
    await form.saveWith('Successfully Updated!');
    const stored = (await posts()).find((p) => p.title === HOSTILE)!;
    expectInert(stored.body_html);
    expect(stored.body_html).toContain('Pasted words, <a href="https://example.com/"');
    expect(stored.body_html).toContain('a pasted trap');
    // What the allow-list keeps survives an edit in the editor.
    for (const kept of Object.values(KEPT)) expect(stored.body_html).toContain(kept);
    expect(await ran()).toEqual([undefined]);

    // On the site, hovered and clicked: nothing runs.
    const visitor = await visit(browser, app, '/blog/hostile-markup');
    try {
      const article = visitor.page.locator('article');
      await article.getByText(/^Pasted words,/).waitFor();
      expect(await article.locator(RUNNABLE).count()).toBe(0);
      for (const text of ['trap link', 'a pasted trap']) await article.getByText(text).click();
      await article.getByRole('link', { name: 'a real link' }).hover();
      expect(await visitor.ran()).toEqual([undefined]);
    } finally {
      await visitor.context.close();
    }
  });

  it('edits the scheduled post while it waits, and restores the version it was added as', async () => {
    const { page, screen } = staff;
    const form = await screen.openForm(`Edit ${SCHEDULED}`, 'Edit Post');
    await form.dialog.getByRole('textbox', { name: 'Excerpt' }).fill('Moved to Sunday.');
    await form.saveWith('Successfully Updated!');
    expect((await posts()).find((p) => p.title === SCHEDULED)!.excerpt).toBe('Moved to Sunday.');

    await page.getByRole('button', { name: `History of ${SCHEDULED}` }).click();
    const history = page.getByRole('dialog', { name: `History of ${SCHEDULED}` });
    const versions = history.getByRole('list', { name: 'Versions, newest first' }).getByRole('listitem');
    await expect.poll(() => versions.count()).toBe(2);
    expect(await versions.nth(0).textContent()).toMatch(/changed: Excerpt$/);
    await versions
      .nth(1)
      .getByRole('button', { name: /^Restore the version of / })
      .click();
    await page.getByRole('dialog', { name: 'Restore this version?' }).getByRole('button', { name: 'Restore' }).click();
    await expectToast(page, 'Version restored');
    await expect.poll(() => versions.count()).toBe(3);
    await history.getByRole('button', { name: 'Close' }).click();
    await history.waitFor({ state: 'hidden' });

    const restored = (await posts()).find((p) => p.title === SCHEDULED)!;
    expect(restored.excerpt).toBe('Meet our counsellors on Saturday.');
    expect(new Date(restored.published_at!).getTime()).toBe(scheduledFor.getTime());
  });

  it('goes out at its time: on /blog, in the feed and in the sitemap', { timeout: 200_000 }, async () => {
    const { app, browser, page } = staff;
    const visitor = await visit(browser, app, '/blog');
    try {
      // Within seconds of its time the job has put it live and the blog's page is made again.
      await expect
        .poll(() => whereListed(app, visitor.page, SCHEDULED_SLUG), { timeout: 180_000, interval: 1_000 })
        .toEqual({ served: true, shown: true, feed: true, sitemap: true });
      expect(Date.now()).toBeGreaterThanOrEqual(scheduledFor.getTime());
      await visitor.page.locator(`main a[href="/blog/${SCHEDULED_SLUG}"]`).first().click();
      await visitor.page.waitForURL(`${app.url}/blog/${SCHEDULED_SLUG}`);
      await expect.poll(() => visitor.page.locator('h1').textContent()).toBe(SCHEDULED);
      expect(await axeProblems(visitor.page)).toEqual([]);
    } finally {
      await visitor.context.close();
    }
    await page.reload();
    await scheduledRow().getByText('Published', { exact: true }).waitFor();
    expect((await posts()).find((p) => p.title === SCHEDULED)!.status).toBe('PUBLISHED');
  });
});
