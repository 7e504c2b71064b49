import { AxeBuilder } from '@axe-core/playwright';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { RunningApp } from './support/app.js';
import { checkAdminScreen } from './support/admin.js';
import { graphql, staffSession } from './support/staff.js';
import { SITE_PAGES } from '../shared/site-pages.js';

interface NamedRow {
  id: number;
  name: string;
}

/** The country page-assignment screen (spec §2, §5), the data table every staff list uses, and the form pattern. */
describe('staff area: country page assignment and the data table', () => {
  const session = staffSession();
  let app: RunningApp;
  let page: Page;
  let token: string;
  let countries: Map<string, number>;

  const pagesOf = async (countryId: number) =>
    (
      await graphql<{ getPagesOfCountry: NamedRow[] }>(
        app,
        token,
        'query($c: Int!) { getPagesOfCountry(country_id: $c) { id name } }',
        { c: countryId },
      )
    ).getPagesOfCountry;
  const unassign = (countryId: number, pageId: number) =>
    graphql(
      app,
      token,
      'mutation($c: Int!, $p: Int!) { deletePageFromCountry(country_id: $c, page_id: $p) { message } }',
      {
        c: countryId,
        p: pageId,
      },
    );

  beforeAll(async () => {
    ({ app, page, token, countries } = await session.start());
    // Canada keeps 12 pages (for "Page 1 of 3"); Australia none (for "No Data").
    const canada = countries.get('Canada')!;
    for (const assigned of (await pagesOf(canada)).slice(12)) await unassign(canada, assigned.id);
    const australia = countries.get('Australia')!;
    for (const assigned of await pagesOf(australia)) await unassign(australia, assigned.id);
  });
  afterAll(() => session.close());

  const chooseCountry = async (name: string) => {
    await page.getByRole('combobox', { name: 'Country' }).click();
    await page.getByRole('option', { name, exact: true }).click();
  };
  const pageOf = () => page.getByTestId('page-of').textContent();

  it('starts on Global with its pages, and offers Add Page only while a country is chosen', async () => {
    await page.goto(`${app.url}/admin/pages`);
    await expect.poll(() => page.getByRole('combobox', { name: 'Country' }).inputValue()).toBe('Global');
    await page.getByRole('cell', { name: 'About Us', exact: true }).waitFor();
    await expect(page.getByRole('columnheader').allTextContents()).resolves.toEqual([
      'ID',
      'Name',
      'Navigation',
      'Action',
    ]);
    // Where each page shows on the public site.
    const aboutUs = page.getByRole('row').filter({ has: page.getByRole('cell', { name: 'About Us', exact: true }) });
    await expect(aboutUs.getByText('Menu', { exact: true }).isVisible()).resolves.toBe(true);
    await expect(aboutUs.getByText('Footer', { exact: true }).isVisible()).resolves.toBe(true);
    await expect(page.getByRole('button', { name: 'Add Page' }).isEnabled()).resolves.toBe(true);

    await page.getByRole('combobox', { name: 'Country' }).hover();
    await page.locator('.mantine-Select-section button').click();
    await expect(page.getByRole('button', { name: 'Add Page' }).isDisabled()).resolves.toBe(true);
  });

  it('pages through 12 rows five at a time: first, previous, next, last, go to page, page size', async () => {
    await chooseCountry('Canada');
    await expect.poll(pageOf).toBe('Page 1 of 3');
    await expect(page.locator('tbody tr').count()).resolves.toBe(5);
    await page.getByRole('button', { name: 'Next page' }).click();
    await expect.poll(pageOf).toBe('Page 2 of 3');
    await page.getByRole('button', { name: 'Last page' }).click();
    await expect.poll(pageOf).toBe('Page 3 of 3');
    await expect.poll(() => page.locator('tbody tr').count()).toBe(2);
    await expect(page.getByRole('button', { name: 'Next page' }).isDisabled()).resolves.toBe(true);
    await page.getByRole('button', { name: 'Previous page' }).click();
    await expect.poll(pageOf).toBe('Page 2 of 3');
    await page.getByRole('button', { name: 'First page' }).click();
    await expect.poll(pageOf).toBe('Page 1 of 3');
    await page.getByLabel('Go to page').fill('3');
    await expect.poll(pageOf).toBe('Page 3 of 3');
    // Page sizes are multiples of the default (5).
    await page.getByRole('combobox', { name: 'Rows per page' }).click();
    await expect.poll(() => page.getByRole('option').allTextContents()).toEqual(['5', '10', '15', '20', '25']);
    await page.getByRole('option', { name: '10', exact: true }).click();
    await expect.poll(pageOf).toBe('Page 1 of 2');
    await expect.poll(() => page.locator('tbody tr').count()).toBe(10);
  });

  it('shows "No Data" for a country without pages', async () => {
    await chooseCountry('Australia');
    await page.getByRole('cell', { name: 'No Data' }).waitFor();
  });

  it('adds pages not yet assigned, requiring one, and says "Successfully Added!"', async () => {
    const canada = countries.get('Canada')!;
    const before = await pagesOf(canada);
    await chooseCountry('Canada');
    await page.getByRole('button', { name: 'Add Page' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Page' });
    await expect(dialog.getByRole('textbox', { name: 'Country' }).inputValue()).resolves.toBe('Canada');
    await expect(dialog.getByRole('textbox', { name: 'Country' }).getAttribute('readonly')).resolves.not.toBeNull();
    const submit = dialog.getByRole('button', { name: 'Add', exact: true });
    await expect(submit.isDisabled()).resolves.toBe(true);

    const pages = dialog.getByRole('combobox', { name: 'Pages' });
    // The field is enabled once both lists are in (a click waits for that); the options come with the dropdown.
    await pages.click();
    await page.getByRole('option').first().waitFor();
    const offered = await page.getByRole('option').allTextContents();
    // Pages already assigned to Canada are not offered.
    expect(offered).toHaveLength(SITE_PAGES.length - before.length);
    for (const assigned of before) expect(offered).not.toContain(assigned.name);
    const added = offered[0]!;
    await page.getByRole('option', { name: added, exact: true }).click();
    // Choosing and then removing the only page shows the required message.
    await page.getByRole('option', { name: added, exact: true }).click();
    await page.keyboard.press('Escape');
    await dialog.getByText('*Page is required').waitFor();
    await expect(submit.isDisabled()).resolves.toBe(true);

    await pages.click();
    await page.getByRole('option', { name: added, exact: true }).click();
    await page.keyboard.press('Escape');
    await expect.poll(() => submit.isEnabled()).toBe(true);
    await submit.click();
    await page.getByText('Successfully Added!').waitFor();
    await dialog.waitFor({ state: 'hidden' });
    const after = await pagesOf(canada);
    expect(after.map((p) => p.name)).toContain(added);
    expect(after).toHaveLength(before.length + 1);
    // 13 pages at the 10 per page chosen above.
    await expect.poll(pageOf).toBe('Page 1 of 2');
  });

  it('asks "Do you want to delete ?" and says "Page Deleted Successfully!"', async () => {
    const canada = countries.get('Canada')!;
    const before = await pagesOf(canada);
    const firstName = (await page.locator('tbody tr').first().locator('td').nth(1).textContent())!;
    await page.getByRole('button', { name: `Delete ${firstName}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Do you want to delete ?' });
    const remove = dialog.getByRole('button', { name: 'Delete' });
    if (firstName === 'Home') {
      // Taking Home off a country says what visitors will see and waits for staff to say they understand.
      await dialog.getByText('will answer "Page not found" to every visitor of Canada').waitFor();
      await expect(remove.isDisabled()).resolves.toBe(true);
      await dialog.getByRole('checkbox', { name: 'I understand what visitors will see' }).check();
    }
    await remove.click();
    await page.getByText('Page Deleted Successfully!').waitFor();
    await dialog.waitFor({ state: 'hidden' });
    const after = await pagesOf(canada);
    expect(after).toHaveLength(before.length - 1);
    expect(after.map((p) => p.name)).not.toContain(firstName);
    // The public Canada site no longer has it either.
  });

  it('has no axe violations', async () => {
    const results = await new AxeBuilder({ page }).analyze();
    expect(results.violations.map((violation) => `${violation.id}: ${violation.help}`)).toEqual([]);
  });

  it("edits a country's contact strip with field messages, and the public site shows the change", async () => {
    await page.goto(`${app.url}/admin/headerContactInfos`);
    await expect.poll(() => page.getByRole('combobox', { name: 'Country' }).inputValue()).toBe('Global');
    await chooseCountry('Nepal');
    await page.getByText('nepal@example.com').waitFor();
    await page.getByRole('button', { name: 'Edit' }).click();
    const dialog = page.getByRole('dialog', { name: 'Contact details · Nepal' });
    const save = dialog.getByRole('button', { name: 'Save' });
    // Unchanged: nothing to save.
    await expect(save.isDisabled()).resolves.toBe(true);
    const email = dialog.getByRole('textbox', { name: 'Email' });
    await email.fill('not an email');
    await email.blur();
    await dialog.getByText(/valid email/i).waitFor();
    await expect(save.isDisabled()).resolves.toBe(true);
    await email.fill('kathmandu.office@example.com');
    await expect.poll(() => save.isEnabled()).toBe(true);
    await save.click();
    await page.getByText('Successfully Updated!').waitFor();
    await dialog.waitFor({ state: 'hidden' });
    await page.getByText('kathmandu.office@example.com').waitFor();

    const html = await fetch(`${app.url}/`, { headers: { 'X-Forwarded-For': '27.34.16.1' } }).then((r) => r.text());
    expect(html).toContain('kathmandu.office@example.com');
    expect(html).not.toContain('nepal@example.com');
    const results = await new AxeBuilder({ page }).analyze();
    expect(results.violations.map((violation) => `${violation.id}: ${violation.help}`)).toEqual([]);
  });
  it('opens on a dashboard naming the role with a link to every section, and says so for an unknown address', async () => {
    await page.goto(`${app.url}/admin`);
    await page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();
    await page.getByText('an administrator: you may change every country site.').waitFor();
    await checkAdminScreen(page, 'dashboard');
    await page.getByRole('main').getByRole('link', { name: 'Testimonials' }).click();
    await page.waitForURL(`${app.url}/admin/home/testimonials`);
    await expect.poll(() => page.title()).toBe('Testimonials · Staff area · Horizon Education & Migration');
    await page.goto(`${app.url}/admin/no-such-screen`);
    await page.getByText('There is no staff screen at this address.').waitFor();
    await page.getByRole('heading', { name: 'Page not found', level: 1 }).waitFor();
    await expect.poll(() => page.title()).toBe('Page not found · Staff area · Horizon Education & Migration');
  });
});
