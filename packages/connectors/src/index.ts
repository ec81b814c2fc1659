// @toolplane/connectors — tenant database connections (pg, mysql2, ioredis) behind the outbound
// address policy: the runtime's pools and the dashboard's "Test connection".
export { checkConnectorAddress } from './check-connector-address';
export { ConnectorError, type ConnectorErrorCode } from './connector-error';
export type {
  ConnectorConfig,
  ConnectorKind,
  ConnectorNetworkPolicy,
  ConnectorQuery,
  PoolSettings,
  PoolStats,
  QueryResult,
  RedisQuery,
  SqlQuery,
} from './connector-types';
export {
  type ConnectorPoolStats,
  type ConnectorPools,
  type ConnectorPoolsOptions,
  createConnectorPools,
  type PoolTarget,
} from './create-connector-pools';
export { type ConnectorAddress, parseConnectorUrl } from './parse-connector-url';
export { checkRedisCommand } from './redis/redis-command-policy';
export { type TestConnectionResult, testConnection } from './test-connection';
