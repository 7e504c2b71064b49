import { describe, it } from 'vitest';
import { checkAdminScreen } from './support/admin.js';
import { trpc, useStaffSession } from './support/staff.js';

/**
 * Activity (issue 20): a change made by the administrator shows in the log with who made it, where, and each field
 * before and after; the filters narrow the list.
 */
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
  });
});
