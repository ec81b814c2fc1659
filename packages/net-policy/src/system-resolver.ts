import { lookup } from 'node:dns/promises';
import type { ResolvedAddress, Resolver } from './net-policy-types';

/**
 * The operating system's resolver (getaddrinfo, as `net.connect` would use), asked for every
 * address. Kept out of the main entry point so the policy itself stays free of `node:*`.
 */
export const systemResolver: Resolver = async (hostname) => {
  const results = await lookup(hostname, { all: true, verbatim: true });
  return results.map(
    (entry): ResolvedAddress => ({ address: entry.address, family: entry.family === 6 ? 6 : 4 }),
  );
};
