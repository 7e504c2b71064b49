import { createRequire } from 'node:module';
import { BlockList, isIP, isIPv4 } from 'node:net';
import maxmind, { type Reader } from 'maxmind';

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

/**
 * Private, shared, documentation and other special-use ranges (RFC 6890). The package's data wrongly places some of
 * them (192.168.0.0/16, 172.16.0.0/12, the documentation ranges) in Australia; such an address says nothing about
 * where a visitor is.
 */
const SPECIAL_USE = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 3],
] as const) {
  SPECIAL_USE.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 127],
  ['64:ff9b::', 96],
  ['100::', 64],
  ['2001:db8::', 32],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const) {
  SPECIAL_USE.addSubnet(network, prefix, 'ipv6');
}

/** `::ffff:1.2.3.4` (how a dual-stack server may see an IPv4 client) → `1.2.3.4`. */
function unmapped(ip: string): string {
  const match = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  return match ? match[1]! : ip;
}

export function isSpecialUseAddress(address: string): boolean {
  const ip = unmapped(address);
  if (!isIP(ip)) return false;
  return SPECIAL_USE.check(ip, isIPv4(ip) ? 'ipv4' : 'ipv6');
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
