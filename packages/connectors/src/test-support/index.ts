// Fixtures for tests that need tenant databases and a Redis server of their own.
export {
  createTenantMysql,
  createTenantPostgres,
  type TenantDatabase,
} from './create-tenant-database';
export { freePort } from './free-port';
export { type RedisServer, startRedisServer } from './start-redis-server';
