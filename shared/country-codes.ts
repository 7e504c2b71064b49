/*
 * The countries a site's address code may name (decision 066): ISO 3166-1 alpha-2, as the runtime knows them. The
 * addresses themselves are in site-address.ts, which the public pages load.
 */

/** Codes Intl names that are no country (the EU, the UN, "Outlying Oceania", test codes). */
const NOT_COUNTRIES = new Set(['EU', 'EZ', 'UN', 'QO', 'XA', 'XB', 'ZZ']);

let regions: Map<string, string> | undefined;

/** Every ISO 3166-1 country code the runtime knows, with its English name. */
function regionNames(): Map<string, string> {
  if (regions) return regions;
  const names = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'none' });
  regions = new Map();
  for (let first = 65; first <= 90; first++) {
    for (let second = 65; second <= 90; second++) {
      const code = String.fromCharCode(first, second);
      const name = NOT_COUNTRIES.has(code) ? undefined : names.of(code);
      if (name) regions.set(code.toLowerCase(), name);
    }
  }
  return regions;
}

/** The address code of a country named as in English (`Nepal` → `np`), if there is one. */
export function countryCodeOfName(name: string): string | undefined {
  const wanted = name.trim().toLowerCase();
  for (const [code, regionName] of regionNames()) if (regionName.toLowerCase() === wanted) return code;
  return undefined;
}

/** Whether `code` is a real country's ISO code, lower case (`np`). */
export function isCountryCode(code: string): boolean {
  return regionNames().has(code);
}
