import { type ParsedIp, parseIp } from './parse-ip';

/**
 * What an address is, as far as outbound connections are concerned. `public` is the only
 * category always allowed; `loopback` and `private` depend on the deployment; the rest are
 * always refused.
 */
export type AddressCategory =
  | 'public'
  | 'loopback'
  | 'private'
  | 'link-local'
  | 'metadata'
  | 'unspecified'
  | 'multicast'
  | 'reserved'
  | 'invalid';

export type IpRange = { cidr: string; category: AddressCategory; note: string };

/**
 * IPv4 ranges, most specific first (the first match wins). Sources: RFC 6890 special-purpose
 * registries, RFC 6598 (CGNAT), and the cloud providers' documented metadata endpoints.
 */
export const IPV4_RANGES: readonly IpRange[] = [
  { cidr: '169.254.169.254/32', category: 'metadata', note: 'AWS, GCP, Azure, OCI, DO metadata' },
  { cidr: '169.254.170.2/32', category: 'metadata', note: 'AWS ECS task metadata' },
  { cidr: '169.254.170.23/32', category: 'metadata', note: 'AWS EKS pod identity' },
  { cidr: '100.100.100.200/32', category: 'metadata', note: 'Alibaba Cloud metadata' },
  { cidr: '192.0.0.192/32', category: 'metadata', note: 'Oracle Cloud metadata' },
  { cidr: '0.0.0.0/8', category: 'unspecified', note: '"this network"' },
  { cidr: '127.0.0.0/8', category: 'loopback', note: 'loopback' },
  { cidr: '169.254.0.0/16', category: 'link-local', note: 'link-local' },
  { cidr: '10.0.0.0/8', category: 'private', note: 'RFC 1918' },
  { cidr: '172.16.0.0/12', category: 'private', note: 'RFC 1918' },
  { cidr: '192.168.0.0/16', category: 'private', note: 'RFC 1918' },
  { cidr: '100.64.0.0/10', category: 'private', note: 'carrier-grade NAT (RFC 6598)' },
  { cidr: '198.18.0.0/15', category: 'private', note: 'benchmarking (RFC 2544)' },
  { cidr: '192.0.0.0/24', category: 'reserved', note: 'IETF protocol assignments' },
  { cidr: '192.0.2.0/24', category: 'reserved', note: 'documentation' },
  { cidr: '198.51.100.0/24', category: 'reserved', note: 'documentation' },
  { cidr: '203.0.113.0/24', category: 'reserved', note: 'documentation' },
  { cidr: '192.88.99.0/24', category: 'reserved', note: '6to4 relay anycast' },
  { cidr: '224.0.0.0/4', category: 'multicast', note: 'multicast' },
  { cidr: '240.0.0.0/4', category: 'reserved', note: 'reserved and broadcast' },
];

/**
 * IPv6 ranges whose category does not depend on an embedded IPv4 address. Ranges that embed one
 * (IPv4-mapped, IPv4-compatible, NAT64, 6to4) are handled in `classifyIp`.
 */
export const IPV6_RANGES: readonly IpRange[] = [
  { cidr: 'fd00:ec2::254/128', category: 'metadata', note: 'AWS metadata (IPv6)' },
  { cidr: 'fd00:ec2::23/128', category: 'metadata', note: 'AWS EKS pod identity (IPv6)' },
  { cidr: '::/128', category: 'unspecified', note: 'unspecified' },
  { cidr: '::1/128', category: 'loopback', note: 'loopback' },
  { cidr: '64:ff9b:1::/48', category: 'private', note: 'local-use NAT64' },
  { cidr: '100::/64', category: 'reserved', note: 'discard-only' },
  { cidr: '2001::/32', category: 'reserved', note: 'Teredo tunnelling' },
  { cidr: '2001:10::/28', category: 'reserved', note: 'ORCHID' },
  { cidr: '2001:db8::/32', category: 'reserved', note: 'documentation' },
  { cidr: 'fe80::/10', category: 'link-local', note: 'link-local' },
  { cidr: 'fec0::/10', category: 'private', note: 'site-local (deprecated)' },
  { cidr: 'fc00::/7', category: 'private', note: 'unique local' },
  { cidr: 'ff00::/8', category: 'multicast', note: 'multicast' },
];

type CompiledRange = { family: 4 | 6; bytes: Uint8Array; prefix: number; range: IpRange };

function compile(range: IpRange): CompiledRange {
  const [address, prefix] = range.cidr.split('/');
  const parsed = parseIp(address!);
  if (!parsed) throw new Error(`bad CIDR in table: ${range.cidr}`);
  return { family: parsed.family, bytes: parsed.bytes, prefix: Number(prefix), range };
}

const COMPILED_V4 = IPV4_RANGES.map(compile);
const COMPILED_V6 = IPV6_RANGES.map(compile);

/** Whether the first `prefix` bits of `bytes` equal those of `base`. */
export function matchesPrefix(bytes: Uint8Array, base: Uint8Array, prefix: number): boolean {
  const whole = prefix >> 3;
  for (let i = 0; i < whole; i++) if (bytes[i] !== base[i]) return false;
  const rest = prefix & 7;
  if (rest === 0) return true;
  const mask = (0xff << (8 - rest)) & 0xff;
  return (bytes[whole]! & mask) === (base[whole]! & mask);
}

export function findRange(ip: ParsedIp): IpRange | undefined {
  const table = ip.family === 4 ? COMPILED_V4 : COMPILED_V6;
  return table.find((entry) => matchesPrefix(ip.bytes, entry.bytes, entry.prefix))?.range;
}
