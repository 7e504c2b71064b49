import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { AxeBuilder } from '@axe-core/playwright';
import { afterAll, beforeAll, expect } from 'vitest';
import type { Browser, BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import { utcDayFromToday } from '../../shared/calendar-days.js';
import { SITE_COUNTRY_COOKIE } from '../../shared/site-country.js';
import { newDataDir, preparedDataDir, startApp, type RunningApp } from './app.js';
import { launchBrowser } from './browser.js';

/** The built site and a Chromium to visit it with, both running while the enclosing `describe` runs. */
export interface SiteInBrowser {
  readonly app: RunningApp;
  readonly browser: Browser;
  /** Starts the site again on the same data (after a test stopped it). */
  startAgain(): Promise<void>;
}

/**
 * Starts the built site on an embedded database of its own (a copy of the prepared one, or with `emptyDataDir` an
 * empty folder it starts in for the first time; with extra environment, if given) and a Chromium before the
 * enclosing `describe`'s tests, and stops both and removes the data after them. Call it at the top of the
 * `describe`; hooks declared after it run with both started.
 */
export function siteInBrowser(
  env: Record<string, string> = {},
  options: { emptyDataDir?: boolean } = {},
): SiteInBrowser {
  const data = options.emptyDataDir ? newDataDir() : preparedDataDir();
  const site = {
    async startAgain() {
      site.app = await startApp(data.dir, env);
    },
  } as { app: RunningApp; browser: Browser; startAgain(): Promise<void> };
  beforeAll(async () => {
    site.app = await startApp(data.dir, env);
    site.browser = await launchBrowser();
  });
  afterAll(async () => {
    await site.browser?.close();
    await site.app?.stop();
    data.remove();
  });
  return site;
}

/** The server-rendered public page at `path` as a visitor of one country's site gets it (the "More Sites" cookie). */
export function visitorPage(app: RunningApp, countryId: number, path = '/'): Promise<string> {
  return fetch(`${app.url}${path}`, { headers: { cookie: `${SITE_COUNTRY_COOKIE}=${countryId}` } }).then((response) =>
    response.text(),
  );
}

/** A browser context of a visitor of one country's site (the "More Sites" cookie set). */
export async function visitorContext(
  browser: Browser,
  app: RunningApp,
  countryId: number,
  options: BrowserContextOptions = {},
): Promise<BrowserContext> {
  const context = await browser.newContext(options);
  await context.addCookies([{ name: SITE_COUNTRY_COOKIE, value: String(countryId), url: app.url }]);
  return context;
}

/** Scrolls to the bottom and back, so lazily loaded pictures are in the full-page screenshot. */
export async function scrollThrough(page: Page): Promise<void> {
  await page.evaluate(`new Promise((done) => {
    let y = 0;
    const step = () => {
      window.scrollTo(0, (y += 600));
      if (y < document.body.scrollHeight) setTimeout(step, 30);
      else { window.scrollTo(0, 0); setTimeout(done, 200); }
    };
    step();
  })`);
  await page.waitForLoadState('networkidle');
}

/** What axe finds wrong on a public page (embedded players left out: their markup is not ours), one line each. */
export async function axeProblems(page: Page): Promise<string[]> {
  await animationsDone(page);
  const results = await new AxeBuilder({ page }).exclude('iframe').analyze();
  return results.violations.map(
    (violation) => `${page.url()}: ${violation.id} ${violation.help} — ${violation.nodes[0]?.target.join(' ')}`,
  );
}

const ARTIFACTS = path.resolve('e2e/.artifacts');

/**
 * Keeps full-page screenshots of the page as test artifacts, as it is (`e2e/.artifacts/<name>.png`) and on a phone
 * (375 px, `<name>-375.png`), once it is sure the page does not scroll sideways there; then restores the viewport.
 */
export async function keepScreenshots(page: Page, name: string): Promise<void> {
  mkdirSync(ARTIFACTS, { recursive: true });
  await page.screenshot({ path: path.join(ARTIFACTS, `${name}.png`), fullPage: true });
  const desktop = page.viewportSize();
  await page.setViewportSize({ width: 375, height: 812 });
  try {
    // Asked until the layout has settled (the staff sidebar slides away into the burger menu: a transition).
    await expect
      .poll(() => page.evaluate<number>('document.documentElement.scrollWidth - window.innerWidth'), {
        message: `${name} scrolls sideways on a phone`,
        timeout: 3000,
      })
      .toBeLessThanOrEqual(0);
    await animationsDone(page);
    await page.screenshot({ path: path.join(ARTIFACTS, `${name}-375.png`), fullPage: true });
  } finally {
    if (desktop) await page.setViewportSize(desktop);
  }
}

/**
 * Waits until the page's finite animations and transitions have run (a dialog fading in, a dropdown opening): axe
 * measures colours as they are at that moment, and mid-fade every colour is paler than it will be.
 */
export async function animationsDone(page: Page): Promise<void> {
  await page.evaluate(`Promise.race([
    Promise.all(document.getAnimations()
      .filter((animation) => Number.isFinite(animation.effect?.getComputedTiming().endTime ?? Infinity))
      .map((animation) => animation.finished.catch(() => undefined))),
    new Promise((done) => setTimeout(done, 2000)),
  ])`);
}

/**
 * Holds the page's scripts back, as a slow phone on a mobile network has them late, while the server's HTML is
 * already on screen; the returned function lets them through.
 */
export async function holdScripts(page: Page): Promise<() => void> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/assets/**/*.js', async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

/**
 * The next Sunday (UTC) that is not one of the demo's closures (decision 052): the demo's Sydney is closed on it as
 * on every Sunday (decision 051), and nothing else is said of it.
 */
export function nextSundayOpenAsUsual(): string {
  const first = (7 - new Date().getUTCDay()) % 7 || 7;
  const sundays = [first, first + 7].map((days) => utcDayFromToday(days));
  return sundays.find((day) => !['12-25', '12-26', '01-01', '01-26'].includes(day.slice(5)))!;
}
