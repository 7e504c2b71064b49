import { existsSync } from 'node:fs';
import { chromium, type Browser } from 'playwright-core';

/** Chromium's flags that work on a closed network (no sandbox in a container, nothing fetched in the background). */
export const CLOSED_NETWORK_CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/**
 * Debian's Chromium headless shell (package chromium-headless-shell) where it is installed, else Debian's Chromium;
 * never a downloaded browser. The shell is the same engine without the browser around it, the headless mode
 * Playwright itself runs by default: the suite took 399 s with it where it took 498 s with the whole browser, on the
 * same quiet machine (decision 059). CHROMIUM_PATH chooses another.
 */
const CHROMIUM_PATH =
  process.env.CHROMIUM_PATH ??
  ['/usr/bin/chromium-headless-shell', '/usr/bin/chromium'].find((path) => existsSync(path)) ??
  '/usr/bin/chromium';

/** The browser of the suite (CHROMIUM_PATH above), with the flags that work on a closed network. */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: CLOSED_NETWORK_CHROMIUM_FLAGS });
}
