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

/** Debian's Chromium (never a downloaded browser), with the flags that work on a closed network. */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: CLOSED_NETWORK_CHROMIUM_FLAGS,
  });
}
