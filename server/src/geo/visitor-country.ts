import type { FastifyBaseLogger } from 'fastify';
import { sql, type Kysely } from 'kysely';
import { GLOBAL_COUNTRY_ID } from '../../../shared/enums.js';
import type { DB } from '../db/schema.js';
import type { IpCountryLookup } from './ip-country.js';

/** The country sites chosen by IP (spec §1, §9); any other visitor gets Global. */
export const IP_COUNTRY_SITES: Readonly<Record<string, string>> = { NP: 'Nepal', CA: 'Canada', AU: 'Australia' };

export interface VisitorCountryInput {
  /** The visitor's own choice from "More Sites" (cookie), if any. */
  chosenCountryId: number | undefined;
  /** The client address as resolved through TRUST_PROXY. */
  ip: string;
}

/**
 * Which country site a request gets: the visitor's choice when it names an enabled country; otherwise the country
 * of their IP when it is one of the IP country sites and exists and is enabled; otherwise Global (id 1).
 */
export async function decideVisitorCountry(
  db: Kysely<DB>,
  lookup: IpCountryLookup,
  log: FastifyBaseLogger,
  { chosenCountryId, ip }: VisitorCountryInput,
): Promise<number> {
  if (chosenCountryId !== undefined) {
    const chosen = await db
      .selectFrom('countries')
      .select('id')
      .where('id', '=', chosenCountryId)
      .where('is_enabled', '=', 'ENABLE')
      .executeTakeFirst();
    if (chosen) return chosen.id;
  }

  const code = lookup.countryCodeOf(ip);
  if (!code) {
    log.info({ ip }, 'Could not find IP');
    return GLOBAL_COUNTRY_ID;
  }
  const name = IP_COUNTRY_SITES[code];
  if (!name) return GLOBAL_COUNTRY_ID;
  const country = await db
    .selectFrom('countries')
    .select('id')
    .where(sql<string>`lower(name)`, '=', name.toLowerCase())
    .where('is_enabled', '=', 'ENABLE')
    .executeTakeFirst();
  if (!country) {
    log.info({ ip, countryCode: code, country: name }, 'Could not find country');
    return GLOBAL_COUNTRY_ID;
  }
  return country.id;
}
