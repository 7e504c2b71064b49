import { describe, expect, it } from 'vitest';
import sharp from 'sharp';
import type { Browser, BrowserContext, Response } from 'playwright-core';
import { E2E_ADMIN } from './support/app.js';
import { siteInBrowser } from './support/site.js';

/** What the tests touch in the page (the e2e project has no DOM types). */
interface PageGlobals {
  __reportCspViolation: (text: string) => void;
  document: {
    addEventListener(
      type: 'securitypolicyviolation',
      listener: (event: {
        effectiveDirective: string;
        blockedURI: string;
        sourceFile: string;
        lineNumber: number;
      }) => void,
    ): void;
    scripts: ArrayLike<{ src: string }>;
  };
}

/**
 * A browser context that records every Content-Security-Policy violation: the `securitypolicyviolation` events
 * of each page (reported through a binding, which the policy cannot block) and Chromium's "Refused to …" console
 * messages (which also cover workers), plus script errors and Permissions-Policy header complaints.
 */
async function watchedContext(browser: Browser): Promise<{ context: BrowserContext; problems: string[] }> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const problems: string[] = [];
  await context.exposeBinding('__reportCspViolation', (_source, text: string) => problems.push(text));
  await context.addInitScript(() => {
    const page = globalThis as unknown as PageGlobals;
    page.document.addEventListener('securitypolicyviolation', (event) => {
      page.__reportCspViolation(
        `${event.effectiveDirective} refused ${event.blockedURI} (${event.sourceFile}:${event.lineNumber})`,
      );
    });
  });
  context.on('console', (message) => {
    if (/Refused to|Content Security Policy|Permissions-Policy/i.test(message.text())) problems.push(message.text());
  });
  context.on('weberror', (error) => problems.push(error.error().message));
  return { context, problems };
}

/** The script sources a page's policy names for inline scripts: its nonce, or for a kept public page hashes. */
function inlineScriptSourcesOf(response: Response | null): string[] {
  const policy = response?.headers()['content-security-policy'] ?? '';
  const scriptSrc = /(?:^|;)\s*script-src ([^;]*)/.exec(policy)?.[1]?.split(' ') ?? [];
  expect(scriptSrc).not.toContain("'unsafe-inline'");
  return scriptSrc.filter((source) => source.startsWith("'nonce-") || source.startsWith("'sha256-"));
}

describe('the site in Chromium under its Content-Security-Policy', () => {
  const site = siteInBrowser();

  it('hydrates the home page (the chat opens) with its inline scripts allowed by hash and nothing refused', async () => {
    const { context, problems } = await watchedContext(site.browser);
    const page = await context.newPage();
    const response = await page.goto(`${site.app.url}/`, { waitUntil: 'networkidle' });
    // A kept public page goes to many visitors unchanged: its inline scripts run by their hashes (decision 025).
    const sources = inlineScriptSourcesOf(response);
    expect(sources.length).toBeGreaterThanOrEqual(2);
    expect(sources.every((source) => source.startsWith("'sha256-"))).toBe(true);
    const inline = await page.evaluate(
      () => Array.from((globalThis as unknown as PageGlobals).document.scripts).filter((script) => !script.src).length,
    );
    expect(inline).toBeGreaterThanOrEqual(2);

    await page.getByRole('button', { name: 'Chat with us !' }).click();
    await page.getByRole('dialog', { name: 'Any Queries ?' }).waitFor();
    expect(problems).toEqual([]);

    // Another load is the same page from the cache, under the same policy, and still runs.
    const again = await page.reload({ waitUntil: 'networkidle' });
    expect(again?.headers()['x-page-cache']).toBe('hit');
    expect(inlineScriptSourcesOf(again)).toEqual(sources);
    await page.getByRole('button', { name: 'Chat with us !' }).click();
    await page.getByRole('dialog', { name: 'Any Queries ?' }).waitFor();
    expect(problems).toEqual([]);
    await context.close();
  });

  it('runs the ALTCHA proof of work in its worker on the enquiry form, and shows maps on Contact Us', async () => {
    const { context, problems } = await watchedContext(site.browser);
    const page = await context.newPage();
    const workers: string[] = [];
    page.on('worker', (worker) => workers.push(worker.url()));
    await page.goto(`${site.app.url}/enquiry`, { waitUntil: 'networkidle' });
    const form = page.getByRole('form', { name: 'Enquiry form' });
    await form.getByLabel("I'm not a robot").check();
    await form.getByText('Verified', { exact: true }).waitFor({ timeout: 30_000 });
    expect(workers.some((url) => url.startsWith(`${site.app.url}/assets/`))).toBe(true);

    // The branches' maps: a poster that asks Google for nothing until the visitor shows the map (no internet here:
    // the frame fails to load, but the policy allows it, which is what is checked).
    await page.goto(`${site.app.url}/contact-us`, { waitUntil: 'networkidle' });
    const maps = page.locator('iframe[src^="https://www.google.com/maps"]');
    await expect(maps.count()).resolves.toBe(0);
    await page
      .getByRole('button', { name: /^Show the map of / })
      .first()
      .click();
    await expect.poll(() => maps.count()).toBe(1);
    await expect(maps.first().getAttribute('title')).resolves.toMatch(/^Map of /);
    await page.waitForTimeout(500);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('signs staff in, shows a staff screen with an upload preview, and signs out through the nonced script', async () => {
    const { context, problems } = await watchedContext(site.browser);
    const page = await context.newPage();
    await page.goto(`${site.app.url}/admin/countries`);
    await page.getByRole('heading', { name: 'Staff sign-in' }).waitFor();
    await page.getByLabel('E-mail').fill(E2E_ADMIN.email);
    await page.getByLabel('Password').fill(E2E_ADMIN.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(`${site.app.url}/admin/countries`);
    await page.getByRole('heading', { name: 'Countries', level: 1 }).waitFor();

    // The preview of a chosen flag is a blob: image.
    const flag = await sharp({ create: { width: 30, height: 20, channels: 3, background: '#0a7d3b' } })
      .png()
      .toBuffer();
    await page.getByRole('button', { name: 'Add Country' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Country' });
    await dialog.locator('input[type="file"]').setInputFiles({ name: 'flag.png', mimeType: 'image/png', buffer: flag });
    const preview = dialog.getByRole('img', { name: 'Preview of the chosen flag' });
    await preview.waitFor();
    await expect
      .poll(() => preview.evaluate((image) => (image as unknown as { naturalWidth: number }).naturalWidth))
      .toBe(30);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });

    // Logout passes the provider's "Signing out" page, whose inline script submits its form: it only runs with
    // the page's nonce, and without it the browser would stay on that page.
    await page.getByRole('link', { name: 'Logout' }).click();
    await page.waitForURL(`${site.app.url}/`);
    await page.getByTestId('contact-strip').waitFor();
    expect(problems).toEqual([]);
    await context.close();
  });
});
