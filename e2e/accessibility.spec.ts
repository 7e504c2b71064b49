import { AxeBuilder } from '@axe-core/playwright';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { SITE_PAGES } from '../shared/site-pages.js';
import { newDataDir, startApp, type RunningApp } from './support/app.js';
import { launchBrowser } from './support/browser.js';

const VIEWPORTS = {
  desktop: { width: 1280, height: 900 },
  mobile: { width: 375, height: 812 },
} as const;

/**
 * axe on every public route at desktop and mobile widths: zero violations of any rule axe runs by default (WCAG 2.x
 * A/AA and best practices). Embedded third-party frames (maps, videos) are not ours to audit.
 */
describe('accessibility of every public route', () => {
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

  for (const [name, viewport] of Object.entries(VIEWPORTS)) {
    it(`has no axe violations at ${name} width`, { timeout: 300_000 }, async () => {
      const context = await browser.newContext({ viewport });
      const page = await context.newPage();
      const problems: string[] = [];
      for (const { path } of SITE_PAGES) {
        await page.goto(`${app.url}${path}`, { waitUntil: 'load' });
        const results = await new AxeBuilder({ page }).exclude('iframe').analyze();
        for (const violation of results.violations) {
          const targets = violation.nodes.map((node) => node.target.join(' ')).slice(0, 3);
          problems.push(`${path}: ${violation.id} (${violation.impact}) ${violation.help} — ${targets.join(', ')}`);
        }
      }
      await context.close();
      expect(problems).toEqual([]);
    });
  }
});
