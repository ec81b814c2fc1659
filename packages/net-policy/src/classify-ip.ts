import { type AddressCategory, findRange, matchesPrefix } from './ip-ranges';
import { type ParsedIp, parseIp } from './parse-ip';

export type IpClass = { category: AddressCategory; note: string };

const MAPPED_PREFIX = parseIp('::ffff:0:0')!.bytes;
const NAT64_PREFIX = parseIp('64:ff9b::')!.bytes;
const SIX_TO_FOUR_PREFIX = parseIp('2002::')!.bytes;
const GLOBAL_UNICAST_PREFIX = parseIp('2000::')!.bytes;
const ZERO = new Uint8Array(16);

function ipv4From(bytes: Uint8Array, offset: number): ParsedIp {
  return { family: 4, bytes: bytes.slice(offset, offset + 4) };
}

/**
 * Parses an address and folds IPv4-mapped IPv6 (`::ffff:127.0.0.1`, `::ffff:7f00:1`) into IPv4,
 * so a policy written for IPv4 sees through the mapping. `null` when it is not an IP address.
 */
export function normalizeIp(text: string): ParsedIp | null {
  const ip = parseIp(text.trim());
  if (!ip) return null;
  if (ip.family === 6 && matchesPrefix(ip.bytes, MAPPED_PREFIX, 96)) return ipv4From(ip.bytes, 12);
  return ip;
}

/**
 * Classifies an address. IPv6 forms that carry an IPv4 address (IPv4-compatible, NAT64, 6to4)
 * are judged by the address they carry, so `64:ff9b::a9fe:a9fe` is as much a metadata address as
 * `169.254.169.254`. Anything outside IPv6 global unicast that no rule names is `reserved`.
 */
export function classifyIp(ip: ParsedIp): IpClass {
  const direct = findRange(ip);
  if (direct) return { category: direct.category, note: direct.note };
  if (ip.family === 4) return { category: 'public', note: 'public' };

  if (matchesPrefix(ip.bytes, MAPPED_PREFIX, 96)) return classifyIp(ipv4From(ip.bytes, 12));
  if (matchesPrefix(ip.bytes, ZERO, 96)) {
    // IPv4-compatible (deprecated, RFC 4291): never routed as written, so public becomes reserved.
    const inner = classifyIp(ipv4From(ip.bytes, 12));
    return inner.category === 'public'
      ? { category: 'reserved', note: 'IPv4-compatible IPv6 (deprecated)' }
      : inner;
  }
  if (matchesPrefix(ip.bytes, NAT64_PREFIX, 96)) return classifyIp(ipv4From(ip.bytes, 12));
  if (matchesPrefix(ip.bytes, SIX_TO_FOUR_PREFIX, 16)) return classifyIp(ipv4From(ip.bytes, 2));
  if (matchesPrefix(ip.bytes, GLOBAL_UNICAST_PREFIX, 3))
    return { category: 'public', note: 'public' };
  return { category: 'reserved', note: 'outside IPv6 global unicast' };
}
