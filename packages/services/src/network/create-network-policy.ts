import type { ConnectorNetworkPolicy } from '@toolplane/connectors';
import type { DenyEntry } from '@toolplane/net-policy';

/**
 * The outbound policy for "Test connection": private ranges per deployment setting, and the
 * control plane's own PostgreSQL (same host, port and database) and Redis always refused. Host
 * names are compared as written here and by address in the policy's resolver.
 */
export function createNetworkPolicy(options: {
  allowPrivateNetworks: boolean;
  databaseUrl: string;
  redisUrl?: string | undefined;
}): ConnectorNetworkPolicy {
  const deny: DenyEntry[] = [];
  const db = new URL(options.databaseUrl);
  deny.push({
    host: db.hostname.replace(/^\[|\]$/g, ''),
    port: db.port === '' ? 5432 : Number(db.port),
    database: decodeURIComponent(db.pathname.replace(/^\//, '')) || 'postgres',
  });
  if (options.redisUrl) {
    const redis = new URL(options.redisUrl);
    deny.push({
      host: redis.hostname.replace(/^\[|\]$/g, ''),
      port: redis.port === '' ? 6379 : Number(redis.port),
      database: Number(redis.pathname.replace(/^\//, '') || 0),
    });
  }
  return { allowPrivateNetworks: options.allowPrivateNetworks, deny };
}
