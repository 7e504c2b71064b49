import { AxeBuilder } from '@axe-core/playwright';
import { describe, expect, it } from 'vitest';
import { SITE_PAGES } from '../shared/site-pages.js';
import { siteInBrowser } from './support/site.js';

const VIEWPORTS = {
  desktop: { width: 1280, height: 900 },
  mobile: { width: 375, height: 812 },
} as const;

/**
 * axe on every public route at desktop and mobile widths: zero violations of any rule axe runs by default (WCAG 2.x
 * A/AA and best practices). Embedded third-party frames (maps, videos) are not ours to audit.
 */
describe('accessibility of every public route', () => {
  const site = siteInBrowser();

  for (const [name, viewport] of Object.entries(VIEWPORTS)) {
    it(`has no axe violations at ${name} width`, { timeout: 300_000 }, async () => {
      const context = await site.browser.newContext({ viewport });
      const page = await context.newPage();
      const problems: string[] = [];
      for (const { path } of SITE_PAGES) {
        await page.goto(`${site.app.url}${path}`, { waitUntil: 'load' });
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
