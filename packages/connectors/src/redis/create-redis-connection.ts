import { Redis } from 'ioredis';
import { ConnectorError, connectFailed, safeDriverMessage } from '../connector-error';
import type { DriverPool, PoolSettings, QueryResult, RedisQuery } from '../connector-types';
import type { ConnectorAddress } from '../parse-connector-url';
import { withDeadline } from '../with-deadline';
import { checkRedisCommand } from './redis-command-policy';

/**
 * One multiplexed ioredis connection per tenant Redis connector. Redis answers commands in
 * order on one connection, so a "pool" of one is the usual shape (blocking commands, which
 * would stall it, are refused by checkRedisCommand). The offline queue is off: while the server
 * is down a call fails at once instead of waiting, and ioredis reconnects by itself.
 * Resolves once connected (within connectTimeoutMs).
 */
export async function createRedisConnection(
  address: ConnectorAddress,
  pinnedHost: string,
  settings: PoolSettings,
  onError: (error: Error) => void,
): Promise<DriverPool> {
  const client = new Redis({
    host: pinnedHost,
    port: address.port,
    username: address.user,
    password: address.password,
    db: Number(address.database),
    tls: address.tls
      ? { servername: address.host, rejectUnauthorized: address.tlsVerify }
      : undefined,
    connectTimeout: settings.connectTimeoutMs,
    lazyConnect: true,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    // Reconnect quickly after a blip, never faster than every 2 s while it stays down.
    retryStrategy: (times) => Math.min(times * 100, 2_000),
    connectionName: 'toolplane-runtime',
  });
  // ioredis rejects connect() with a bare "Connection is closed"; the reason (ECONNREFUSED…)
  // arrives on 'error' first.
  let connectError: unknown;
  const onConnectError = (error: Error) => {
    connectError = error;
  };
  client.on('error', onConnectError);
  try {
    await withDeadline(client.connect(), settings.connectTimeoutMs + 500, 'Redis did not answer');
  } catch (error) {
    client.disconnect();
    throw error instanceof ConnectorError ? error : connectFailed('Redis', connectError ?? error);
  } finally {
    client.off('error', onConnectError);
  }
  client.on('error', onError);

  async function run(query: RedisQuery): Promise<QueryResult> {
    const command = checkRedisCommand(query.command, query.readOnly);
    if (client.status !== 'ready') {
      throw new ConnectorError(
        'CONNECT_FAILED',
        'could not connect to Redis: not connected (reconnecting)',
      );
    }
    try {
      const reply = await withDeadline(
        client.call(command, ...query.args),
        query.timeoutMs,
        `the Redis command took over ${query.timeoutMs} ms`,
      );
      return { rows: reply, truncated: false };
    } catch (error) {
      if (error instanceof ConnectorError) throw error;
      throw new ConnectorError('QUERY_FAILED', safeDriverMessage(error), { cause: error });
    }
  }

  return {
    type: 'redis',
    run: (query) => {
      if (query.type !== 'redis') throw new Error('not a redis query');
      return run(query);
    },
    stats: () => ({ total: client.status === 'ready' ? 1 : 0, idle: 0, waiting: 0 }),
    close: async () => {
      client.disconnect();
    },
  };
}
