/**
 * The visitor's own choice of country site ("More Sites"), kept in a plain cookie: it is a preference, not a
 * secret, and the server reads it before the IP-derived country.
 */
export const SITE_COUNTRY_COOKIE = 'site_country';
/** A year: the choice holds until the visitor changes it. */
export const SITE_COUNTRY_COOKIE_MAX_AGE = 60 * 60 * 24 * 365;

export function siteCountryCookie(countryId: number): string {
  return `${SITE_COUNTRY_COOKIE}=${countryId}; Path=/; Max-Age=${SITE_COUNTRY_COOKIE_MAX_AGE}; SameSite=Lax`;
}

/** The country id in a Cookie header, if it holds a well-formed one. */
export function siteCountryFromCookies(cookieHeader: string | undefined): number | undefined {
  if (!cookieHeader) return undefined;
  for (const part of cookieHeader.split(';')) {
    const [name, value] = part.trim().split('=');
    if (name === SITE_COUNTRY_COOKIE && value && /^\d{1,9}$/.test(value)) return Number(value);
  }
  return undefined;
}
