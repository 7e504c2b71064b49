import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { newDataDir, startApp, type RunningApp } from './support/app.js';
import { launchBrowser } from './support/browser.js';

describe('the built site on a fresh embedded database', () => {
  const data = newDataDir();
  let app: RunningApp;
  let browser: Browser;

  beforeAll(async () => {
    app = await startApp(data.dir);
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await app?.stop();
    data.remove();
  });

  /** Opens a page and collects everything the browser reports as an error. */
  async function open(path: string): Promise<{ page: Page; errors: string[] }> {
    const page = await browser.newPage();
    const errors: string[] = [];
    page.on('console', (message) => {
      // A 404 page's own status is reported as a failed resource; that is the page working, not an error.
      const isOwnStatus = message.location().url === `${app.url}${path}` && /status of 404/.test(message.text());
      if (message.type() === 'error' && !isOwnStatus) errors.push(message.text());
    });
    page.on('pageerror', (error) => errors.push(error.message));
    const response = await page.goto(`${app.url}${path}`, { waitUntil: 'networkidle' });
    expect(response, `no response for ${path}`).not.toBeNull();
    return { page, errors };
  }

  it('renders the home page on the server, from the database', async () => {
    const response = await fetch(`${app.url}/`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/html');
    const html = await response.text();
    // Content comes from the seeded database, before any JavaScript runs.
    expect(html).toContain('Our country sites');
    for (const country of ['Global', 'Nepal', 'Canada', 'Australia']) expect(html).toContain(`>${country}<`);
    expect(html).toContain('info@example.com');
    expect(html).toContain('window.__SITE_STATE__');
    expect(html).toContain('window.__staticRouterHydrationData');
  });

  it('hydrates the home page without errors', async () => {
    const { page, errors } = await open('/');
    await page.getByRole('heading', { name: 'Our country sites' }).waitFor();
    expect(await page.getByTestId('country-list').getByRole('listitem').count()).toBe(4);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('navigates on the client after hydration', async () => {
    const { page, errors } = await open('/no-such-page');
    await expect(page.getByRole('heading', { name: 'Page not found' }).isVisible()).resolves.toBe(true);
    // A marker that a full page load would wipe out.
    await page.evaluate(() => ((globalThis as unknown as { stillHere: boolean }).stillHere = true));
    await page.getByRole('link', { name: 'Go to the home page' }).click();
    await page.getByRole('heading', { name: 'Our country sites' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/');
    expect(await page.evaluate(() => (globalThis as unknown as { stillHere?: boolean }).stillHere)).toBe(true);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('answers unknown public paths with a server-rendered 404 page', async () => {
    const response = await fetch(`${app.url}/no-such-page`);
    expect(response.status).toBe(404);
    expect(await response.text()).toContain('Page not found');
  });

  it('opens /admin, rendered in the browser from a lazily loaded chunk', async () => {
    const shell = await (await fetch(`${app.url}/admin`)).text();
    expect(shell).not.toContain('Staff sign-in');
    const { page, errors } = await open('/admin');
    await page.getByRole('heading', { name: 'Admin' }).waitFor();
    expect(errors).toEqual([]);
    await page.close();
  });

  it('serves fingerprinted assets compressed and cached for a year', async () => {
    const html = await (await fetch(`${app.url}/`)).text();
    const script = /src="(\/assets\/[^"]+\.js)"/.exec(html)?.[1];
    expect(script).toBeDefined();
    const response = await fetch(`${app.url}${script}`, { headers: { 'accept-encoding': 'br' } });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-encoding')).toBe('br');
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
  });

  it('keeps its data across a restart and stops cleanly on SIGTERM', async () => {
    const before = await (await fetch(`${app.url}/`)).text();
    expect(await app.stop()).toBe(0);
    expect(app.output()).toContain('shutting down');
    app = await startApp(data.dir);
    const after = await (await fetch(`${app.url}/`)).text();
    expect(after).toContain('Our country sites');
    // Same countries, and the seed did not run a second time.
    expect(after.match(/<li[^>]*>.*?<\/li>/g)).toEqual(before.match(/<li[^>]*>.*?<\/li>/g));
    expect(app.output()).not.toContain('seed data applied');
  });
});
