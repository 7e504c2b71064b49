import type { Kysely } from 'kysely';
import { GLOBAL_COUNTRY_ID } from '../../../shared/enums.js';
import { findCountry, listEnabledCountries, type Country } from '../country/country.repository.js';
import type { DB } from '../db/schema.js';

/** A country as the public site shows it. */
export type SiteCountry = Pick<Country, 'id' | 'name' | 'flag_url'>;

export interface SiteLayout {
  country: SiteCountry;
  countries: SiteCountry[];
  headerContactInfo: { email: string; phone_number: string; address: string } | null;
  /** Names of the pages enabled for the country (navigation shows only these). */
  enabledPageNames: string[];
}

/** Everything the public layout needs for one country, in one round of queries. */
export async function getSiteLayout(db: Kysely<DB>, countryId: number): Promise<SiteLayout> {
  const requested = await findCountry(db, countryId);
  const country = requested?.is_enabled === 'ENABLE' ? requested : await findCountry(db, GLOBAL_COUNTRY_ID);
  if (!country) throw new Error('The Global country (id 1) is missing: has the database been seeded?');

  const [countries, headerContactInfo, pages] = await Promise.all([
    listEnabledCountries(db),
    db
      .selectFrom('header_contact_infos')
      .select(['email', 'phone_number', 'address'])
      .where('country_id', '=', country.id)
      .executeTakeFirst(),
    db
      .selectFrom('country_pages')
      .innerJoin('pages', 'pages.id', 'country_pages.page_id')
      .select('pages.name')
      .where('country_pages.country_id', '=', country.id)
      .orderBy('pages.id')
      .execute(),
  ]);
  const toSiteCountry = ({ id, name, flag_url }: Country): SiteCountry => ({ id, name, flag_url });
  return {
    country: toSiteCountry(country),
    countries: countries.map(toSiteCountry),
    headerContactInfo: headerContactInfo ?? null,
    enabledPageNames: pages.map((page) => page.name),
  };
}
