import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { SITE_PAGES } from '../shared/site-pages.js';
import { axeProblems, scrollThrough, siteInBrowser } from './support/site.js';

const ARTIFACTS = path.resolve('e2e/.artifacts');
const VIEWPORTS = {
  desktop: { width: 1366, height: 900 },
  phone: { width: 375, height: 812 },
} as const;
/** The most of a 812 px phone screen the sticky header may take. */
const PHONE_HEADER_MAX = 96;

interface PageLook {
  overflow: number;
  headerHeight: number;
  headings: number;
  /** Images on the page that have loaded with real pixels (not broken, not a 1 px spacer). */
  images: number;
  layoutShift: number;
}

/**
 * What a visitor sees, measured in the page once it has loaded and its fonts have swapped in: horizontal overflow,
 * the sticky header's height, the `h1`s, the loaded pictures, and the layout shift so far (the browser's
 * `layout-shift` entries not caused by input).
 */
async function look(page: Page): Promise<PageLook> {
  // Runs in the page (the e2e code is type-checked without the DOM library, so the script is plain text).
  return page.evaluate(`(async () => {
    await document.fonts.ready;
    // One more frame so a late swap would show up as a shift.
    await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 300)));
    const shifts = performance.getEntriesByType('layout-shift');
    const header = document.querySelector('header');
    return {
      overflow: document.documentElement.scrollWidth - document.documentElement.clientWidth,
      headerHeight: header ? header.getBoundingClientRect().height : 0,
      headings: document.querySelectorAll('h1').length,
      images: [...document.querySelectorAll('main img')].filter((img) => img.complete && img.naturalWidth > 16).length,
      layoutShift: shifts.filter((shift) => !shift.hadRecentInput).reduce((sum, shift) => sum + shift.value, 0),
    };
  })()`);
}

/**
 * Every public route at desktop and phone widths, as a visitor sees it: a full-page screenshot kept as a test
 * artifact (`e2e/.artifacts/public-<width>-<route>.png`), no sideways scrolling on a phone, a header that leaves the
 * phone screen to the content, one `h1`, at least one real picture, nothing jumping as the page loads, and no
 * violation of any rule axe runs by default (WCAG 2.x A/AA and best practices). One visit per route and width.
 */
describe('the public site at desktop and phone widths', () => {
  const site = siteInBrowser();

  beforeAll(() => {
    mkdirSync(ARTIFACTS, { recursive: true });
  });

  for (const [name, viewport] of Object.entries(VIEWPORTS)) {
    it(`shows every route finished and accessible at ${name} width`, { timeout: 600_000 }, async () => {
      const context = await site.browser.newContext({ viewport });
      const page = await context.newPage();
      const problems: string[] = [];
      for (const { path: route } of SITE_PAGES) {
        await page.goto(`${site.app.url}${route}`, { waitUntil: 'load' });
        const seen = await look(page);
        if (seen.overflow > 0) problems.push(`${route}: scrolls sideways by ${seen.overflow} px`);
        if (name === 'phone' && seen.headerHeight > PHONE_HEADER_MAX) {
          problems.push(`${route}: header is ${seen.headerHeight} px high`);
        }
        if (seen.headings !== 1) problems.push(`${route}: ${seen.headings} h1 elements`);
        if (seen.images === 0) problems.push(`${route}: no picture loaded`);
        if (seen.layoutShift > 0) problems.push(`${route}: layout shift ${seen.layoutShift.toFixed(4)}`);
        problems.push(...(await axeProblems(page)));
        await scrollThrough(page);
        const slug = route === '/' ? 'home' : route.slice(1).replaceAll('/', '-');
        await page.screenshot({ path: path.join(ARTIFACTS, `public-${viewport.width}-${slug}.png`), fullPage: true });
      }
      await context.close();
      expect(problems).toEqual([]);
    });

    it(`keeps a control reached with Tab out from under the sticky header at ${name} width`, async () => {
      const context = await site.browser.newContext({ viewport });
      const page = await context.newPage();
      try {
        await page.goto(`${site.app.url}/`, { waitUntil: 'load' });
        // Which control Tab reaches after the fourth link of the page's content.
        const from = page.locator('main a[href]').nth(4);
        const tabTo = async () => {
          await from.evaluate((node) =>
            (node as unknown as { focus: (o: object) => void }).focus({ preventScroll: true }),
          );
          await page.keyboard.press('Tab');
          return page.locator(':focus');
        };
        const next = await tabTo();
        // Scrolled so that control sits half under the header; Tab to it again: the page scrolls it into view.
        const headerBottom = (await page.locator('header').first().boundingBox())!.height;
        const box = (await next.boundingBox())!;
        const scrollY = await page.evaluate(() => (globalThis as unknown as { scrollY: number }).scrollY);
        await page.evaluate(`window.scrollTo(0, ${scrollY + box.y - headerBottom + box.height / 2})`);
        const reached = (await (await tabTo()).boundingBox())!;
        expect(reached.y).toBeGreaterThanOrEqual(headerBottom - 1);
      } finally {
        await context.close();
      }
    });
  }
});
