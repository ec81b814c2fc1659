export { checkAddress, denyEntryMatches } from './check-address';
export { classifyIp, type IpClass, normalizeIp } from './classify-ip';
export { type AddressCategory, IPV4_RANGES, IPV6_RANGES, type IpRange } from './ip-ranges';
export type {
  AddressVerdict,
  ConnectTarget,
  DenyEntry,
  NetPolicy,
  RefusalReason,
  ResolvedAddress,
  Resolver,
} from './net-policy-types';
export { formatIp, type ParsedIp, parseIp } from './parse-ip';
export {
  canonicalIp,
  METADATA_HOSTNAMES,
  normalizeHostname,
  type ResolveAndCheckOptions,
  type ResolveAndCheckResult,
  resolveAndCheck,
} from './resolve-and-check';
