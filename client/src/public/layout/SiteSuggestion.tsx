import { IconX } from '@tabler/icons-react';
import { StrictMode, useEffect, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { SITE_COUNTRY_COOKIE } from '../../../../shared/site-country.js';
import ui from '../ui/ui.module.css';
import classes from './site-suggestion.module.css';

/** When the visitor dismissed it (ms): they said they are where they want to be, for a month, in every tab. */
const DISMISSED = 'site-suggestion-dismissed';
const DISMISSED_FOR_MS = 30 * 24 * 3600 * 1000;

function isDismissed(): boolean {
  try {
    return Date.now() - Number(localStorage.getItem(DISMISSED) ?? 0) < DISMISSED_FOR_MS;
  } catch {
    // Storage refused (a strict privacy mode): asked again on each page.
    return false;
  }
}

interface SuggestedSite {
  id: number;
  code: string;
  name: string;
}

/**
 * "Looking for our Australia site?": on a page at one country's address, seen from an address in another country
 * with a site of its own, a suggestion of that site, never a redirect (decision 066). The page is the same for
 * everyone (and kept by caches); the suggestion is asked for by the browser afterwards. Not shown to a visitor who
 * chose this country in "More Sites", nor for a month once dismissed. A bar over the page's foot, beside the chat
 * button: it moves nothing on the page when it comes.
 */
function SiteSuggestion({ countryId }: { countryId: number }) {
  const [site, setSite] = useState<SuggestedSite | null>(null);
  useEffect(() => {
    if (isDismissed() || chosenCountry() === countryId) return;
    const controller = new AbortController();
    fetch('/api/site/visitor-country', { signal: controller.signal })
      .then((response) => (response.ok ? (response.json() as Promise<{ site: SuggestedSite | null }>) : null))
      .then((answer) => {
        if (answer?.site && answer.site.id !== countryId) setSite(answer.site);
      })
      // Only a suggestion: nothing to tell anyone when it cannot be had.
      .catch(() => undefined);
    return () => controller.abort();
  }, [countryId]);
  if (!site) return null;
  const dismiss = () => {
    try {
      localStorage.setItem(DISMISSED, String(Date.now()));
    } catch {
      // Not kept: it is only a suggestion.
    }
    setSite(null);
  };
  return (
    <aside className={classes.suggestion} aria-label="Country site suggestion">
      <p className={classes.row}>
        <span>
          Looking for our {site.name} site? <a href={`/${site.code}`}>Go to {site.name}’s site</a>
        </span>
        <button type="button" className={`${ui.plainButton} ${classes.dismiss}`} onClick={dismiss}>
          <IconX size={16} aria-hidden />
          <span className={ui.visuallyHidden}>Dismiss the suggestion</span>
        </button>
      </p>
    </aside>
  );
}

/** The visitor's "More Sites" choice, if they made one. */
function chosenCountry(): number | undefined {
  const value = new RegExp(`(?:^|; )${SITE_COUNTRY_COOKIE}=(\\d+)`).exec(document.cookie)?.[1];
  return value === undefined ? undefined : Number(value);
}

/** Shows the suggestion, if there is one, in a root of its own: the page's script loads it after hydrating. */
export function showSiteSuggestion(countryId: number): void {
  const container = document.createElement('div');
  document.body.append(container);
  createRoot(container).render(
    <StrictMode>
      <SiteSuggestion countryId={countryId} />
    </StrictMode>,
  );
}
