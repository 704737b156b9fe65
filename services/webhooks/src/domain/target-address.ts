import { BlockList, isIP } from 'node:net';

/**
 * Where messages may go. In production: https only, and never a private, loopback, link-local or
 * otherwise non-public address (an app must not reach the platform's own network through us).
 * Elsewhere (development, tests) http and local receivers are fine.
 */
export interface TargetPolicy {
  production: boolean;
  /** Deliver only to this machine (`localhost`, loopback literals); any other URL is refused unresolved. For test stacks whose endpoints a fuzzer writes. */
  loopbackOnly?: boolean;
}

/**
 * Every block of the IANA IPv4 and IPv6 special-purpose address registries that is not globally
 * reachable, and the ones that carry or reach another network's addresses (6to4, Teredo,
 * IPv4-compatible, NAT64, the 6to4 relay anycast), since such an address can lead back into ours.
 */
const NON_PUBLIC_IPV4: ReadonlyArray<readonly [string, number]> = [
  ['0.0.0.0', 8], // "this network"
  ['10.0.0.0', 8], // private
  ['100.64.0.0', 10], // shared address space (CGNAT)
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link-local (cloud metadata)
  ['172.16.0.0', 12], // private
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.0.2.0', 24], // documentation
  ['192.88.99.0', 24], // 6to4 relay anycast
  ['192.168.0.0', 16], // private
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24], // documentation
  ['203.0.113.0', 24], // documentation
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, 255.255.255.255 (limited broadcast) among them
];

/** IPv4-mapped addresses (`::ffff:0:0/96`) are checked against the IPv4 blocks by the BlockList itself. */
const NON_PUBLIC_IPV6: ReadonlyArray<readonly [string, number]> = [
  ['::', 96], // IPv4-compatible (deprecated), :: (unspecified) and ::1 (loopback) among them
  ['64:ff9b::', 96], // NAT64
  ['64:ff9b:1::', 48], // local-use NAT64
  ['100::', 64], // discard-only
  ['2001::', 23], // IETF protocol assignments, Teredo (2001::/32) among them
  ['2001:db8::', 32], // documentation
  ['2002::', 16], // 6to4
  ['3fff::', 20], // documentation
  ['5f00::', 16], // segment routing (SRv6) SIDs
  ['fc00::', 7], // unique local
  ['fe80::', 10], // link-local
  ['fec0::', 10], // site-local (deprecated)
  ['ff00::', 8], // multicast
];

const nonPublic = new BlockList();
for (const [network, prefix] of NON_PUBLIC_IPV4) nonPublic.addSubnet(network, prefix, 'ipv4');
for (const [network, prefix] of NON_PUBLIC_IPV6) nonPublic.addSubnet(network, prefix, 'ipv6');

/** True for an address no production delivery may connect to (anything that is not an IP address included). */
export function isNonPublicAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return nonPublic.check(address, 'ipv4');
  if (family === 6) return nonPublic.check(address, 'ipv6');
  return true;
}

/** The URL's host as an address when it is an IP literal (`[::1]` without brackets). */
export function literalAddress(url: URL): string | null {
  const host = url.hostname.startsWith('[') ? url.hostname.slice(1, -1) : url.hostname;
  return isIP(host) ? host : null;
}

/** Why `url` may not receive messages under `policy`, or null when it may (names are resolved when sending). */
export function targetUrlProblem(url: URL, policy: TargetPolicy): string | null {
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return 'must use https';
  if (!policy.production) return null;
  if (url.protocol !== 'https:') return 'must use https';
  const literal = literalAddress(url);
  if (literal && isNonPublicAddress(literal)) return 'must not be a private, loopback or link-local address';
  const name = url.hostname.replace(/\.$/, '');
  if (name === 'localhost' || name.endsWith('.localhost')) return 'must not be a private, loopback or link-local address';
  return null;
}

/** Whether `url` names this machine without resolving anything: `localhost` (and its subdomains) or a loopback literal. */
export function isLoopbackUrl(url: URL): boolean {
  const literal = literalAddress(url);
  if (literal) return isIP(literal) === 4 ? literal.startsWith('127.') : literal === '::1';
  const name = url.hostname.replace(/\.$/, '');
  return name === 'localhost' || name.endsWith('.localhost');
}
