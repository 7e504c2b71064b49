import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
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
  /**
   * The visitor's country code as a CDN in front found it (CDN_COUNTRY_HEADER), used instead of looking the
   * address up: behind a CDN the page is cached by that header, so the page must follow it exactly.
   */
  cdnCountryCode?: string | undefined;
}

/** The enabled countries, as the choice of a visitor's site needs them (read once, kept until countries change). */
export interface EnabledCountries {
  ids: ReadonlySet<number>;
  /** By lower-case name. */
  idByName: ReadonlyMap<string, number>;
  /** By the site's address code (`np`, decision 066). */
  idByCode: ReadonlyMap<string, number>;
  /** The address code of each country that has one. */
  codeById: ReadonlyMap<number, string>;
  /** Each country's name, as staff wrote it. */
  nameById: ReadonlyMap<number, string>;
}

export async function loadEnabledCountries(db: Kysely<DB>): Promise<EnabledCountries> {
  const rows = await db
    .selectFrom('countries')
    .select(['id', 'name', 'code'])
    .where('is_enabled', '=', 'ENABLE')
    .execute();
  return {
    ids: new Set(rows.map((row) => row.id)),
    idByName: new Map(rows.map((row) => [row.name.toLowerCase(), row.id])),
    idByCode: new Map(rows.flatMap((row) => (row.code ? [[row.code, row.id] as const] : []))),
    codeById: new Map(rows.flatMap((row) => (row.code ? [[row.id, row.code] as const] : []))),
    nameById: new Map(rows.map((row) => [row.id, row.name])),
  };
}

/** The country site an address belongs to: the enabled country whose code is its first segment, if any. */
export interface SiteAddress {
  /** The country the address names; undefined: an unprefixed address, whose country the visitor decides. */
  countryId: number | undefined;
  /** The router's basename: `/np`, or '' at the root. */
  basename: string;
}

export function siteAddressOf(pathname: string, countries: EnabledCountries): SiteAddress {
  const code = /^\/([a-z]{2})(?:\/|$)/.exec(pathname)?.[1];
  const countryId = code === undefined ? undefined : countries.idByCode.get(code);
  return countryId === undefined ? { countryId, basename: '' } : { countryId, basename: `/${code}` };
}

/**
 * Which country site a request gets: the visitor's choice when it names an enabled country; otherwise the country
 * of their IP when it is one of the IP country sites and exists and is enabled; otherwise Global (id 1).
 */
export function decideVisitorCountry(
  countries: EnabledCountries,
  lookup: IpCountryLookup,
  log: FastifyBaseLogger,
  { chosenCountryId, ip, cdnCountryCode }: VisitorCountryInput,
): number {
  if (chosenCountryId !== undefined && countries.ids.has(chosenCountryId)) return chosenCountryId;

  const code = cdnCountryCode ?? lookup.countryCodeOf(ip);
  if (!code) {
    log.info({ ip }, 'Could not find IP');
    return GLOBAL_COUNTRY_ID;
  }
  const name = IP_COUNTRY_SITES[code];
  if (!name) return GLOBAL_COUNTRY_ID;
  const id = countries.idByName.get(name.toLowerCase());
  if (id === undefined) {
    log.info({ ip, countryCode: code, country: name }, 'Could not find country');
    return GLOBAL_COUNTRY_ID;
  }
  return id;
}
