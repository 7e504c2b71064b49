import type { LeadSourceInput } from '../../../shared/lead-source.js';

/*
 * Where this visit came from (decision 047), sent with a form so staff know which ad, post or site brings leads. Kept
 * in sessionStorage: per tab, gone when the tab closes, never sent anywhere but with a form the visitor sends. No
 * cookie, no third party.
 */

const KEY = 'visit_source';
const TAGS = ['utm_source', 'utm_medium', 'utm_campaign'] as const;

type Noted = Omit<LeadSourceInput, 'form_page'>;

/** The host of the page that linked here, unless it is this site (a move between its own pages is no source). */
function referrerHost(referrer: string, ownHost: string): string | null {
  try {
    const { host, hostname } = new URL(referrer);
    return host === ownHost ? null : hostname;
  } catch {
    return null;
  }
}

/**
 * Notes where the visit came from when a page loads: the campaign tags of its address and the site that linked to
 * it, with the page as the visit's first. A visit keeps what it began with; only a new arrival (a tagged link, a link
 * from another site) starts again, so the latest ad or post that brought the visitor back is the one credited.
 */
export function noteVisitSource(location: Location = window.location, referrer = document.referrer): void {
  if (location.pathname.startsWith('/admin')) return;
  try {
    const params = new URLSearchParams(location.search);
    const noted: Noted = {
      utm_source: params.get('utm_source')?.slice(0, 100) || null,
      utm_medium: params.get('utm_medium')?.slice(0, 100) || null,
      utm_campaign: params.get('utm_campaign')?.slice(0, 100) || null,
      referrer: referrerHost(referrer, location.host),
      landing_page: location.pathname.slice(0, 300),
    };
    const arrived = TAGS.some((tag) => noted[tag] !== null) || noted.referrer !== null;
    if (!arrived && window.sessionStorage.getItem(KEY) !== null) return;
    window.sessionStorage.setItem(KEY, JSON.stringify(noted));
  } catch {
    // Storage off (a private window on some browsers): the form is sent without where the visit came from.
  }
}

/** Where this visit came from, and the page a form is being sent from; null when nothing was noted. */
export function visitSource(): LeadSourceInput | null {
  try {
    const stored = window.sessionStorage.getItem(KEY);
    if (stored === null) return null;
    return { ...(JSON.parse(stored) as Noted), form_page: window.location.pathname.slice(0, 300) };
  } catch {
    return null;
  }
}
