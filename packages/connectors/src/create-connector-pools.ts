import { ConnectorError } from './connector-error';
import type {
  ConnectorConfig,
  ConnectorKind,
  ConnectorNetworkPolicy,
  ConnectorQuery,
  DriverPool,
  PoolSettings,
  QueryResult,
} from './connector-types';
import { openDriverPool } from './open-driver-pool';

/** Which pool a call uses, and how to open it when it is not open yet. */
export interface PoolTarget {
  /** Unique per workspace+connector, e.g. `ws_…:con_…`. */
  readonly key: string;
  /** Changes whenever the connector's URL or options may have changed: a new pool is opened. */
  readonly version: string;
  /** Decrypts the credentials: called only when a pool is opened. */
  load(): Promise<ConnectorConfig>;
}

export interface ConnectorPoolsOptions {
  readonly policy: ConnectorNetworkPolicy;
  /** Defaults: 5 connections, 5 s connect timeout, connections idle 30 s. */
  readonly settings?: Partial<PoolSettings>;
  /** A pool unused this long is closed (default 5 minutes). */
  readonly poolIdleMs?: number;
  /** Errors on idle connections and pool shutdowns: for the log, never for callers. */
  readonly onBackgroundError?: (error: Error, key: string) => void;
}

export interface ConnectorPoolStats {
  readonly pools: number;
  readonly byType: Record<
    ConnectorKind,
    { pools: number; connections: number; idle: number; waiting: number }
  >;
}

export interface ConnectorPools {
  run(target: PoolTarget, query: ConnectorQuery): Promise<QueryResult>;
  /** Closes the pool of one key (the connector changed or was deleted). */
  drop(key: string): Promise<void>;
  /** Closes every pool whose key starts with `prefix` (a workspace). */
  dropPrefix(prefix: string): Promise<void>;
  stats(): ConnectorPoolStats;
  /** Closes every pool; later calls fail with CLOSED. */
  close(): Promise<void>;
}

interface Entry {
  version: string;
  pool: Promise<DriverPool>;
  lastUsed: number;
  inFlight: number;
  /** Set once the pool is open. */
  opened: DriverPool | undefined;
}

const DEFAULTS: PoolSettings = {
  // Five per workspace+connector per replica (the default): enough for concurrent
  // agent calls on one workspace, small enough that many tenants on one replica do not exhaust
  // their databases' connection limits.
  maxConnections: 5,
  // Fails a call on an unreachable database in seconds, not the OS's minutes.
  connectTimeoutMs: 5_000,
  // Keeps connections warm between an agent's calls, releases them after a burst.
  connectionIdleMs: 30_000,
};

/**
 * One bounded pool per workspace+connector per process, opened on first use, replaced when the
 * connector's version changes and closed when idle. A failed open is not cached: the next call
 * tries again (a closed port fails at once; an unreachable host after connectTimeoutMs).
 * Pools are independent, so a tenant whose database is down never slows another tenant.
 */
export function createConnectorPools(options: ConnectorPoolsOptions): ConnectorPools {
  const settings: PoolSettings = { ...DEFAULTS, ...options.settings };
  const poolIdleMs = options.poolIdleMs ?? 5 * 60_000;
  const entries = new Map<string, Entry>();
  let closed = false;

  const background = (key: string) => (error: Error) => options.onBackgroundError?.(error, key);

  function retire(key: string, entry: Entry): Promise<void> {
    if (entries.get(key) === entry) entries.delete(key);
    return entry.pool.then(
      (pool) => pool.close().catch(background(key)),
      () => {},
    );
  }

  const sweeper = setInterval(
    () => {
      const now = Date.now();
      for (const [key, entry] of entries) {
        if (entry.inFlight === 0 && now - entry.lastUsed > poolIdleMs) void retire(key, entry);
      }
    },
    Math.min(poolIdleMs, 30_000),
  );
  sweeper.unref();

  function open(target: PoolTarget): Entry {
    const entry: Entry = {
      version: target.version,
      lastUsed: Date.now(),
      inFlight: 0,
      opened: undefined,
      pool: Promise.resolve(undefined as unknown as DriverPool),
    };
    entry.pool = (async () => {
      const config = await target.load();
      const pool = await openDriverPool(config, options.policy, settings, background(target.key));
      entry.opened = pool;
      return pool;
    })();
    entry.pool.catch(() => {
      if (entries.get(target.key) === entry) entries.delete(target.key);
    });
    entries.set(target.key, entry);
    return entry;
  }

  return {
    async run(target, query) {
      if (closed) throw new ConnectorError('CLOSED', 'the runtime is shutting down');
      let entry = entries.get(target.key);
      if (entry && entry.version !== target.version) {
        void retire(target.key, entry);
        entry = undefined;
      }
      entry ??= open(target);
      entry.inFlight++;
      entry.lastUsed = Date.now();
      try {
        // An open pool is used as is: no await of its (long settled) opening per call.
        const pool = entry.opened ?? (await entry.pool);
        return await pool.run(query);
      } finally {
        entry.inFlight--;
        entry.lastUsed = Date.now();
      }
    },
    async drop(key) {
      const entry = entries.get(key);
      if (entry) await retire(key, entry);
    },
    async dropPrefix(prefix) {
      await Promise.all(
        [...entries]
          .filter(([key]) => key.startsWith(prefix))
          .map(([key, entry]) => retire(key, entry)),
      );
    },
    stats() {
      const byType: ConnectorPoolStats['byType'] = {
        postgres: { pools: 0, connections: 0, idle: 0, waiting: 0 },
        mysql: { pools: 0, connections: 0, idle: 0, waiting: 0 },
        redis: { pools: 0, connections: 0, idle: 0, waiting: 0 },
      };
      let pools = 0;
      for (const entry of entries.values()) {
        if (entry.opened === undefined) continue;
        pools++;
        const into = byType[entry.opened.type];
        const s = entry.opened.stats();
        into.pools++;
        into.connections += s.total;
        into.idle += s.idle;
        into.waiting += s.waiting;
      }
      return { pools, byType };
    },
    async close() {
      closed = true;
      clearInterval(sweeper);
      await Promise.all([...entries].map(([key, entry]) => retire(key, entry)));
    },
  };
}
