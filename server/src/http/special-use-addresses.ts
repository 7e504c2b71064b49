import { BlockList, isIP, isIPv4 } from 'node:net';

/**
 * Private, shared, loopback, link-local, documentation and other special-use ranges (RFC 6890): an address in them
 * says nothing about where a visitor is (the geo database even places some in Australia), and a webhook may not be
 * sent there (decision 064).
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
export function unmapped(ip: string): string {
  const match = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  return match ? match[1]! : ip;
}

const LOOPBACK = new BlockList();
LOOPBACK.addSubnet('127.0.0.0', 8, 'ipv4');
LOOPBACK.addAddress('::1', 'ipv6');

export function isSpecialUseAddress(address: string): boolean {
  const ip = unmapped(address);
  if (!isIP(ip)) return false;
  return SPECIAL_USE.check(ip, isIPv4(ip) ? 'ipv4' : 'ipv6');
}

/** Whether `address` (IPv4-mapped too) is a loopback address: 127/8 or ::1. */
export function isLoopbackAddress(address: string): boolean {
  const ip = unmapped(address);
  if (!isIP(ip)) return false;
  return LOOPBACK.check(ip, isIPv4(ip) ? 'ipv4' : 'ipv6');
}
