import { describe, expect, it } from 'vitest';
import { E2E_ADMIN } from './support/app.js';
import { siteInBrowser } from './support/site.js';

describe('staff sign-in in the browser', () => {
  const site = siteInBrowser();

  it('signs in from a deep admin link, lands there, and logs out to the public site', async () => {
    const context = await site.browser.newContext();
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));

    await page.goto(`${site.app.url}/admin/countries`);
    await page.getByRole('heading', { name: 'Staff sign-in' }).waitFor();
    expect(new URL(page.url()).pathname).toMatch(/^\/auth\/interaction\//);

    // A wrong password first: a clear message, still on the form.
    await page.getByLabel('E-mail').fill(E2E_ADMIN.email);
    await page.getByLabel('Password').fill('not the password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByText('Wrong e-mail or password.').waitFor();

    await page.getByLabel('Password').fill(E2E_ADMIN.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(`${site.app.url}/admin/countries`);
    await page.getByRole('heading', { name: 'Countries', level: 1 }).waitFor();
    await expect(page.getByRole('link', { name: 'Logout' }).getAttribute('href')).resolves.toBe('/api/auth/logout');
    // The top bar shows who is signed in.
    await page.getByRole('banner').getByText('Administrator').waitFor();

    // Opened by its address (a new tab, or another site's link), the logout path only asks; nothing changes.
    const asked = await context.newPage();
    await asked.goto(`${site.app.url}/api/auth/logout`);
    await asked.getByRole('heading', { name: 'Sign out?' }).waitFor();
    await asked.close();
    await page.reload();
    await page.getByRole('heading', { name: 'Countries', level: 1 }).waitFor();

    // Logout in the top bar signs out with a POST from the staff area.
    await page.getByRole('link', { name: 'Logout' }).click();
    await page.waitForURL(`${site.app.url}/`);
    await page.getByTestId('contact-strip').waitFor();

    // Signed out everywhere: the staff area asks for the password again.
    await page.goto(`${site.app.url}/admin`);
    await page.getByRole('heading', { name: 'Staff sign-in' }).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });
});
