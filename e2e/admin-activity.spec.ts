import { describe, expect, it } from 'vitest';
import { checkAdminScreen } from './support/admin.js';
import { trpc, useStaffSession } from './support/staff.js';

/**
 * Activity (issue 20): a change made by the administrator shows in the log with who made it, where, and each field
 * before and after; the filters narrow the list.
 */
/** The browser's styles, as a test reads them in the page (e2e code is compiled without the DOM's types). */
type Styles = { getComputedStyle: (node: unknown, pseudo: string) => { content: string } };

describe('staff area: Activity', () => {
  const session = useStaffSession();

  it('shows who changed a country, and what changed, field by field', async () => {
    const { app, token, countries, page } = session;
    const canada = countries.get('Canada')!;
    const branch = { name: 'Toronto', email: 'toronto@example.com', phone_number: '+1 416 555 0100' };
    const added = await trpc(
      app,
      token,
      'branch.add',
      { ...branch, country_id: canada, address: 'Bay St' },
      'mutation',
    );
    if (added.error) throw new Error(added.error.message);
    const renamed = await trpc(app, token, 'country.update', { id: canada, name: 'Canada (EN)' }, 'mutation');
    if (renamed.error) throw new Error(renamed.error.message);

    await page.goto(`${app.url}/admin/activity`);
    const table = page.getByRole('table', { name: 'Changes, newest first' });
    const change = table.getByRole('button', { name: /changed country “Canada \(EN\)”/ }).first();
    await change.waitFor();
    await page.getByText('Changes are kept for 3 years').waitFor();
    // The sidebar shows where the staff member is, though its entries run past the window's height.
    const sidebar = page.getByRole('navigation', { name: 'Admin sections' });
    const here = sidebar.getByRole('link', { name: 'Activity' });
    await expect
      .poll(async () => (await here.boundingBox())!.y + (await here.boundingBox())!.height)
      .toBeLessThanOrEqual((await sidebar.boundingBox())!.y + (await sidebar.boundingBox())!.height);
    await checkAdminScreen(page, 'activity');

    await page.getByRole('combobox', { name: 'Kind' }).click();
    await page.getByRole('option', { name: 'country', exact: true }).click();
    await table
      .getByRole('button', { name: /changed country “Canada \(EN\)”/ })
      .first()
      .waitFor();

    await change.click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('rowheader', { name: 'Name' }).waitFor();
    await dialog.getByRole('cell', { name: 'Canada', exact: true }).waitFor();
    await dialog.getByRole('cell', { name: 'Canada (EN)', exact: true }).waitFor();
    await checkAdminScreen(page, 'activity-change');
    await dialog.getByRole('button', { name: 'Close' }).click();

    // A row's country reads as its name, not its id.
    await page.goto(`${app.url}/admin/activity`);
    await table.getByRole('button', { name: 'added branch “Toronto”' }).click();
    const country = dialog.getByRole('row').filter({ has: page.getByRole('rowheader', { name: 'Country' }) });
    expect(await country.getByRole('cell').last().textContent()).toBe('Canada (EN)');
    await dialog.getByRole('button', { name: 'Close' }).click();
    // The content the site started with is each item's first version, not anyone's activity.
    await page.getByRole('combobox', { name: 'Kind' }).click();
    const kinds = () => page.getByRole('option').allTextContents();
    await expect.poll(kinds).toEqual(expect.arrayContaining(['branch', 'country']));
    expect(await kinds()).not.toContain('page text');
    await page.keyboard.press('Escape');
    await page.getByText('The content the site started with is in each item’s history').waitFor();
  });

  it('shows each change as a card on a phone: every value under its column’s name, nothing scrolled sideways', async () => {
    const { app, page } = session;
    const desktop = page.viewportSize();
    await page.setViewportSize({ width: 375, height: 812 });
    try {
      await page.goto(`${app.url}/admin/activity`);
      const table = page.getByRole('table', { name: 'Changes, newest first' });
      const first = table.getByRole('row').nth(1);
      await first.getByRole('button', { name: /changed country/ }).waitFor();
      // Still a table to screen readers: its header row and its cells.
      expect(await table.getByRole('columnheader').allTextContents()).toEqual(['When', 'Who', 'What', 'Countries']);
      const cells = first.getByRole('cell');
      expect(await cells.count()).toBe(4);
      const labels = await cells.evaluateAll((tds) =>
        tds.map((td) => (globalThis as unknown as Styles).getComputedStyle(td, '::before').content),
      );
      expect(labels).toEqual(['"When"', '"Who"', '"What"', '"Countries"']);
      // One value under another, within the screen.
      const [when, who] = [(await cells.nth(0).boundingBox())!, (await cells.nth(1).boundingBox())!];
      expect(who.y).toBeGreaterThanOrEqual(when.y + when.height - 1);
      const fits = await table.evaluate((node) => {
        const box = node as unknown as { scrollWidth: number; parentElement: { clientWidth: number } };
        return box.scrollWidth <= box.parentElement.clientWidth;
      });
      expect(fits).toBe(true);

      // A change that belongs to no country (the settings) shows no "Countries" line over nothing.
      const settings = await trpc<{ current: Record<string, unknown> }>(app, session.token, 'settings.get', null);
      const saved = await trpc(
        app,
        session.token,
        'settings.save',
        { ...settings.data!.current, registrationNumbers: 'MARN 7654321' },
        'mutation',
      );
      if (saved.error) throw new Error(saved.error.message);
      await page.reload();
      await first.getByRole('button', { name: /changed settings|added settings/ }).waitFor();
      expect(await cells.nth(3).isVisible()).toBe(false);
      expect(await cells.nth(2).isVisible()).toBe(true);

      // The filters wait behind a button, which says how many are set, so the changes come first.
      const kind = page.getByRole('combobox', { name: 'Kind' });
      expect(await kind.isVisible()).toBe(false);
      expect((await table.boundingBox())!.y).toBeLessThan(400);
      const filtersButton = page.getByRole('button', { name: 'Filters', exact: true });
      expect(await filtersButton.getAttribute('aria-expanded')).toBe('false');
      await filtersButton.click();
      await kind.click();
      await page.getByRole('option', { name: 'country', exact: true }).click();
      await page.getByRole('button', { name: 'Filters (1 set)' }).waitFor();
      await checkAdminScreen(page, 'activity-filters-phone');
    } finally {
      if (desktop) await page.setViewportSize(desktop);
    }
  });

  it('words an item taken off a country as a sentence, without its fields (only ids)', async () => {
    const { app, token, countries, page } = session;
    const nepal = countries.get('Nepal')!;
    const pages = await trpc<{ id: number; name: string; country_ids: number[] }[]>(
      app,
      token,
      'page.getAll',
      undefined,
    );
    const taken = pages.data!.find((p) => p.name !== 'Home' && p.country_ids.includes(nepal))!;
    const off = await trpc(app, token, 'page.deleteFromCountry', { page_id: taken.id, country_id: nepal }, 'mutation');
    if (off.error) throw new Error(off.error.message);
    await page.goto(`${app.url}/admin/activity`);
    const table = page.getByRole('table', { name: 'Changes, newest first' });
    await table.getByRole('button', { name: `took page “${taken.name}” off Nepal` }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText(`took page “${taken.name}” off Nepal on`).waitFor();
    expect(await dialog.getByRole('table').count()).toBe(0);
    await dialog.getByRole('button', { name: 'Close' }).click();
  });

  it('names the picture and the author of a post instead of their ids', async () => {
    const { app, token, countries, page } = session;
    // A post added with a library picture and no author, who is then the signed-in administrator.
    const me = await trpc<{ staffId: number }>(app, token, 'me.get', undefined);
    const found = await trpc<{ edges: { node: { id: number } }[] }>(app, token, 'media.allImages', {
      filter: 'blog-1.webp',
    });
    const post = { title: 'Choosing a university', slug: 'choosing-a-university', excerpt: 'Where to start.' };
    const added = await trpc<{ id: number }>(
      app,
      token,
      'post.add',
      {
        ...post,
        image_id: found.data!.edges[0]!.node.id,
        body_html: '<p>Start with the course, then the city.</p>',
        published_at: new Date().toISOString(),
        country_ids: [countries.get('Nepal')!],
      },
      'mutation',
    );
    if (added.error) throw new Error(added.error.message);
    const authored = await trpc(
      app,
      token,
      'post.update',
      { id: added.data!.id, author_id: me.data!.staffId },
      'mutation',
    );
    if (authored.error) throw new Error(authored.error.message);

    await page.goto(`${app.url}/admin/activity`);
    const table = page.getByRole('table', { name: 'Changes, newest first' });
    const dialog = page.getByRole('dialog');
    const row = (field: string) =>
      dialog.getByRole('row').filter({ has: page.getByRole('rowheader', { name: field, exact: true }) });
    await table
      .getByRole('button', { name: `changed post “${post.title}”` })
      .first()
      .click();
    expect(await row('Author').getByRole('cell').allTextContents()).toEqual(['(empty)', 'Administrator']);
    await dialog.getByRole('button', { name: 'Close' }).click();

    // The post was added with a library picture: its name and the picture itself.
    await table.getByRole('button', { name: `added post “${post.title}”` }).click();
    await expect(row('Image').getByRole('cell').last().textContent()).resolves.toBe('blog-1.webp');
    expect(await row('Image').locator('img').count()).toBe(1);
    // A moment reads as the staff member's time, as the list writes it.
    await expect(row('Published at').getByRole('cell').last().textContent()).resolves.toMatch(
      /^[A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d{2}\s[AP]M$/,
    );
    await checkAdminScreen(page, 'activity-post');
    await dialog.getByRole('button', { name: 'Close' }).click();
  });
});
