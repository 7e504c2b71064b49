import type { QueryClient } from '@tanstack/react-query';
import type { UIMatch } from 'react-router';
import { countryPath } from '../../../../shared/site-address.js';
import { siteCountryCookie } from '../../../../shared/site-country.js';
import type { PageRouteHandle } from '../../routes.js';
import type { Trpc } from '../../trpc.js';

/** A country site as "More Sites" offers it. */
interface CountrySiteChoice {
  id: number;
  /** Its address code; null: at the root (Global, or a country without an address yet). */
  code: string | null;
}

/**
 * Opens another country's site ("More Sites", decision 066): remembers the choice (the spec's cookie, which the root
 * addresses follow) and goes to the same page at that site's address when that site shows it (a post: when the post
 * is on that site, else its blog), otherwise to that site's home. A page load: the address is the site. Loaded when
 * a visitor chooses, not with every page.
 */
export async function goToCountrySite(
  country: CountrySiteChoice,
  {
    queryClient,
    trpc,
    matches,
    pathname,
  }: { queryClient: QueryClient; trpc: Trpc; matches: UIMatch[]; pathname: string },
): Promise<void> {
  const match = matches.findLast((candidate) => (candidate.handle as Partial<PageRouteHandle> | undefined)?.pageName);
  const handle = match?.handle as PageRouteHandle | undefined;
  const layout = await queryClient.fetchQuery(trpc.site.layout.queryOptions({ countryId: country.id }));
  let path = '/';
  if (handle && layout.enabledPageNames.includes(handle.pageName)) {
    const slug = match?.params.slug;
    if (handle.sameOnEverySite) path = pathname;
    else if (slug) {
      const post = await queryClient.fetchQuery(trpc.site.post.queryOptions({ countryId: country.id, slug }));
      path = post ? pathname : '/blog';
    } else path = '/blog';
  }
  document.cookie = siteCountryCookie(country.id);
  window.location.assign(countryPath(country.code, path));
}
