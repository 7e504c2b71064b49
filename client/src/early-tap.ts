import { useEffect, type ReactNode } from 'react';

/*
 * A tap that came too early (decision 044). A public page is painted from the server's HTML well before its script
 * has downloaded and taken it over (seconds on a slow phone); a button that only works with the script (More Sites,
 * the menu, "Chat with us !", a gallery picture) did nothing when tapped then. A few lines at the top of index.html
 * keep the last such button tapped; the page taps it again once it has hydrated. Only `type="button"` buttons are
 * kept: links, and a form's submit button, already do their job without the script.
 */

declare global {
  interface Window {
    /** The last script-only button tapped before hydration (index.html keeps it). */
    __earlyTap?: Element;
    /** Set when hydration starts: from then on React answers taps itself, so index.html stops keeping them. */
    __pageTakenOver?: boolean;
  }
}

/** Stops index.html keeping taps (call just before hydrating) and gives what taps the kept button again, once. */
export function takeEarlyTap(): () => void {
  let tapped = window.__earlyTap;
  window.__earlyTap = undefined;
  window.__pageTakenOver = true;
  return () => {
    const button = tapped;
    tapped = undefined;
    if (button instanceof HTMLButtonElement && button.isConnected && !button.disabled) button.click();
  };
}

/** Runs `onHydrated` after the first commit of everything inside it (a parent's effects run after its children's). */
export function AfterHydration({ onHydrated, children }: { onHydrated: () => void; children: ReactNode }) {
  useEffect(onHydrated, [onHydrated]);
  return children;
}
