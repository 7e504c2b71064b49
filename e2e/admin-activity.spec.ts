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

    // A row's country reads as its name, not its id (the seed added each country's map).
    await page.goto(`${app.url}/admin/activity`);
    await table.getByRole('button', { name: 'added map' }).first().click();
    const country = dialog.getByRole('row').filter({ has: page.getByRole('rowheader', { name: 'Country' }) });
    expect(await country.getByRole('cell').last().textContent()).toMatch(/^(Global|Nepal|Canada \(EN\)|Australia)$/);
    await dialog.getByRole('button', { name: 'Close' }).click();
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
    const { app, token, page } = session;
    // The seed's posts have no author (no administrator existed yet): this one gets the signed-in administrator.
    const me = await trpc<{ staffId: number }>(app, token, 'me.get', undefined);
    const posts = await trpc<{ data: { id: number; title: string }[] }>(app, token, 'post.getAll', {
      paginate: { page: 1, perPage: 1 },
    });
    const post = posts.data!.data[0]!;
    const authored = await trpc(app, token, 'post.update', { id: post.id, author_id: me.data!.staffId }, 'mutation');
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
    await expect(row('Image').getByRole('cell').last().textContent()).resolves.toMatch(/^blog-\d\.webp$/);
    expect(await row('Image').locator('img').count()).toBe(1);
    // A moment reads as the staff member's time, as the list writes it.
    await expect(row('Published at').getByRole('cell').last().textContent()).resolves.toMatch(
      /^[A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d{2}\s[AP]M$/,
    );
    await checkAdminScreen(page, 'activity-post');
    await dialog.getByRole('button', { name: 'Close' }).click();
  });
});
