/**
 * Whether an IP address is one of the public Internet's: what a person's webhook may point at in
 * hosted mode, so that the server never posts into the operator's own network (its loopback, its
 * private ranges, a cloud's metadata address, the carrier's shared range). IPv4 is checked against the
 * ranges that are not global (RFC 6890's special-purpose registry); IPv6 must be global unicast
 * (2000::/3) outside the documentation and 6to4 prefixes: an IPv4 address mapped or translated into
 * IPv6 is refused whole rather than unwrapped, since nothing public needs to be reached that way.
 */
import { BlockList, isIPv4, isIPv6 } from 'node:net';

const NOT_PUBLIC_V4: readonly [string, number][] = [
  ['0.0.0.0', 8], // this network
  ['10.0.0.0', 8], // private
  ['100.64.0.0', 10], // carrier-grade NAT, shared
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link-local (cloud metadata answers here)
  ['172.16.0.0', 12], // private
  ['192.0.0.0', 24], // protocol assignments
  ['192.0.2.0', 24], // documentation
  ['192.88.99.0', 24], // 6to4 relay anycast
  ['192.168.0.0', 16], // private
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24], // documentation
  ['203.0.113.0', 24], // documentation
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, and the broadcast address
];

const GLOBAL_V6: readonly [string, number][] = [['2000::', 3]];
const NOT_PUBLIC_V6: readonly [string, number][] = [
  ['2001:db8::', 32], // documentation
  ['2002::', 16], // 6to4: an IPv4 address inside
  ['2001::', 32], // Teredo: an IPv4 address inside
];

function blocks(v4: readonly [string, number][], v6: readonly [string, number][]): BlockList {
  const list = new BlockList();
  for (const [net, prefix] of v4) list.addSubnet(net, prefix, 'ipv4');
  for (const [net, prefix] of v6) list.addSubnet(net, prefix, 'ipv6');
  return list;
}

const notPublic = blocks(NOT_PUBLIC_V4, NOT_PUBLIC_V6);
const globalV6 = blocks([], GLOBAL_V6);

/** True for an address of the public Internet; false for any other, and for what is not an address. */
export function isPublicAddress(address: string): boolean {
  // a zone index (fe80::1%eth0) only ever names a local link
  if (address.includes('%')) return false;
  if (isIPv4(address)) return !notPublic.check(address, 'ipv4');
  if (isIPv6(address)) return globalV6.check(address, 'ipv6') && !notPublic.check(address, 'ipv6');
  return false;
}
