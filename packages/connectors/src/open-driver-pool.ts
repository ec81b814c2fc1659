import { checkConnectorAddress } from './check-connector-address';
import type {
  ConnectorConfig,
  ConnectorNetworkPolicy,
  DriverPool,
  PoolSettings,
} from './connector-types';
import { createMysqlPool } from './mysql/create-mysql-pool';
import { parseConnectorUrl } from './parse-connector-url';
import { createPostgresPool } from './postgres/create-postgres-pool';
import { createRedisConnection } from './redis/create-redis-connection';

/**
 * Parses the URL, passes its address through the network policy, and opens the driver's pool
 * on the pinned address. SQL pools connect lazily (on the first query); Redis connects now.
 */
export async function openDriverPool(
  config: ConnectorConfig,
  policy: ConnectorNetworkPolicy,
  settings: PoolSettings,
  onError: (error: Error) => void,
): Promise<DriverPool> {
  const address = parseConnectorUrl(config.type, config.url);
  const pinned = await checkConnectorAddress(address, policy);
  const maxConnections = poolSize(config.options, settings.maxConnections);
  const effective = { ...settings, maxConnections };
  switch (config.type) {
    case 'postgres':
      return createPostgresPool(address, pinned, effective, onError);
    case 'mysql':
      return createMysqlPool(address, pinned, effective, onError);
    case 'redis':
      return createRedisConnection(address, pinned, effective, onError);
  }
}

/** `options.poolSize` from the connector, within 1..the replica's ceiling. */
function poolSize(options: ConnectorConfig['options'], ceiling: number): number {
  const wanted = options?.poolSize;
  if (typeof wanted !== 'number' || !Number.isInteger(wanted) || wanted < 1) return ceiling;
  return Math.min(wanted, ceiling);
}
