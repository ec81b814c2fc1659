import { checkAddress } from './check-address';
import { normalizeIp } from './classify-ip';
import type {
  ConnectTarget,
  NetPolicy,
  RefusalReason,
  ResolvedAddress,
  Resolver,
} from './net-policy-types';
import { formatIp } from './parse-ip';

/**
 * Host names that name a metadata service on some cloud, refused before any lookup: a resolver
 * inside that cloud would answer with the metadata address, which is refused anyway, but a name
 * refusal does not depend on the resolver telling the truth.
 */
export const METADATA_HOSTNAMES: readonly string[] = [
  'metadata',
  'metadata.google.internal',
  'metadata.goog',
  'metadata.azure.internal',
  'instance-data',
  'instance-data.ec2.internal',
];

export type ResolveAndCheckOptions = NetPolicy & ConnectTarget & { resolver: Resolver };

export type ResolveAndCheckResult =
  | { allowed: true; hostname: string; addresses: ResolvedAddress[] }
  | { allowed: false; hostname: string; reason: RefusalReason; message: string };

/** Lower case, no trailing dot, no IPv6 brackets. */
export function normalizeHostname(hostname: string): string {
  let name = hostname.trim().toLowerCase();
  if (name.startsWith('[') && name.endsWith(']')) name = name.slice(1, -1);
  return name.endsWith('.') ? name.slice(0, -1) : name;
}

/**
 * Resolves a host once and checks every address it resolves to: one refused address refuses the
 * host, so a name that answers with both a public and a private address cannot be used to reach
 * the private one. Callers must connect only to the returned addresses (pin them), never resolve
 * the name again: a second lookup is where DNS rebinding happens.
 */
export async function resolveAndCheck(
  hostname: string,
  port: number,
  options: ResolveAndCheckOptions,
): Promise<ResolveAndCheckResult> {
  const name = normalizeHostname(hostname);
  const target: ConnectTarget = { port, database: options.database };
  const refuse = (reason: RefusalReason, message: string): ResolveAndCheckResult => ({
    allowed: false,
    hostname: name,
    reason,
    message,
  });

  const literal = normalizeIp(name);
  if (literal) {
    const verdict = checkAddress(name, options, target);
    if (!verdict.allowed) return refuse(verdict.reason, verdict.message);
    return {
      allowed: true,
      hostname: name,
      addresses: [{ address: verdict.address, family: verdict.family }],
    };
  }

  if (name === '' || METADATA_HOSTNAMES.includes(name)) {
    return refuse('metadata', `${name || 'an empty host'} is a cloud metadata host`);
  }
  for (const entry of options.deny ?? []) {
    const portMatches = entry.port === undefined || entry.port === port;
    const databaseMatches =
      entry.database === undefined ||
      options.database === undefined ||
      String(entry.database) === String(options.database);
    if (portMatches && databaseMatches && normalizeHostname(entry.host) === name) {
      return refuse('denied', `${name} is reserved for the control plane's own services`);
    }
  }

  let resolved: readonly ResolvedAddress[];
  try {
    resolved = await options.resolver(name);
  } catch {
    return refuse('unresolved', `could not resolve ${name}`);
  }
  if (resolved.length === 0) return refuse('unresolved', `could not resolve ${name}`);

  const addresses: ResolvedAddress[] = [];
  for (const { address } of resolved) {
    const verdict = checkAddress(address, options, target);
    if (!verdict.allowed) {
      // The address itself is left out: it would tell a tenant about internal DNS.
      const what = verdict.message.replace(/^\S+ is /, '');
      return refuse(verdict.reason, `${name} resolves to ${what}`);
    }
    addresses.push({ address: verdict.address, family: verdict.family });
  }
  return { allowed: true, hostname: name, addresses };
}

/** Re-exported for callers that print an address they checked. */
export function canonicalIp(text: string): string | null {
  const ip = normalizeIp(text);
  return ip ? formatIp(ip) : null;
}
