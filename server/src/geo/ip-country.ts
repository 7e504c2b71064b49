import { createRequire } from 'node:module';
import maxmind, { type Reader } from 'maxmind';
import { isSpecialUseAddress, unmapped } from '../http/special-use-addresses.js';

/**
 * IP address → ISO 3166-1 country code, from the embedded database in @ip-location-db/geo-whois-asn-country-mmdb
 * (RIR WHOIS and ASN data, CC BY 4.0 by the NRO; credited in the site footer and the README). No network call:
 * the file ships in the npm package and is read into memory once (~8 MB).
 */
export interface IpCountryLookup {
  /** The two-letter code, or null when the address is not in the database (private, reserved, unknown). */
  countryCodeOf(ip: string): string | null;
}

interface CountryRecord {
  country_code?: string;
}

export async function openIpCountryLookup(): Promise<IpCountryLookup> {
  const require = createRequire(import.meta.url);
  const file = require.resolve('@ip-location-db/geo-whois-asn-country-mmdb/geo-whois-asn-country.mmdb');
  // No file watching: the data changes only with a package update (and a restart).
  // The package's record type is MaxMind's GeoIP shape; this database holds only `country_code`.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  const reader: Reader<any> = await maxmind.open<any>(file, { watchForUpdates: false });
  return {
    countryCodeOf(address) {
      const ip = unmapped(address);
      if (!maxmind.validate(ip) || isSpecialUseAddress(ip)) return null;
      const record = reader.get(ip) as CountryRecord | null;
      return record?.country_code ?? null;
    },
  };
}
