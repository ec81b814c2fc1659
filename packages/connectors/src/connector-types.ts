import type { DenyEntry, Resolver } from '@toolplane/net-policy';

export type ConnectorKind = 'postgres' | 'mysql' | 'redis';

/** What a pool is opened from: the decrypted URL and the connector's driver options. */
export interface ConnectorConfig {
  readonly type: ConnectorKind;
  /** Plaintext connection URL: for opening the pool only, never logged or returned. */
  readonly url: string;
  readonly options?: Readonly<Record<string, unknown>>;
}

/** The outbound address policy every connector address passes (DESIGN §4). */
export interface ConnectorNetworkPolicy {
  /** Loopback and private ranges: local development and tests only. */
  readonly allowPrivateNetworks: boolean;
  /** The control plane's own database (host, port, database name) and Redis (host, port, index). */
  readonly deny: readonly DenyEntry[];
  /** Injected by tests; default the system resolver. */
  readonly resolver?: Resolver;
}

export interface PoolSettings {
  /** Connections per workspace+connector (Redis: one multiplexed connection). */
  readonly maxConnections: number;
  /** Opening a connection, and waiting for a free one. */
  readonly connectTimeoutMs: number;
  /** A pooled connection unused this long is closed. */
  readonly connectionIdleMs: number;
}

export interface SqlQuery {
  readonly type: 'postgres' | 'mysql';
  /** `$n` (Postgres) or `?` (MySQL) placeholders; values only in `params`. */
  readonly text: string;
  readonly params: readonly (string | number | boolean | null)[];
  readonly readOnly: boolean;
  /** At most this many rows come back; `truncated` says more existed. */
  readonly maxRows: number | undefined;
  readonly timeoutMs: number;
}

export interface RedisQuery {
  readonly type: 'redis';
  readonly command: string;
  readonly args: readonly string[];
  /** Only commands Redis flags `readonly` are allowed. */
  readonly readOnly: boolean;
  readonly timeoutMs: number;
}

export type ConnectorQuery = SqlQuery | RedisQuery;

export interface QueryResult {
  /** SQL: row objects. Redis: the reply. */
  readonly rows: unknown;
  readonly truncated: boolean;
}

export interface PoolStats {
  readonly total: number;
  readonly idle: number;
  readonly waiting: number;
}

/** One open pool (or Redis connection) of one connector. */
export interface DriverPool {
  readonly type: ConnectorKind;
  run(query: ConnectorQuery): Promise<QueryResult>;
  stats(): PoolStats;
  close(): Promise<void>;
}
