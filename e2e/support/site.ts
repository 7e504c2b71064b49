import { afterAll, beforeAll } from 'vitest';
import type { Browser } from 'playwright-core';
import { newDataDir, startApp, type RunningApp } from './app.js';
import { launchBrowser } from './browser.js';

/** The built site and a Chromium to visit it with, both running while the enclosing `describe` runs. */
export interface SiteInBrowser {
  readonly app: RunningApp;
  readonly browser: Browser;
  /** Starts the site again on the same data (after a test stopped it). */
  startAgain(): Promise<void>;
}

/**
 * Starts the built site on a fresh embedded database (with extra environment, if given) and a Chromium before the
 * enclosing `describe`'s tests, and stops both and removes the data after them. Call it at the top of the
 * `describe`; hooks declared after it run with both started.
 */
export function siteInBrowser(env: Record<string, string> = {}): SiteInBrowser {
  const data = newDataDir();
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
