// @toolplane/redis — the control plane's Redis client with production defaults.
export type { Redis } from 'ioredis';
export { createRedisClient, isRedisReady, type RedisClientOptions } from './create-redis-client';
