import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GLOBAL_COUNTRY_ID } from '../../../shared/enums.js';
import { siteCountryCookie, siteCountryFromCookies } from '../../../shared/site-country.js';
import type { Database } from '../db/database.js';
import { createTestDatabase } from '../../test/database.js';
import { openIpCountryLookup, type IpCountryLookup } from './ip-country.js';
import { decideVisitorCountry, loadEnabledCountries } from './visitor-country.js';

/** A logger that keeps what it was told, to check the spec's "Could not find IP" line. */
function recordingLog() {
  const lines: string[] = [];
  const log = { info: (_obj: object, msg: string) => lines.push(msg) } as unknown as FastifyBaseLogger;
  return { log, lines };
}

// Addresses registered in each country (RIR data in the embedded database).
const NEPAL_IP = '27.34.16.1';
const CANADA_IP = '24.114.0.1';
const AUSTRALIA_IP = '1.128.0.1';
const US_IP = '8.8.8.8';

describe('the embedded IP-to-country database', () => {
  it('knows the countries of public addresses and nothing of private or malformed ones', async () => {
    const lookup = await openIpCountryLookup();
    expect(lookup.countryCodeOf(NEPAL_IP)).toBe('NP');
    expect(lookup.countryCodeOf(CANADA_IP)).toBe('CA');
    expect(lookup.countryCodeOf(AUSTRALIA_IP)).toBe('AU');
    expect(lookup.countryCodeOf(US_IP)).toBe('US');
    expect(lookup.countryCodeOf('2400:1a00::1')).toBe('NP');
    expect(lookup.countryCodeOf('127.0.0.1')).toBeNull();
    expect(lookup.countryCodeOf('10.1.2.3')).toBeNull();
    expect(lookup.countryCodeOf('::ffff:27.34.16.1')).toBe('NP');
    // Private and documentation ranges that the raw data places in Australia say nothing about a visitor.
    for (const ip of ['192.168.1.20', '172.16.0.1', '203.0.113.5', '198.51.100.7', 'fd00::1']) {
      expect(lookup.countryCodeOf(ip), ip).toBeNull();
    }
    expect(lookup.countryCodeOf('not an address')).toBeNull();
  });
});

describe('the country site a visitor gets', () => {
  let database: Database;
  let lookup: IpCountryLookup;
  let ids: Map<string, number>;

  beforeAll(async () => {
    // Seeded: the country sites the lookup answers with.
    database = await createTestDatabase();
    lookup = await openIpCountryLookup();
    const rows = await database.db.selectFrom('countries').select(['id', 'name']).execute();
    ids = new Map(rows.map((row) => [row.name, row.id]));
  });
  afterAll(() => database.close());

  const decide = async (
    input: { chosenCountryId?: number; ip: string; cdnCountryCode?: string },
    log = recordingLog().log,
  ) =>
    decideVisitorCountry(await loadEnabledCountries(database.db), lookup, log, {
      chosenCountryId: undefined,
      ...input,
    });

  it('follows the IP for Nepal, Canada and Australia', async () => {
    expect(await decide({ ip: NEPAL_IP })).toBe(ids.get('Nepal'));
    expect(await decide({ ip: CANADA_IP })).toBe(ids.get('Canada'));
    expect(await decide({ ip: AUSTRALIA_IP })).toBe(ids.get('Australia'));
  });

  it('gives Global to other countries, and logs "Could not find IP" when the address is unknown', async () => {
    expect(await decide({ ip: US_IP })).toBe(GLOBAL_COUNTRY_ID);
    const { log, lines } = recordingLog();
    expect(await decide({ ip: '192.168.1.20' }, log)).toBe(GLOBAL_COUNTRY_ID);
    expect(lines).toContain('Could not find IP');
  });

  it("prefers the visitor's own choice, but not of a disabled or unknown country", async () => {
    expect(await decide({ chosenCountryId: ids.get('Canada'), ip: NEPAL_IP })).toBe(ids.get('Canada'));
    expect(await decide({ chosenCountryId: 999, ip: NEPAL_IP })).toBe(ids.get('Nepal'));
    await database.db.updateTable('countries').set({ is_enabled: 'DISABLE' }).where('name', '=', 'Canada').execute();
    try {
      expect(await decide({ chosenCountryId: ids.get('Canada'), ip: US_IP })).toBe(GLOBAL_COUNTRY_ID);
      // The IP's country is disabled too: logged and Global.
      const { log, lines } = recordingLog();
      expect(await decide({ ip: CANADA_IP }, log)).toBe(GLOBAL_COUNTRY_ID);
      expect(lines).toContain('Could not find country');
    } finally {
      await database.db.updateTable('countries').set({ is_enabled: 'ENABLE' }).where('name', '=', 'Canada').execute();
    }
  });

  it("follows a CDN's country header instead of the address when one is configured", async () => {
    expect(await decide({ ip: US_IP, cdnCountryCode: 'NP' })).toBe(ids.get('Nepal'));
    expect(await decide({ ip: NEPAL_IP, cdnCountryCode: 'US' })).toBe(GLOBAL_COUNTRY_ID);
    expect(await decide({ chosenCountryId: ids.get('Canada'), ip: US_IP, cdnCountryCode: 'NP' })).toBe(
      ids.get('Canada'),
    );
  });

  it('falls back to Global when the IP country does not exist', async () => {
    await database.db.updateTable('countries').set({ name: 'Aotearoa' }).where('name', '=', 'Australia').execute();
    try {
      const { log, lines } = recordingLog();
      expect(await decide({ ip: AUSTRALIA_IP }, log)).toBe(GLOBAL_COUNTRY_ID);
      expect(lines).toContain('Could not find country');
    } finally {
      await database.db.updateTable('countries').set({ name: 'Australia' }).where('name', '=', 'Aotearoa').execute();
    }
  });
});

describe('the choice cookie', () => {
  it('round-trips a country id and ignores anything else', () => {
    const cookie = siteCountryCookie(3).split(';')[0]!;
    expect(siteCountryFromCookies(`a=b; ${cookie}; c=d`)).toBe(3);
    expect(siteCountryFromCookies('site_country=abc')).toBeUndefined();
    expect(siteCountryFromCookies('site_country=1e3')).toBeUndefined();
    expect(siteCountryFromCookies(undefined)).toBeUndefined();
    expect(siteCountryCookie(3)).toMatch(/Path=\/; Max-Age=\d+; SameSite=Lax$/);
  });
});
