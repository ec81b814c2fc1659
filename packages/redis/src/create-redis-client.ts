import { Redis } from 'ioredis';

export interface RedisClientOptions {
  readonly url: string;
  /** Shown in CLIENT LIST, so an operator can tell who holds a connection. */
  readonly connectionName: string;
  /** Status changes (for a gauge and the log): true once ready, false when the link is lost. */
  readonly onReadyChange?: (ready: boolean) => void;
  readonly onError?: (error: Error) => void;
  /** Per-command ceiling. Default 500 ms. */
  readonly commandTimeoutMs?: number;
}

/**
 * The control plane's Redis client (result cache, rate limits), wrapped once with production
 * defaults, and why:
 * - enableOfflineQueue false, maxRetriesPerRequest 0: while Redis is down a command fails at once
 *   instead of queueing; every caller treats a failure as a miss or falls back, so a Redis outage
 *   costs nothing but the cache, never latency.
 * - commandTimeout 500 ms: a hung Redis (not refused, just silent) must not hold calls either.
 * - retryStrategy: reconnect by itself, quickly after a blip, at most every 2 s while down.
 * - connectTimeout 2 s: a dead address is noticed quickly.
 * - lazyConnect false: connecting starts at once, in the background; start-up never waits.
 */
export function createRedisClient(options: RedisClientOptions): Redis {
  const client = new Redis(options.url, {
    connectionName: options.connectionName,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    commandTimeout: options.commandTimeoutMs ?? 500,
    connectTimeout: 2_000,
    retryStrategy: (times) => Math.min(times * 100, 2_000),
    lazyConnect: false,
  });
  let ready = false;
  const set = (next: boolean) => {
    if (next === ready) return;
    ready = next;
    options.onReadyChange?.(next);
  };
  client.on('ready', () => set(true));
  client.on('close', () => set(false));
  client.on('end', () => set(false));
  // Without a listener ioredis prints every reconnect failure; route them to the caller's log.
  client.on('error', (error) => options.onError?.(error));
  return client;
}

/** Whether commands can be sent now (cheap: no round trip). */
export function isRedisReady(client: Redis): boolean {
  return client.status === 'ready';
}
