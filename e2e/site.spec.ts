import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { siteInBrowser } from './support/site.js';

describe('the built site on a fresh embedded database', () => {
  // A new install's first start, on an empty data folder (every other spec starts on the prepared one).
  const site = siteInBrowser({}, { emptyDataDir: true });

  /** Opens a page and collects everything the browser reports as an error. */
  async function open(path: string): Promise<{ page: Page; errors: string[] }> {
    const page = await site.browser.newPage();
    const errors: string[] = [];
    page.on('console', (message) => {
      // Statuses that are the page working, not errors: a 404 page's own status, and the 401 of the session
      // check that sends a signed-out visitor to sign in.
      const url = message.location().url;
      const expected =
        (url === `${site.app.url}${path}` && /status of 404/.test(message.text())) ||
        (url === `${site.app.url}/api/my/session` && /status of 401/.test(message.text()));
      if (message.type() === 'error' && !expected) errors.push(`${message.text()} (${url})`);
    });
    page.on('pageerror', (error) => errors.push(error.message));
    const response = await page.goto(`${site.app.url}${path}`, { waitUntil: 'networkidle' });
    expect(response, `no response for ${path}`).not.toBeNull();
    return { page, errors };
  }

  it('renders the home page on the server, from the database', async () => {
    const response = await fetch(`${site.app.url}/`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/html');
    const html = await response.text();
    // Content comes from the seeded database, before any JavaScript runs.
    expect(html).toContain('Study abroad and migration advice you can trust');
    expect(html).toContain('info@example.com');
    expect(html).toMatch(/<title>[^<]+<\/title>/);
    expect(html).toContain('<link rel="canonical" href="http://127.0.0.1:');
    expect(html).toContain('<meta property="og:title"');
    expect(html).toContain('window.__SITE_STATE__');
    expect(html).toContain('window.__staticRouterHydrationData');
  });

  it('hydrates the home page without errors', async () => {
    const { page, errors } = await open('/');
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    // Hydrated: the chat bubble responds.
    await page.getByRole('button', { name: 'Chat with us !' }).click();
    await page.getByRole('dialog', { name: 'Any Queries ?' }).waitFor();
    expect(errors).toEqual([]);
    await page.close();
  });

  it('navigates on the client after hydration', async () => {
    const { page, errors } = await open('/no-such-page');
    await expect(page.getByRole('heading', { name: 'Page not found' }).isVisible()).resolves.toBe(true);
    // A marker that a full page load would wipe out.
    await page.evaluate(() => ((globalThis as unknown as { stillHere: boolean }).stillHere = true));
    await page.getByRole('link', { name: 'Go to the home page' }).click();
    await page.getByTestId('contact-strip').waitFor();
    await page.waitForURL(`${site.app.url}/`);
    expect(new URL(page.url()).pathname).toBe('/');
    expect(await page.evaluate(() => (globalThis as unknown as { stillHere?: boolean }).stillHere)).toBe(true);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('answers unknown public paths with a server-rendered 404 page', async () => {
    const response = await fetch(`${site.app.url}/no-such-page`);
    expect(response.status).toBe(404);
    expect(await response.text()).toContain('Page not found');
  });

  it('sends /admin to the sign-in page without rendering anything of the staff area on the server', async () => {
    const shell = await (await fetch(`${site.app.url}/admin`)).text();
    expect(shell).not.toContain('Admin sections');
    expect(shell).toContain('<div id="root"></div>');
    const { page, errors } = await open('/admin');
    await page.getByRole('heading', { name: 'Staff sign-in' }).waitFor();
    expect(errors).toEqual([]);
    await page.close();
  });

  it('serves fingerprinted assets compressed and cached for a year', async () => {
    const html = await (await fetch(`${site.app.url}/`)).text();
    const script = /src="(\/assets\/[^"]+\.js)"/.exec(html)?.[1];
    expect(script).toBeDefined();
    const response = await fetch(`${site.app.url}${script}`, { headers: { 'accept-encoding': 'br' } });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-encoding')).toBe('br');
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
  });

  it('keeps its data across a restart and stops cleanly on SIGTERM', async () => {
    const before = await (await fetch(`${site.app.url}/`)).text();
    expect(site.app.output()).toContain('seed data applied');
    expect(await site.app.stop()).toBe(0);
    expect(site.app.output()).toContain('shutting down');
    await site.startAgain();
    const after = await (await fetch(`${site.app.url}/`)).text();
    expect(after).toContain('Study abroad and migration advice you can trust');
    // The same content, and the seed did not run a second time.
    const images = (html: string) => html.match(/\/media\/[0-9a-f]{64}\.[a-z]+/g)?.sort();
    expect(images(after)).toEqual(images(before));
    expect(site.app.output()).not.toContain('seed data applied');
  });
});
