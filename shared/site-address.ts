/*
 * A country site's address (decision 066): the country's ISO 3166-1 alpha-2 code, lower case, as the first segment
 * of every path of that site (`/np/visa/student`). Global has none and stays at the root.
 */

/** The locale of a country site's pages (`hreflang`, `og:locale`, `<html lang>`): English for that country. */
export function siteLocale(code: string | null): string {
  return code ? `en-${code.toUpperCase()}` : 'en';
}

/** The path of `path` (a path of the site, from `/`) on the site at `code` (Global: none). */
export function countryPath(code: string | null, path: string): string {
  if (!code) return path;
  return path === '/' ? `/${code}` : `/${code}${path}`;
}
