import { classifyIp, normalizeIp } from './classify-ip';
import type { AddressVerdict, ConnectTarget, DenyEntry, NetPolicy } from './net-policy-types';
import type { ParsedIp } from './parse-ip';
import { formatIp } from './parse-ip';

const DESCRIPTIONS = {
  loopback: 'a loopback address',
  private: 'a private network address',
  'link-local': 'a link-local address',
  metadata: 'a cloud metadata address',
  unspecified: 'an unspecified ("this network") address',
  multicast: 'a multicast address',
  reserved: 'a reserved address',
  invalid: 'not a valid address',
} as const;

function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  return a.length === b.length && a.every((byte, i) => byte === b[i]);
}

function isLoopbackName(host: string): boolean {
  const name = host.toLowerCase().replace(/\.$/, '');
  return name === 'localhost' || name.endsWith('.localhost');
}

/**
 * Whether a deny entry covers this address. An entry on any loopback address (or `localhost`)
 * covers the whole loopback range: a server bound to 0.0.0.0 answers on 127.0.0.2 and ::1 too.
 */
export function denyEntryMatches(entry: DenyEntry, ip: ParsedIp, target: ConnectTarget): boolean {
  if (entry.port !== undefined && target.port !== undefined && entry.port !== target.port) {
    return false;
  }
  if (
    entry.database !== undefined &&
    target.database !== undefined &&
    String(entry.database) !== String(target.database)
  ) {
    return false;
  }
  const ipClass = classifyIp(ip).category;
  if (isLoopbackName(entry.host)) return ipClass === 'loopback';
  const entryIp = normalizeIp(entry.host);
  if (!entryIp) return false;
  if (classifyIp(entryIp).category === 'loopback' && ipClass === 'loopback') return true;
  return sameBytes(entryIp.bytes, ip.bytes);
}

/**
 * The outbound address policy (DESIGN §4), for one resolved address. Link-local, metadata,
 * unspecified, multicast and reserved addresses are always refused, as is anything on the deny
 * list; loopback and private ranges only when `allowPrivateNetworks` is off. Unparseable input
 * is refused: the policy fails closed.
 */
export function checkAddress(
  address: string,
  policy: NetPolicy,
  target: ConnectTarget = {},
): AddressVerdict {
  const ip = normalizeIp(address);
  if (!ip) {
    return {
      allowed: false,
      address,
      reason: 'invalid',
      message: `'${address}' is not an IP address`,
    };
  }
  const text = formatIp(ip);
  const { category } = classifyIp(ip);

  for (const entry of policy.deny ?? []) {
    if (denyEntryMatches(entry, ip, target)) {
      return {
        allowed: false,
        address: text,
        reason: 'denied',
        message: `${text} is reserved for the control plane's own services`,
      };
    }
  }
  if (category === 'public') return { allowed: true, address: text, family: ip.family, category };
  if ((category === 'loopback' || category === 'private') && policy.allowPrivateNetworks) {
    return { allowed: true, address: text, family: ip.family, category };
  }
  const suffix =
    category === 'loopback' || category === 'private'
      ? ' (refused unless private networks are allowed)'
      : '';
  return {
    allowed: false,
    address: text,
    reason: category,
    message: `${text} is ${DESCRIPTIONS[category]}${suffix}`,
  };
}
