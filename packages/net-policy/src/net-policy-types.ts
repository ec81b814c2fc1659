import type { AddressCategory } from './ip-ranges';

/**
 * A host:port the control plane itself uses (its PostgreSQL, its Redis). Always refused.
 * `database` narrows the entry for database connectors: tenant test databases may live on the
 * same server under other names, so a connector naming another database is not refused. A target
 * without a database (a script `fetch`, "Test connection" of a non-database URL) matches any entry.
 */
export type DenyEntry = { host: string; port?: number; database?: string | number };

export type NetPolicy = {
  /** Allow loopback and private ranges: local development and tests only, never hosted mode. */
  allowPrivateNetworks: boolean;
  deny?: readonly DenyEntry[];
};

/** What is being connected to, beyond the address itself. */
export type ConnectTarget = { port?: number; database?: string | number };

export type RefusalReason = Exclude<AddressCategory, 'public'> | 'denied' | 'unresolved';

export type AddressVerdict =
  | { allowed: true; address: string; family: 4 | 6; category: AddressCategory }
  | { allowed: false; address: string; reason: RefusalReason; message: string };

export type ResolvedAddress = { address: string; family: 4 | 6 };

/** Resolves a host name to every address it has (A and AAAA). Injected so tests stay offline. */
export type Resolver = (hostname: string) => Promise<readonly ResolvedAddress[]>;
